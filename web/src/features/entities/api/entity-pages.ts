import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { EntityPage } from "@/lib/api/types";
import { entityKeys, type EntityListParams } from "./keys";

/** Entities per page of a list: a writer with thousands of people loads them as they scroll. */
export const ENTITY_PAGE_SIZE = 50;
const minute = 60_000;

/** GET /api/entities-with-metadata with a page size: one page of one type, with memory counts. */
export function getEntityPage(params: EntityListParams, cursor: string | null, signal?: AbortSignal): Promise<EntityPage> {
  const search = params.search.trim();
  const query = {
    type: params.type,
    sort: params.sort,
    pageSize: ENTITY_PAGE_SIZE,
    ...(search && { search }),
    ...(cursor && { cursor }),
  };
  // With a page size the answer is a page (the document gives both shapes).
  return unwrap(api.GET("/api/entities-with-metadata", { params: { query }, signal })) as Promise<EntityPage>;
}

/** docs/api.md caching: entities stay fresh 10 minutes and are kept 15. */
export function entityPagesQueryOptions(params: EntityListParams) {
  return infiniteQueryOptions({
    queryKey: entityKeys.page(params),
    queryFn: ({ pageParam, signal }) => getEntityPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    staleTime: 10 * minute,
    gcTime: 15 * minute,
  });
}

/** The list keeps showing the previous results while a new search or sort loads. */
export function useEntityPages(params: EntityListParams) {
  return useInfiniteQuery({ ...entityPagesQueryOptions(params), placeholderData: keepPreviousData });
}

/** GET /api/entities/counts: how many entities of each type. */
export function entityCountsQueryOptions() {
  return queryOptions({
    queryKey: entityKeys.counts(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/entities/counts", { signal })),
    staleTime: 10 * minute,
    gcTime: 15 * minute,
  });
}

export function useEntityCounts() {
  return useQuery(entityCountsQueryOptions());
}
