import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { CompletionCard, LoadFailed, MemoryStep, PeopleStep, PeriodsStep, StepProgress } from "@/features/tutorial";
import { errorMessage } from "@/lib/api/errors";
import type { OnboardingStep, User } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useNextOnboardingStep, useOnboardingProgress, useSetOnboardingStep, useSkipOnboarding } from "../api/onboarding";
import { ProfileStep } from "../components/profile-step";

const order: readonly OnboardingStep[] = ["profile", "people", "life_periods", "first_memory", "completion"];

/**
 * docs/screens.md "Onboarding": the older setup flow (profile, people, life periods, an optional
 * first memory, completion), resumed where the writer's data stops; its steps are the tutorial's.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const progress = useOnboardingProgress();
  const user = useCurrentUser();
  let content;
  if (progress.isPending || user.isPending) content = <Spinner label={t("common.loading")} />;
  else if (progress.isError || !user.data) content = <LoadFailed onRetry={() => void progress.refetch()} />;
  else content = <Onboarding initial={progress.data.currentStep} user={user.data} />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeading title={t("onboarding.title")} className="mb-0" />
      {content}
    </div>
  );
}

function Onboarding({ initial, user }: { initial: OnboardingStep; user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(initial);
  const nextStep = useNextOnboardingStep();
  const setProgress = useSetOnboardingStep();
  const skip = useSkipOnboarding();
  const number = order.indexOf(step) + 1;

  /** After a step is saved, the flow goes where the server says the writer's data now stops. */
  const advance = async (fallback: OnboardingStep) => setStep(await nextStep(fallback));
  const pastMemory = () =>
    setProgress.mutate("completion", {
      onSuccess: (progress) => setStep(progress.currentStep),
      onError: (error) => toast.error(t("onboarding.failed"), { description: errorMessage(error, t) }),
    });

  return (
    <>
      <p className="text-muted-foreground">{t("onboarding.intro")}</p>
      <div className="grid gap-2">
        <p className="text-sm font-medium">
          {t("onboarding.progress", { number, total: order.length, name: t(`onboarding.steps.${step}`) })}
        </p>
        <StepProgress
          value={number}
          max={order.length}
          label={t("onboarding.progressLabel")}
          valueText={t("onboarding.progress", { number, total: order.length, name: t(`onboarding.steps.${step}`) })}
        />
      </div>
      {step !== "completion" && (
        <Button
          variant="link"
          className="justify-self-end px-0"
          disabled={skip.isPending}
          onClick={() =>
            skip.mutate(undefined, {
              onSuccess: () => void navigate("/"),
              onError: (error) => toast.error(t("onboarding.failed"), { description: errorMessage(error, t) }),
            })
          }
        >
          {t("onboarding.skip")}
        </Button>
      )}
      {step === "profile" && <ProfileStep user={user} onSaved={() => void advance("people")} />}
      {step === "people" && <PeopleStep onSaved={() => void advance("life_periods")} />}
      {step === "life_periods" && (
        <PeriodsStep submitLabel={t("tutorial.continue")} onSaved={() => advance("first_memory")} />
      )}
      {step === "first_memory" && (
        <MemoryStep heading={t("onboarding.memoryHeading")} onContinue={pastMemory} onSkip={pastMemory} />
      )}
      {step === "completion" && <CompletionCard onFinish={() => void navigate("/")} />}
    </>
  );
}
