import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { OnboardingStep } from "@/lib/api/types";

export const onboardingKeys = {
  all: ["onboarding"] as const,
  progress: () => [...onboardingKeys.all, "progress"] as const,
};

const progressQuery = () => ({
  queryKey: onboardingKeys.progress(),
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET("/api/onboarding/progress", { signal })),
  // Read from the writer's data: asked afresh each time the flow needs it.
  staleTime: 0,
});

/** GET /api/onboarding/progress: where the older onboarding flow resumes (docs/rules.md "Onboarding"). */
export function useOnboardingProgress() {
  return useQuery(progressQuery());
}

/** Where the flow stands now, read again from the server after a step is saved. */
export function useNextOnboardingStep() {
  const queryClient = useQueryClient();
  return async (fallback: OnboardingStep): Promise<OnboardingStep> => {
    try {
      const progress = await queryClient.fetchQuery(progressQuery());
      return progress.currentStep;
    } catch {
      return fallback;
    }
  };
}

/** POST /api/onboarding/progress: only `completion` (past the optional first memory) changes it. */
export function useSetOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentStep: OnboardingStep) => unwrap(api.POST("/api/onboarding/progress", { body: { currentStep } })),
    onSuccess: (progress) => queryClient.setQueryData(onboardingKeys.progress(), progress),
  });
}

/** POST /api/onboarding/skip. */
export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/onboarding/skip")),
    onSuccess: (progress) => queryClient.setQueryData(onboardingKeys.progress(), progress),
  });
}
