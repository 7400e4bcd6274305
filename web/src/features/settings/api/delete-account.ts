import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { forgetSignedInData } from "@/lib/auth/sign-out";
import { navigateTo } from "@/lib/redirect";

/** docs/constants.md: after an account is deleted, the app goes to / after 2 s. */
export const DELETION_REDIRECT_MS = 2_000;

/** DELETE /api/users/{id}: the account and everything of it; the server also ends the session (204). */
export function deleteAccount(userId: number): Promise<void> {
  return unwrap(api.DELETE("/api/users/{id}", { params: { path: { id: userId } } })).then(() => undefined);
}

/**
 * Forgets everything cached for the deleted user (the user becomes null, every other answer and
 * every mutation's variables go) and reloads the app at /, signed out.
 */
export function leaveDeletedAccount(queryClient: QueryClient) {
  forgetSignedInData(queryClient);
  navigateTo("/");
}

/**
 * Deletes the account. On success the queries stop, and 2 s later (time to read the toast) the
 * app forgets the user and goes to /. The timer is not tied to a component: whatever unmounts
 * meanwhile, the app still leaves.
 */
export function useDeleteAccount(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      window.setTimeout(() => leaveDeletedAccount(queryClient), DELETION_REDIRECT_MS);
    },
  });
}
