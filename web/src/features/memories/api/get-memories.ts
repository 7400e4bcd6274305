import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { MemoryPage } from "@/lib/api/types";
import { memoryKeys, type MemoryListParams } from "./keys";

/** Memories per page: long lists load page by page as the reader scrolls. */
export const MEMORY_PAGE_SIZE = 24;

/** GET /api/memories with a page size: one page of the signed-in user's memories. */
export function getMemoryPage(params: MemoryListParams, cursor: string | null, signal?: AbortSignal): Promise<MemoryPage> {
  const search = params.search.trim();
  const query = {
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    pageSize: MEMORY_PAGE_SIZE,
    ...(params.filterEntity !== null && { filterEntity: String(params.filterEntity) }),
    ...(search && { search }),
    ...(cursor && { cursor }),
  };
  // With a page size the answer is a page (the document gives both shapes).
  return unwrap(api.GET("/api/memories", { params: { query }, signal })) as Promise<MemoryPage>;
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
