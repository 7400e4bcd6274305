import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import { invalidateMemories } from "./invalidate";
import { memoryKeys } from "./keys";

/** DELETE /api/memories/{id}. */
export function deleteMemory(id: number): Promise<void> {
  return apiRequest<void>(`/api/memories/${id}`, { method: "DELETE" });
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
