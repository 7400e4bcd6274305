import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { entityRoutes, type EntityRoute } from "../entity-types";
import { entityCountsQueryOptions, entityPagesQueryOptions } from "./entity-pages";

/**
 * docs/screens.md "Application shell": hovering or focusing an entity link loads that list's first
 * page ahead (as the list opens: no search, by name); without a route, every type and the counts.
 */
export function usePrefetchEntityList() {
  const queryClient = useQueryClient();
  return useCallback(
    (route?: EntityRoute) => {
      const routes = route ? [route] : (Object.keys(entityRoutes) as EntityRoute[]);
      for (const each of routes) {
        void queryClient.prefetchInfiniteQuery(entityPagesQueryOptions({ type: entityRoutes[each], search: "", sort: "nameAsc" }));
      }
      if (!route) void queryClient.prefetchQuery(entityCountsQueryOptions());
    },
    [queryClient],
  );
}
