import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { invalidateMemories } from "./invalidate";
import { memoryKeys } from "./keys";

/** DELETE /api/memories/{id}. */
export function deleteMemory(id: number): Promise<void> {
  return unwrap(api.DELETE("/api/memories/{id}", { params: { path: { id } } })).then(() => undefined);
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: memoryKeys.detail(id) });
      return invalidateMemories(queryClient);
    },
  });
}
