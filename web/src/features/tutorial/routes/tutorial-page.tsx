import { Check } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/errors";
import type { TutorialProgress, TutorialStep } from "@/lib/api/types";
import { cn } from "@/lib/utils";
import { useCompleteTutorial, useTutorialProgress } from "../api/tutorial";
import { CompletionCard } from "../components/completion-card";
import { LoadFailed } from "../components/load-failed";
import { MemoryStep } from "../components/memory-step";
import { PeopleStep } from "../components/people-step";
import { PeriodsStep } from "../components/periods-step";
import { StepProgress } from "../components/step-progress";

type Step = "memory" | "people" | "periods" | "done";
const steps = ["memory", "people", "periods"] as const;
const STEP_COUNT = steps.length;

/** The server's step names (docs/api.md) as the page's. */
const stepOf: Record<TutorialStep, Step> = {
  memory_creation: "memory",
  people_setup: "people",
  life_periods: "periods",
  done: "done",
};

const completeKey: Record<(typeof steps)[number], keyof Pick<TutorialProgress, "memoryComplete" | "peopleComplete" | "periodsComplete">> = {
  memory: "memoryComplete",
  people: "peopleComplete",
  periods: "periodsComplete",
};

/**
 * docs/screens.md "Tutorial": three steps (a first memory, people, life periods) with a progress
 * bar, step tabs and a skip button; it starts at the first incomplete step and ends on a completion
 * card. Completing or skipping tells the server (the banner stops) and goes to the dashboard.
 */
export function TutorialPage() {
  const { t } = useTranslation();
  const progress = useTutorialProgress();
  let content;
  if (progress.isPending) content = <Spinner label={t("common.loading")} />;
  else if (progress.isError) content = <LoadFailed onRetry={() => void progress.refetch()} />;
  else content = <Tutorial progress={progress.data} />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeading title={t("titles.tutorial")} className="mb-0" />
      {content}
    </div>
  );
}

function Tutorial({ progress }: { progress: TutorialProgress }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteTutorial();
  // The first incomplete step, as the server read it when the page opened.
  const [step, setStep] = useState<Step>(() => stepOf[progress.currentStep]);
  const percent = Math.round((progress.completedSteps / STEP_COUNT) * 100);

  /** POST /api/tutorial/complete; then `then` (the dashboard, or the completion card). */
  const finish = (then: () => void) =>
    complete.mutate(undefined, {
      onSuccess: then,
      onError: (error) => toast.error(t("tutorial.completeFailed"), { description: errorMessage(error, t) }),
    });
  const toDashboard = () => finish(() => void navigate("/"));

  return (
    <>
      <p className="text-muted-foreground">{t("tutorial.intro")}</p>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium">{t("tutorial.progress.text", { completed: progress.completedSteps, total: STEP_COUNT })}</span>
          <span className="text-muted-foreground tabular-nums">{t("tutorial.progress.percent", { percent })}</span>
        </div>
        <StepProgress
          value={progress.completedSteps}
          max={STEP_COUNT}
          label={t("tutorial.progress.label")}
          valueText={t("tutorial.progress.valueText", { completed: progress.completedSteps, total: STEP_COUNT, percent })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("tutorial.steps.label")} className="min-w-0 flex-1">
          <ol className="grid grid-cols-3 gap-2">
            {steps.map((name, index) => {
              const done = progress[completeKey[name]];
              const current = step === name;
              return (
                <li key={name}>
                  <button
                    type="button"
                    aria-current={current ? "step" : undefined}
                    onClick={() => setStep(name)}
                    className={cn(
                      "flex h-full w-full flex-col items-center gap-1 rounded-lg border px-2 py-2 text-center text-xs font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:flex-row sm:text-left sm:text-sm",
                      current && "border-primary bg-primary/10",
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs",
                        done && "border-primary bg-primary text-primary-foreground",
                      )}
                    >
                      {done ? <Check className="size-3.5" /> : index + 1}
                    </span>
                    <span>{t(`tutorial.steps.${name}`)}</span>{" "}
                    <span className="sr-only">{done ? t("tutorial.steps.complete") : t("tutorial.steps.incomplete")}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        {step !== "done" && (
          <Button variant="ghost" disabled={complete.isPending} onClick={toDashboard}>
            {t("tutorial.skip")}
          </Button>
        )}
      </div>
      {step === "memory" && <MemoryStep languagePick onContinue={() => setStep("people")} onSkip={() => setStep("people")} />}
      {step === "people" && <PeopleStep onSaved={() => setStep("periods")} />}
      {step === "periods" && <PeriodsStep onSaved={() => finish(() => setStep("done"))} />}
      {step === "done" && <CompletionCard finishing={complete.isPending} onFinish={toDashboard} />}
    </>
  );
}
