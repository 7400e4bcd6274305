import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, unwrap } from "@/lib/api/client";
import type { UpdateUserRequest, User } from "@/lib/api/types";
import { authKeys } from "./keys";

/** The body of PATCH /api/auth/user: every field optional; null clears first name or gender. */
export const updateUserSchema = z
  .object({
    firstName: z.string().trim().max(100).nullable(),
    gender: z.enum(["male", "female", "non-binary", "other", "prefer-not-to-say"]).nullable(),
    language: z.enum(["en", "fr"]),
    theme: z.enum(["light", "dark"]),
  })
  .partial()
  .strict();

/** PATCH /api/auth/user. */
export async function updateUser(body: UpdateUserRequest): Promise<User> {
  return unwrap(api.PATCH("/api/auth/user", { body: updateUserSchema.parse(body) }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
