import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { Entity } from "@/lib/api/types";
import { entityKeys } from "./keys";

const minute = 60_000;

/** GET /api/entities, optionally of one type. */
export function getEntities(type: string | null, signal?: AbortSignal): Promise<Entity[]> {
  const query = type ? `?type=${encodeURIComponent(type)}` : "";
  return apiRequest<Entity[]>(`/api/entities${query}`, { signal });
}

/** SPEC §7: entities stay fresh 10 minutes and are kept 15. */
export function entitiesQueryOptions(type: string | null = null) {
  return queryOptions({
    queryKey: entityKeys.list(type),
    queryFn: ({ signal }) => getEntities(type, signal),
    staleTime: 10 * minute,
    gcTime: 15 * minute,
  });
}

export function useEntities(type: string | null = null) {
  return useQuery(entitiesQueryOptions(type));
}
