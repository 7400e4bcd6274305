import { storedValue } from "@/lib/storage";

/** docs/data.md ("Cookie choice"): essential is always true; analytics and functionality are the user's choice. */
export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  functionality: boolean;
}

const COOKIE_CONSENT_KEY = "lifegraph.cookieConsent";
const BETA_KEY = "lifegraph.betaAcknowledged";

function parsePreferences(raw: string | null): CookiePreferences | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { analytics, functionality } = value as Record<string, unknown>;
    if (typeof analytics !== "boolean" || typeof functionality !== "boolean") return null;
    return { essential: true, analytics, functionality };
  } catch {
    return null;
  }
}

/** The stored cookie choice; null until the user has answered the banner. */
export const cookiePreferences = storedValue<CookiePreferences | null>(
  COOKIE_CONSENT_KEY,
  parsePreferences,
  (value) => (value ? JSON.stringify({ ...value, essential: true }) : null),
);

export const acceptAllCookies: CookiePreferences = { essential: true, analytics: true, functionality: true };
export const essentialCookiesOnly: CookiePreferences = { essential: true, analytics: false, functionality: false };

/** Whether the beta notice was acknowledged on this device. */
export const betaAcknowledged = storedValue<boolean>(
  BETA_KEY,
  (raw) => raw === "true",
  (value) => (value ? "true" : null),
);
