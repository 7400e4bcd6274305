import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { dashboardKeys } from "@/lib/api/dashboard-keys";
import type { Language, User } from "@/lib/api/types";
import { authKeys } from "@/lib/auth/keys";

/** Query keys of the tutorial: its progress (from the writer's data) and the suggestions. */
export const tutorialKeys = {
  all: ["tutorial"] as const,
  progress: () => [...tutorialKeys.all, "progress"] as const,
  suggestions: (birthDate: string | null, lang: Language) => [...tutorialKeys.all, "suggestions", birthDate ?? "own", lang] as const,
};

/** GET /api/tutorial/progress: each step's state, where the tutorial starts, and how far it is. */
export function useTutorialProgress() {
  return useQuery({
    queryKey: tutorialKeys.progress(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/tutorial/progress", { signal })),
  });
}

/** The steps are read from the writer's data: after a save they, and the dashboard's banner, are stale. */
export function invalidateTutorial(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tutorialKeys.progress() }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

/** POST /api/tutorial/complete: finished or skipped, the banner stops. */
export function useCompleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/tutorial/complete")),
    onSuccess: (progress) => {
      queryClient.setQueryData(tutorialKeys.progress(), progress);
      queryClient.setQueryData(dashboardKeys.banner(), { showBanner: false });
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** POST /api/tutorial/update-birthdate: answers the user, who is then known with it. */
export function useUpdateBirthDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthDate: string | null) => unwrap(api.POST("/api/tutorial/update-birthdate", { body: { birthDate } })),
    onSuccess: (user: User) => {
      queryClient.setQueryData(authKeys.user(), user);
      // The suggestions without a birth date are dated from the writer's own.
      return queryClient.invalidateQueries({ queryKey: [...tutorialKeys.all, "suggestions"] });
    },
  });
}

/**
 * GET /api/onboarding/suggestions: people to quick-add, and life periods dated from `birthDate`
 * (the writer's own when null), named in `lang`.
 */
export function useSuggestions({ birthDate, lang, enabled = true }: { birthDate: string | null; lang: Language; enabled?: boolean }) {
  return useQuery({
    queryKey: tutorialKeys.suggestions(birthDate, lang),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/api/onboarding/suggestions", {
          params: { query: { lang, ...(birthDate ? { birthDate } : {}) } },
          signal,
        }),
      ),
    enabled,
  });
}
