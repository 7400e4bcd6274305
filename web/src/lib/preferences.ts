import { useCallback } from "react";
import type { Language, Theme, UpdateUserRequest } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useUpdateUser } from "@/lib/auth/update-user";
import { changeLanguage } from "@/lib/i18n";
import { chosenTheme } from "@/lib/theme";

/**
 * Saves a preference to the signed-in user. docs/rules.md ("Users"): a failure is a console
 * warning only, since the choice is already applied and kept on this device.
 */
function useSaveToUser() {
  const { data: user } = useCurrentUser();
  const { mutate } = useUpdateUser();
  const signedIn = Boolean(user);
  return useCallback(
    (body: UpdateUserRequest) => {
      if (!signedIn) return;
      mutate(body, {
        onError: (error) => console.warn("Could not save the preference to your account", error),
      });
    },
    [signedIn, mutate],
  );
}

export function useSetTheme() {
  const save = useSaveToUser();
  return useCallback(
    (theme: Theme) => {
      chosenTheme.set(theme);
      save({ theme });
    },
    [save],
  );
}

export function useSetLanguage() {
  const save = useSaveToUser();
  return useCallback(
    (language: Language) => {
      void changeLanguage(language);
      save({ language });
    },
    [save],
  );
}
