import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { FeedbackItem, FeedbackStatus } from "@/lib/api/types";

/**
 * Query keys of the administrator's page (docs/api.md "Feedback and administration"). Every read is
 * recorded in the server's access log, so these use the defaults (fresh 5 minutes, no refetch on focus).
 */
export const adminKeys = {
  all: ["admin"] as const,
  stats: () => [...adminKeys.all, "stats"] as const,
  feedback: () => [...adminKeys.all, "feedback"] as const,
};

/** GET /api/admin/stats: the system metrics (403 `forbidden` for anyone but the administrator). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/admin/stats", { signal })),
  });
}

/** GET /api/admin/feedback: every feedback, newest first. */
export function useAdminFeedback() {
  return useQuery({
    queryKey: adminKeys.feedback(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/admin/feedback", { signal })),
  });
}

export interface FeedbackChange {
  id: number;
  status?: FeedbackStatus;
  /** The notes; null clears them. */
  adminNotes?: string | null;
}

/**
 * PATCH /api/admin/feedback/{id} (204): the list shows the change at once (the server trims the
 * notes and keeps none when blank, as done here), then is asked for again in the background.
 */
export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FeedbackChange) =>
      unwrap(api.PATCH("/api/admin/feedback/{id}", { params: { path: { id } }, body })),
    onSuccess: (_, { id, status, adminNotes }) => {
      queryClient.setQueryData<FeedbackItem[]>(adminKeys.feedback(), (list) =>
        list?.map((item) =>
          item.id !== id
            ? item
            : {
                ...item,
                ...(status !== undefined && { status }),
                ...(adminNotes !== undefined && { adminNotes: adminNotes?.trim() || null }),
              },
        ),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedback() });
    },
  });
}

/** DELETE /api/admin/feedback/{id} (204): the feedback leaves the list. */
export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/admin/feedback/{id}", { params: { path: { id } } })),
    onSuccess: (_, id) => {
      queryClient.setQueryData<FeedbackItem[]>(adminKeys.feedback(), (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedback() });
    },
  });
}
