import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { entitiesQueryOptions, invalidateEntities } from "@/features/entities";
import { api, unwrap } from "@/lib/api/client";
import { dashboardKeys } from "@/lib/api/dashboard-keys";
import type { PersonCategory, RelationshipSuggestion } from "@/lib/api/types";
import { writerTimeZone } from "@/lib/dates";

/** GET /api/dashboard/stats, with "this month" in the browser's time zone. */
export function useDashboardStats() {
  const timeZone = writerTimeZone();
  return useQuery({
    queryKey: dashboardKeys.stats(timeZone),
    queryFn: ({ signal }) => unwrap(api.GET("/api/dashboard/stats", { params: { query: { timeZone } }, signal })),
  });
}

/** GET /api/tutorial/should-show-banner. */
export function useTutorialBanner() {
  return useQuery({
    queryKey: dashboardKeys.banner(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/tutorial/should-show-banner", { signal })),
  });
}

/** POST /api/tutorial/dismiss: the banner goes at once and for good. */
export function useDismissBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/tutorial/dismiss")),
    onMutate: () => queryClient.setQueryData(dashboardKeys.banner(), { showBanner: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.banner() }),
  });
}

/** GET /api/ai/reflections, "today" in the browser's time zone. */
export function useReflections(enabled = true) {
  const timeZone = writerTimeZone();
  return useQuery({
    queryKey: dashboardKeys.reflections(timeZone),
    queryFn: ({ signal }) => unwrap(api.GET("/api/ai/reflections", { params: { query: { timeZone } }, signal })),
    enabled,
  });
}

/** GET /api/ai/relationship-suggestions. */
export function useRelationshipSuggestions(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.suggestions(),
    queryFn: ({ signal }) => unwrap(api.GET("/api/ai/relationship-suggestions", { signal })),
    enabled,
  });
}

/**
 * Follow a "categoryFromText" suggestion: the person's relationship becomes the one the memories
 * state. The rest of their details stay as they are (the update replaces the whole metadata).
 */
export function useApplyCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ person, category }: { person: RelationshipSuggestion["person"]; category: PersonCategory }) => {
      const people = await queryClient.fetchQuery(entitiesQueryOptions("person"));
      const current = people.find((entity) => entity.id === person.id);
      const metadata = { ...(current?.metadata ?? {}), category };
      return unwrap(
        api.PATCH("/api/entities-with-metadata/{id}", { params: { path: { id: person.id } }, body: { metadata } }),
      );
    },
    onSuccess: () => invalidateEntities(queryClient),
  });
}

/** Follow a "coOccurrence" suggestion: state how the two people stand to each other. */
export function useAddRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sourceId: number; targetId: number; relationship: string }) =>
      unwrap(api.POST("/api/entity-relationships", { body })),
    onSuccess: () => invalidateEntities(queryClient),
  });
}
