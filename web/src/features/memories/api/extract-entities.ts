import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { CreateMemoryResponse } from "@/lib/api/types";
import { invalidateMemories } from "./invalidate";
import { memoryKeys } from "./keys";

/**
 * POST /api/memories/{id}/extract: proposes the entities of a memory that waits for them again,
 * leaving out those it names; answers as creating a memory does.
 */
export function extractEntities(memoryId: number): Promise<CreateMemoryResponse> {
  return unwrap(api.POST("/api/memories/{id}/extract", { params: { path: { id: memoryId } } }));
}

export function useExtractEntities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extractEntities,
    onSuccess: ({ memory, entityValidation }) => {
      // With nothing to propose the memory no longer waits (entitiesPending false): refresh it.
      // With proposals nothing changed yet; the confirmation refreshes it.
      if (entityValidation.needsConfirmation) return;
      queryClient.setQueryData(memoryKeys.detail(memory.id), memory);
      return invalidateMemories(queryClient);
    },
  });
}
