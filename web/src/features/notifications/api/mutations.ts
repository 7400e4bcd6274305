import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { notificationKeys } from "./keys";

/** docs/api.md: the list and the unread count are read again after each change. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** PATCH /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.PATCH("/api/notifications/{id}/read", { params: { path: { id } } })).then(() => undefined),
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** PATCH /api/notifications/mark-all-read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.PATCH("/api/notifications/mark-all-read")).then(() => undefined),
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** DELETE /api/notifications/{id}. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE("/api/notifications/{id}", { params: { path: { id } } })).then(() => undefined),
    onSettled: () => invalidateNotifications(queryClient),
  });
}
