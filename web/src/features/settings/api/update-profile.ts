import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { ProfileRequest, User } from "@/lib/api/types";
import { authKeys } from "@/lib/auth/keys";

/** PATCH /api/users/{id}: always the signed-in user's own id (the server refuses any other). */
export function updateProfile(userId: number, body: ProfileRequest): Promise<User> {
  return unwrap(api.PATCH("/api/users/{id}", { params: { path: { id: userId } }, body }));
}

/**
 * Saves the profile; the answer replaces the current user in the cache, so the shell's name and
 * initial (user menu) follow at once.
 */
export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileRequest) => updateProfile(userId, body),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
