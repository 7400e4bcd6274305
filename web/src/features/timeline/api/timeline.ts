import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { timelineKeys } from "@/lib/api/timeline-keys";
import type { MemoryPage, Timeline } from "@/lib/api/types";

/** Memories per page of the selected periods' grid. */
export const TIMELINE_MEMORY_PAGE_SIZE = 24;

/** GET /api/timeline: the dated periods (by start) and the undated ones (by name). */
export function timelineQueryOptions() {
  return queryOptions({
    queryKey: timelineKeys.periods(),
    queryFn: ({ signal }): Promise<Timeline> => unwrap(api.GET("/api/timeline", { signal })),
  });
}

export function useTimeline() {
  return useQuery(timelineQueryOptions());
}

/** GET /api/timeline/memories: one page of the memories of these periods and of the periods inside them. */
export function getTimelineMemoryPage(periodIds: readonly number[], cursor: string | null, signal?: AbortSignal): Promise<MemoryPage> {
  const query = {
    periods: periodIds.join(","),
    pageSize: TIMELINE_MEMORY_PAGE_SIZE,
    ...(cursor && { cursor }),
  };
  return unwrap(api.GET("/api/timeline/memories", { params: { query }, signal }));
}

/** `periodIds` sorted, so one choice of periods is one cache entry whatever the order of the clicks. */
export function timelineMemoriesQueryOptions(periodIds: readonly number[]) {
  const ids = [...periodIds].sort((a, b) => a - b);
  return infiniteQueryOptions({
    queryKey: timelineKeys.memories(ids),
    queryFn: ({ pageParam, signal }) => getTimelineMemoryPage(ids, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    enabled: ids.length > 0,
  });
}

/** The grid keeps the previous memories on screen (marked busy) while another choice loads. */
export function useTimelineMemories(periodIds: readonly number[]) {
  return useInfiniteQuery({ ...timelineMemoriesQueryOptions(periodIds), placeholderData: keepPreviousData });
}
