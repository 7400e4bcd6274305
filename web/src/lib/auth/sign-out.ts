import { hashKey, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { api, unwrap } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { navigateTo } from "@/lib/redirect";
import { authKeys } from "./keys";

/** POST /api/logout: ends the session and clears its cookie (204, also when no one was signed in). */
export function logout(): Promise<void> {
  return unwrap(api.POST("/api/logout")).then(() => undefined);
}

/**
 * Empties the query cache of everything the signed-in user saw. The user query is set to null
 * rather than removed: its observer (the session routes) hears of it and swaps the signed-in
 * screens for the signed-out ones at once, instead of signed-in components re-rendering over an
 * empty cache. Mutations go too (their variables are what the user typed). Also used once an
 * account is deleted.
 */
export function forgetSignedInData(queryClient: QueryClient) {
  queryClient.setQueryData(authKeys.user(), null);
  const userHash = hashKey(authKeys.user());
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== userHash });
  queryClient.getMutationCache().clear();
}

/**
 * Sign out, for the user menu and the consent screen: POST /api/logout through the API client
 * (same-origin fetch, as the server requires of every change), then forget the cache and leave
 * with a full navigation to /, so nothing of the signed-in app stays in memory. On failure a toast
 * says why and the user stays where they are.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetSignedInData(queryClient);
      navigateTo("/");
    },
    onError: (error) => toast.error(t("common.signOutFailed"), { description: errorMessage(error, t) }),
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}
