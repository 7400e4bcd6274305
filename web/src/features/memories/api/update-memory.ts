import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Memory, UpdateMemoryRequest } from "@/lib/api/types";
import { invalidateMemories } from "./invalidate";
import { memoryKeys } from "./keys";

/** PATCH /api/memories/{id}: fields left out stay; null clears an optional one. */
export function updateMemory(id: number, body: UpdateMemoryRequest): Promise<Memory> {
  return unwrap(api.PATCH("/api/memories/{id}", { params: { path: { id } }, body }));
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMemoryRequest }) => updateMemory(id, body),
    onSuccess: (memory) => {
      queryClient.setQueryData(memoryKeys.detail(memory.id), memory);
      return invalidateMemories(queryClient);
    },
  });
}
