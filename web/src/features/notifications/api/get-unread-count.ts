import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { UnreadCount } from "@/lib/api/types";
import { notificationKeys } from "./keys";

/** docs/constants.md: the unread count is polled every 30 seconds. */
export const UNREAD_COUNT_POLL_MS = 30_000;

/** GET /api/notifications/unread-count. */
export function getUnreadCount(): Promise<UnreadCount> {
  return unwrap(api.GET("/api/notifications/unread-count"));
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: getUnreadCount,
    staleTime: 0,
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
