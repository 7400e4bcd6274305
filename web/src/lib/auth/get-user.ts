import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapOrNull } from "@/lib/api/client";
import type { User } from "@/lib/api/types";
import { authKeys } from "./keys";

/** GET /api/auth/user: the signed-in user, or null when the server answers 401. */
export function getUser(): Promise<User | null> {
  return unwrapOrNull(api.GET("/api/auth/user"));
}

/** docs/api.md caching: refetched on mount and window focus, no retry. */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(userQueryOptions());
}

export function hasGivenConsents(user: User): boolean {
  return Boolean(user.consents.dataProcessingAt) && Boolean(user.consents.termsAt);
}
