import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { SharedWithMe } from "@/lib/api/types";
import { sharingKeys, type SharedListParams } from "./keys";

/** GET /api/shared-with-me: the memories friends share with the user, searched and sorted by the server. */
export function getSharedWithMe(params: SharedListParams, signal?: AbortSignal): Promise<SharedWithMe[]> {
  const search = params.search.trim();
  const query = { sortBy: params.sortBy, sortOrder: params.sortOrder, ...(search && { search }) };
  return unwrap(api.GET("/api/shared-with-me", { params: { query }, signal }));
}

/** GET /api/shared-with-me/{memoryId}: one of them (404 once the share ends). */
export function getSharedMemory(memoryId: number, signal?: AbortSignal): Promise<SharedWithMe> {
  return unwrap(api.GET("/api/shared-with-me/{memoryId}", { params: { path: { memoryId } }, signal }));
}

/** SPEC §7: asked only while the "Shared with me" tab is shown (its component mounts only then). */
export function useSharedWithMe(params: SharedListParams) {
  return useQuery({
    queryKey: sharingKeys.sharedList(params),
    queryFn: ({ signal }) => getSharedWithMe(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function sharedMemoryQueryOptions(memoryId: number) {
  return queryOptions({
    queryKey: sharingKeys.sharedDetail(memoryId),
    queryFn: ({ signal }) => getSharedMemory(memoryId, signal),
  });
}

export function useSharedMemory(memoryId: number, enabled = true) {
  return useQuery({ ...sharedMemoryQueryOptions(memoryId), enabled });
}
