import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { MemoryPage } from "@/lib/api/types";
import { memoryKeys, type MemoryListParams } from "./keys";

/** Memories per page: long lists load page by page as the reader scrolls. */
export const MEMORY_PAGE_SIZE = 24;

/** GET /api/memories with a page size: one page of the signed-in user's memories. */
export function getMemoryPage(params: MemoryListParams, cursor: string | null, signal?: AbortSignal): Promise<MemoryPage> {
  const query = new URLSearchParams({
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    pageSize: String(MEMORY_PAGE_SIZE),
  });
  if (params.filterEntity !== null) query.set("filterEntity", String(params.filterEntity));
  if (params.search.trim()) query.set("search", params.search.trim());
  if (cursor) query.set("cursor", cursor);
  return apiRequest<MemoryPage>(`/api/memories?${query.toString()}`, { signal });
}

export function memoriesQueryOptions(params: MemoryListParams) {
  return infiniteQueryOptions({
    queryKey: memoryKeys.list(params),
    queryFn: ({ pageParam, signal }) => getMemoryPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
  });
}

/** The list keeps showing the previous results while a new search, sort or filter loads. */
export function useMemories(params: MemoryListParams) {
  return useInfiniteQuery({ ...memoriesQueryOptions(params), placeholderData: keepPreviousData });
}
