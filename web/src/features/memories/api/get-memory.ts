import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Memory } from "@/lib/api/types";
import { memoryKeys } from "./keys";

const minute = 60_000;

/** GET /api/memories/{id}. */
export function getMemory(id: number, signal?: AbortSignal): Promise<Memory> {
  return unwrap(api.GET("/api/memories/{id}", { params: { path: { id } }, signal }));
}

/** docs/api.md caching: a memory's detail stays fresh 10 minutes and is kept 30. */
export function memoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: memoryKeys.detail(id),
    queryFn: ({ signal }) => getMemory(id, signal),
    staleTime: 10 * minute,
    gcTime: 30 * minute,
  });
}

export function useMemory(id: number) {
  return useQuery({ ...memoryQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
