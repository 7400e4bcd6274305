import { QueryClient } from "@tanstack/react-query";

const minute = 60_000;

/** SPEC §7 caching: lists fresh 5 minutes, kept 10, no refetch on window focus, no retry. */
export function createQueryClient() {
  return new QueryClient({
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
}
