import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { ConfirmedEntity, ConfirmEntitiesResponse } from "@/lib/api/types";
import { entityKeys } from "@/features/entities";
import { invalidateMemories } from "./invalidate";
import { memoryKeys } from "./keys";

/** POST /api/memories/{id}/confirm-entities: one transaction; an empty list confirms nothing. */
export function confirmEntities(memoryId: number, confirmedEntities: ConfirmedEntity[]): Promise<ConfirmEntitiesResponse> {
  return unwrap(
    api.POST("/api/memories/{id}/confirm-entities", { params: { path: { id: memoryId } }, body: { confirmedEntities } }),
  );
}

export function useConfirmEntities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, confirmedEntities }: { memoryId: number; confirmedEntities: ConfirmedEntity[] }) =>
      confirmEntities(memoryId, confirmedEntities),
    onSuccess: ({ memory }, { confirmedEntities }) => {
      queryClient.setQueryData(memoryKeys.detail(memory.id), memory);
      return Promise.all([
        invalidateMemories(queryClient),
        // New entities and new aliases change the entity lists too.
        confirmedEntities.length > 0 ? queryClient.invalidateQueries({ queryKey: entityKeys.all }) : undefined,
      ]);
    },
  });
}
