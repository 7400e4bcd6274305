import { queryOptions, useQuery } from "@tanstack/react-query";
import { graphKeys } from "@/features/entities";
import { api, unwrap } from "@/lib/api/client";
import type { Graph } from "@/lib/api/types";

/** GET /api/graph: every entity with its memory count, and what joins them. */
export function getGraph(signal?: AbortSignal): Promise<Graph> {
  return unwrap(api.GET("/api/graph", { signal }));
}

/**
 * The default freshness (docs/api.md); entity and memory changes mark it stale through
 * `graphKeys.all`.
 */
export function graphQueryOptions() {
  return queryOptions({
    queryKey: graphKeys.all,
    queryFn: ({ signal }) => getGraph(signal),
  });
}

export function useGraph() {
  return useQuery(graphQueryOptions());
}
