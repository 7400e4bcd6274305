import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api/client";
import { authKeys } from "@/lib/auth/keys";

const minute = 60_000;

/** docs/api.md caching: lists fresh 5 minutes, kept 10, no refetch on window focus, no retry. */
export function createQueryClient() {
  // A 401 anywhere means the session has ended (signed out in another tab, expired): asking the
  // server for the user again moves the app to the signed-out screens.
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 10 * minute,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
