import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { CreateEntityRequest, Entity } from "@/lib/api/types";
import { entityKeys } from "./keys";

/** POST /api/entities; a 409 `entity_exists` names the entity that already has this name and type. */
export function createEntity(body: CreateEntityRequest): Promise<Entity> {
  return apiRequest<Entity>("/api/entities", { method: "POST", body: { ...body, name: body.name.trim() } });
}

export function useCreateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all }),
  });
}
