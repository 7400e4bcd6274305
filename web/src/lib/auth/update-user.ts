import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { UpdateUserRequest, User } from "@/lib/api/types";
import { authKeys } from "./keys";

/** PATCH /api/auth/user. */
export function updateUser(body: UpdateUserRequest): Promise<User> {
  return apiRequest<User>("/api/auth/user", { method: "PATCH", body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
