import type { QueryClient } from "@tanstack/react-query";
import { graphKeys } from "@/features/entities";
import { dashboardKeys } from "@/lib/api/dashboard-keys";
import { timelineKeys } from "@/lib/api/timeline-keys";
import { memoryEntityKeys, memoryKeys } from "./keys";

/**
 * docs/api.md: after a memory changes, its lists, details and the memory-entity links are stale, and
 * so are the graph (memory counts, shared memories) and what the dashboard derives from the journal.
 */
export function invalidateMemories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: memoryEntityKeys.all }),
    queryClient.invalidateQueries({ queryKey: graphKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    // The timeline counts each period's memories and lists the memories of the chosen periods.
    queryClient.invalidateQueries({ queryKey: timelineKeys.all }),
  ]);
}
