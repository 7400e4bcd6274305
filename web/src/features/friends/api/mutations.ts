import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sharingKeys } from "@/features/sharing";
import { api, unwrap } from "@/lib/api/client";
import { friendKeys } from "./get-friendships";

/** A friendship changed: the lists on /friends (and every friend picker) are asked for again. */
function useRefreshFriendships() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: friendKeys.all });
}

const byId = (id: number) => ({ params: { path: { id } } });

/** POST /api/friendships/{id}/accept: the person asked accepts; answers the friendship. */
export function useAcceptFriendship() {
  const refresh = useRefreshFriendships();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST("/api/friendships/{id}/accept", byId(id))),
    onSuccess: refresh,
  });
}

/** POST /api/friendships/{id}/decline: the request disappears from both lists. */
export function useDeclineFriendship() {
  const refresh = useRefreshFriendships();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST("/api/friendships/{id}/decline", byId(id))),
    onSuccess: refresh,
  });
}

/**
 * POST /api/friendships/{id}/remove: removes a friend or withdraws one's own request. Every memory
 * shared between the two stops being shared, so the sharing queries are stale too.
 */
export function useRemoveFriendship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST("/api/friendships/{id}/remove", byId(id))),
    onSuccess: () =>
      Promise.all(
        [friendKeys.all, sharingKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
