import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, unwrap } from "@/lib/api/client";
import type { CreateMemoryRequest, CreateMemoryResponse } from "@/lib/api/types";
import { invalidateMemories } from "./invalidate";

/** The memory form (docs/rules.md "Memory fields"): title and details required, the rest optional. Messages are translation keys. */
export const memoryFormSchema = z.object({
  title: z.string().trim().min(1, "memories.form.titleRequired"),
  content: z.string().trim().min(1, "memories.form.detailsRequired"),
  eventDate: z.union([z.literal(""), z.iso.date("memories.form.invalidDate")]),
  location: z.string(),
});

export type MemoryFormValues = z.infer<typeof memoryFormSchema>;

/** POST /api/memories/with-validation: the memory, and the entities extraction proposes. */
export function createMemory(body: CreateMemoryRequest): Promise<CreateMemoryResponse> {
  return unwrap(api.POST("/api/memories/with-validation", { body }));
}

export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemory,
    onSuccess: () => invalidateMemories(queryClient),
  });
}
