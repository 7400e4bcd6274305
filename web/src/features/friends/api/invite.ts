import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { friendKeys } from "./get-friendships";

/**
 * Invitation queries live under their own root, not under `friendKeys.all`: a friendship change must
 * neither make a new link (each GET of invite-token makes one) nor check a just-used link again.
 */
export const inviteKeys = {
  all: ["friend-invite"] as const,
  token: () => [...inviteKeys.all, "token"] as const,
  verify: (token: string) => [...inviteKeys.all, "verify", token] as const,
};

/** The address of an invitation: this site's origin + /friends/accept?token= (docs/api.md). */
export function inviteLink(token: string, origin = window.location.origin): string {
  return `${origin}/friends/accept?${new URLSearchParams({ token }).toString()}`;
}

/**
 * GET /api/friends/invite-token: a new invitation link (7 days). Every call makes a new one, so the
 * link shown stays the same while the page is visited again in the next minutes; "New link" refetches.
 */
export function useInviteToken() {
  return useQuery({
    queryKey: inviteKeys.token(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/friends/invite-token", { signal })),
  });
}

/** GET /api/friends/verify-token?token=: who sent a live invitation (404 `not_found` otherwise). */
export function useVerifyInvite(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.verify(token ?? ""),
    queryFn: ({ signal }) => unwrap(api.GET("/api/friends/verify-token", { params: { query: { token: token ?? "" } }, signal })),
    enabled: Boolean(token),
    // Opening a link uses nothing up, but the answer is checked once per visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/friends/accept-invite: uses the link up; answers the friendship (`pending` or `accepted`). */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST("/api/friends/accept-invite", { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendKeys.all }),
  });
}

/** POST /api/friends/decline-invite: uses the link up; its sender is not told. */
export function useDeclineInvite() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST("/api/friends/decline-invite", { body: { token } })),
  });
}
