import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { FriendShare, ShareLink } from "@/lib/api/types";
import { sharingKeys } from "./keys";

/** A created link, its address made absolute with this page's origin when the server gave a path. */
export interface CreatedLink extends ShareLink {
  absoluteUrl: string;
}

/** `/shared/{token}` (or an absolute address) as an absolute address on this site. */
export function absoluteShareUrl(shareUrl: string, origin: string = window.location.origin): string {
  return new URL(shareUrl, origin).href;
}

/** POST /api/memories/{id}/share: a public link, live 2 days. */
export async function createShareLink(memoryId: number): Promise<CreatedLink> {
  const link = await unwrap(api.POST("/api/memories/{id}/share", { params: { path: { id: memoryId } } }));
  return { ...link, absoluteUrl: absoluteShareUrl(link.shareUrl) };
}

/** DELETE /api/memories/{id}/share: ends every live public link of the memory. */
export function revokeShareLinks(memoryId: number): Promise<void> {
  return unwrap(api.DELETE("/api/memories/{id}/share", { params: { path: { id: memoryId } } })).then(() => undefined);
}

/** POST /api/memories/{id}/share-with-friend. */
export function shareWithFriend(memoryId: number, friendId: number): Promise<FriendShare> {
  return unwrap(api.POST("/api/memories/{id}/share-with-friend", { params: { path: { id: memoryId } }, body: { friendId } }));
}

/** DELETE /api/memories/{id}/share-with-friend/{friendId}. */
export function unshareWithFriend(memoryId: number, friendId: number): Promise<void> {
  return unwrap(
    api.DELETE("/api/memories/{id}/share-with-friend/{friendId}", { params: { path: { id: memoryId, friendId } } }),
  ).then(() => undefined);
}

function refreshStatus(queryClient: QueryClient, memoryId: number) {
  return queryClient.invalidateQueries({ queryKey: sharingKeys.status(memoryId) });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: (_link, memoryId) => refreshStatus(queryClient, memoryId),
  });
}

export function useRevokeShareLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLinks,
    onSuccess: (_data, memoryId) => refreshStatus(queryClient, memoryId),
  });
}

export function useShareWithFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, friendId }: { memoryId: number; friendId: number }) => shareWithFriend(memoryId, friendId),
    onSuccess: (_share, { memoryId }) => refreshStatus(queryClient, memoryId),
  });
}

export function useUnshareWithFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memoryId, friendId }: { memoryId: number; friendId: number }) => unshareWithFriend(memoryId, friendId),
    onSuccess: (_data, { memoryId }) => refreshStatus(queryClient, memoryId),
  });
}
