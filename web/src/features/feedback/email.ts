/**
 * A plausible e-mail address, as the server checks it (docs/rules.md "Feedback"): something, one
 * `@`, a dotted domain that neither starts nor ends with a dot, no spaces.
 */
export function plausibleEmail(email: string): boolean {
  if (/\s/.test(email)) return false;
  const at = email.indexOf("@");
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return !domain.includes("@") && domain.includes(".") && !domain.startsWith(".") && !domain.endsWith(".");
}
