import type { QueryClient } from "@tanstack/react-query";
import { memoryEntityKeys, memoryKeys } from "./keys";

/** docs/api.md: after a memory changes, its lists, details and the memory-entity links are stale. */
export function invalidateMemories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: memoryEntityKeys.all }),
  ]);
}
