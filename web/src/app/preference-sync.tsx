import { useEffect, useRef } from "react";
import type { User } from "@/lib/api/types";
import { changeLanguage, currentLanguage, isLanguage } from "@/lib/i18n";
import { chosenTheme, isTheme } from "@/lib/theme";

/**
 * On sign-in, the language and theme saved to the user (when set) win over this device's choice.
 * Applied once per signed-in user, so later local changes are not undone by a refetch.
 */
export function PreferenceSync({ user }: { user: User }) {
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    if (appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (isLanguage(user.language) && user.language !== currentLanguage()) void changeLanguage(user.language);
    if (isTheme(user.theme) && user.theme !== chosenTheme.get()) chosenTheme.set(user.theme);
  }, [user]);
  return null;
}
