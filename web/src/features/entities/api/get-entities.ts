import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Entity, EntityType } from "@/lib/api/types";
import { entityKeys } from "./keys";

const minute = 60_000;

/** GET /api/entities, optionally of one type: the whole list (no pageSize, so an array). */
export async function getEntities(type: EntityType | null, signal?: AbortSignal): Promise<Entity[]> {
  const listing = await unwrap(api.GET("/api/entities", { params: { query: type ? { type } : {} }, signal }));
  return Array.isArray(listing) ? listing : listing.items;
}

/** docs/api.md caching: entities stay fresh 10 minutes and are kept 15. */
export function entitiesQueryOptions(type: EntityType | null = null) {
  return queryOptions({
    queryKey: entityKeys.list(type),
    queryFn: ({ signal }) => getEntities(type, signal),
    staleTime: 10 * minute,
    gcTime: 15 * minute,
  });
}

export function useEntities(type: EntityType | null = null) {
  return useQuery(entitiesQueryOptions(type));
}
