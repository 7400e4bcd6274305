import { useSearchParams } from "react-router";

/**
 * The `redirect` query parameter, accepted only as a path on this site: it must start with a
 * single '/', so '//evil.example' or 'https://…' cannot send a user elsewhere.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** Where a sign-in button goes: /api/login, keeping a safe redirect and asking for consent if needed. */
export function loginUrl(options: { redirect?: string | null; consent?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.consent) params.set("consent", "1");
  const redirect = safeRedirect(options.redirect);
  if (redirect) params.set("redirect", redirect);
  const query = params.toString();
  return query ? `/api/login?${query}` : "/api/login";
}

/** Full-page navigation, for the server's sign-in and sign-out endpoints. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

/** The safe `redirect` query parameter of the current address, if any. */
export function useRedirectParam(): string | null {
  const [searchParams] = useSearchParams();
  return safeRedirect(searchParams.get("redirect"));
}
