import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, unwrap } from "@/lib/api/client";
import type { ConsentRequest, User } from "@/lib/api/types";
import { authKeys } from "./keys";

/** Both consents must be given (docs/rules.md "Consents"): data processing, and the terms including age 16+. */
export const consentSchema = z.object({
  dataProcessing: z.boolean().refine((value) => value, { message: "consentRequired" }),
  terms: z.boolean().refine((value) => value, { message: "consentRequired" }),
});

export type ConsentForm = z.infer<typeof consentSchema>;

/** POST /api/auth/consent. */
export function giveConsent(body: ConsentRequest): Promise<User> {
  return unwrap(api.POST("/api/auth/consent", { body }));
}

export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveConsent,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
