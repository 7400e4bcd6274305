import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { PublicSharedMemory } from "@/lib/api/types";
import { sharingKeys } from "./keys";

/** GET /api/shared/{token}: open to everyone while the link lives; any failure is a faded memory. */
export function getPublicMemory(token: string, signal?: AbortSignal): Promise<PublicSharedMemory> {
  return unwrap(api.GET("/api/shared/{token}", { params: { path: { token } }, signal }));
}

/** SPEC §8: an expired or failed link shows the faded notice, with no retry. */
export function usePublicMemory(token: string) {
  return useQuery({
    queryKey: sharingKeys.public(token),
    queryFn: ({ signal }) => getPublicMemory(token, signal),
    enabled: token !== "",
    retry: false,
    refetchOnWindowFocus: false,
  });
}
