import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { dashboardKeys } from "@/lib/api/dashboard-keys";
import { timelineKeys } from "@/lib/api/timeline-keys";
import type { CreateEntityRequest, UpdateEntityRequest } from "@/lib/api/types";
import { entityKeys, graphKeys } from "./keys";

/** The roots of the memory queries, whose entity tags and filters an entity change touches. */
const memoryRoots = [["memories"], ["memory-entities"]] as const;

/**
 * docs/api.md: after an entity changes, the entity lists, the graph, the timeline and the dashboard's
 * figures and insights are stale; a merge or a delete also changes the tags on memories.
 */
export function invalidateEntities(queryClient: QueryClient, { memories = false } = {}) {
  const keys = [entityKeys.all, graphKeys.all, dashboardKeys.all, timelineKeys.all, ...(memories ? memoryRoots : [])];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEntityRequest) => unwrap(api.POST("/api/entities-with-metadata", { body })),
    onSuccess: () => invalidateEntities(queryClient),
  });
}

export function useUpdateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEntityRequest }) =>
      unwrap(api.PATCH("/api/entities-with-metadata/{id}", { params: { path: { id } }, body })),
    // A new name shows on the memories' tags.
    onSuccess: () => invalidateEntities(queryClient, { memories: true }),
  });
}

export function useDeleteEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/entities-with-metadata/{id}", { params: { path: { id } } })),
    onSuccess: () => invalidateEntities(queryClient, { memories: true }),
  });
}

export function useMergeEntities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sourceId: number; targetId: number }) => unwrap(api.POST("/api/entities/merge", { body })),
    onSuccess: () => invalidateEntities(queryClient, { memories: true }),
  });
}
