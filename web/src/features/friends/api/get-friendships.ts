import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Friendship, Person } from "@/lib/api/types";

/** Query keys of friendships: every friendship change invalidates `friendKeys.all` (invitations: ./invite.ts). */
export const friendKeys = {
  all: ["friends"] as const,
  friendships: () => [...friendKeys.all, "friendships"] as const,
};

/** GET /api/friendships: the user's friendships and waiting requests, latest first. */
export function getFriendships(signal?: AbortSignal): Promise<Friendship[]> {
  return unwrap(api.GET("/api/friendships", { signal }));
}

export function friendshipsQueryOptions() {
  return queryOptions({ queryKey: friendKeys.friendships(), queryFn: ({ signal }) => getFriendships(signal) });
}

export function useFriendships() {
  return useQuery(friendshipsQueryOptions());
}

/** The other person of a friendship, as `myUserId` sees it. */
export function otherPerson(friendship: Friendship, myUserId: number): Person {
  return friendship.userId1 === myUserId ? friendship.user2 : friendship.user1;
}

/** The other Person of each accepted friendship (the user's friends), in the server's order. */
export function acceptedFriends(friendships: readonly Friendship[] | undefined, myUserId: number): Person[] {
  return (friendships ?? []).filter((f) => f.status === "accepted").map((f) => otherPerson(f, myUserId));
}

/** The user's friendships split as the friends page shows them. */
export function splitFriendships(friendships: readonly Friendship[], myUserId: number) {
  const accepted: Friendship[] = [];
  const received: Friendship[] = [];
  const sent: Friendship[] = [];
  for (const friendship of friendships) {
    if (friendship.status === "accepted") accepted.push(friendship);
    else if (friendship.status === "pending") (friendship.requestedBy === myUserId ? sent : received).push(friendship);
  }
  return { accepted, received, sent };
}
