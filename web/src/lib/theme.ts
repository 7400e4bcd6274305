import { useSyncExternalStore } from "react";
import type { Theme } from "@/lib/api/types";
import { storedValue } from "@/lib/storage";

const THEME_KEY = "lifegraph.theme";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The theme the user chose, or null to follow the system preference (docs/rules.md "Users"). */
export const chosenTheme = storedValue<Theme | null>(
  THEME_KEY,
  (raw) => (isTheme(raw) ? raw : null),
  (value) => value,
);

const darkQuery = "(prefers-color-scheme: dark)";

function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(darkQuery).matches ? "dark" : "light";
}

export function currentTheme(): Theme {
  return chosenTheme.get() ?? systemTheme();
}

/** Puts the Tailwind `dark` class on <html> and tells the browser which scheme its controls use. */
export function applyTheme(theme: Theme = currentTheme()): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

function subscribe(listener: () => void) {
  const unsubscribe = chosenTheme.subscribe(listener);
  const media = typeof window.matchMedia === "function" ? window.matchMedia(darkQuery) : null;
  media?.addEventListener("change", listener);
  return () => {
    unsubscribe();
    media?.removeEventListener("change", listener);
  };
}

/** The theme in effect, following local choice then the system preference. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, currentTheme);
}

/** Keeps <html> in step with the chosen theme and the system preference; returns the unsubscribe. */
export function watchTheme(): () => void {
  applyTheme();
  return subscribe(() => applyTheme());
}
