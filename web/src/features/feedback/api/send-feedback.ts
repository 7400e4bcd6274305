import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { FeedbackRequest } from "@/lib/api/types";

/**
 * POST /api/feedback (docs/api.md "Feedback and administration"): from visitors (with a name and an
 * e-mail) and from signed-in writers (known by their account). Any non-OK answer is a failure; the
 * server limits sendings per address (429 `rate_limited`).
 */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackRequest) => unwrap(api.POST("/api/feedback", { body })),
  });
}
