import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Notification } from "@/lib/api/types";
import { notificationKeys } from "./keys";

/** GET /api/notifications: the latest 50, newest first. */
export async function getNotifications(): Promise<Notification[]> {
  const list = await unwrap(api.GET("/api/notifications"));
  // Newest first whatever order arrives; equal moments keep the server's order.
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: getNotifications,
    // Read afresh at each opening of the dropdown.
    staleTime: 0,
  });

/** docs/api.md: the list is fetched only while the bell's dropdown is open. */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
