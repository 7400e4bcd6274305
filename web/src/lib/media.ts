import { useSyncExternalStore } from "react";

/** docs/constants.md: below 768 px the app uses the mobile layout. */
export const DESKTOP_QUERY = "(min-width: 768px)";

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/** Whether a media query matches, updated when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const media = window.matchMedia(query);
      media.addEventListener("change", listener);
      return () => media.removeEventListener("change", listener);
    },
    () => matches(query),
    () => false,
  );
}

/** Calls `listener` each time the query starts to match. */
export function onMediaMatch(query: string, listener: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const media = window.matchMedia(query);
  const onChange = (event: MediaQueryListEvent) => {
    if (event.matches) listener();
  };
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}
