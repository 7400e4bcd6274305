import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { MemoryFields, memoryFormSchema, useCreateMemory, type MemoryFormValues } from "@/features/memories";
import { errorMessage } from "@/lib/api/errors";
import { toDateInputValue } from "@/lib/dates";
import { isLanguage, languages } from "@/lib/i18n";
import { useSetLanguage } from "@/lib/preferences";
import { invalidateTutorial } from "../api/tutorial";
import { StepSection } from "./step-section";

interface MemoryStepProps {
  /** The memory is saved and the writer goes on, or skips the step before saving one. */
  onContinue: () => void;
  onSkip: () => void;
  /** Offer the language pick above the form (the tutorial's first step). */
  languagePick?: boolean;
  /** The step's heading (the onboarding flow says it is optional). */
  heading?: string;
}

/**
 * The first-memory step, shared by the tutorial and the onboarding flow: the memory form's fields
 * (title, details with dictation, date, place), saved with no entities (SPEC §7).
 */
export function MemoryStep({ onContinue, onSkip, languagePick = false, heading }: MemoryStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateMemory();
  const [saved, setSaved] = useState(false);
  const form = useForm<MemoryFormValues>({
    resolver: zodResolver(memoryFormSchema),
    defaultValues: { title: "", content: "", eventDate: toDateInputValue(new Date()), location: "" },
  });

  const submit = (values: MemoryFormValues) => {
    create.mutate(
      {
        title: values.title.trim(),
        content: values.content.trim(),
        eventDate: values.eventDate || null,
        location: values.location.trim() || null,
        entities: [],
      },
      {
        onSuccess: () => {
          toast.success(t("tutorial.memory.createdTitle"), { description: t("tutorial.memory.createdBody") });
          setSaved(true);
          void invalidateTutorial(queryClient);
        },
        onError: (error) => toast.error(t("memories.create.failed", { message: errorMessage(error, t) })),
      },
    );
  };

  return (
    <StepSection title={heading ?? t("tutorial.memory.heading")} body={t("tutorial.memory.body")}>
      {languagePick && <LanguagePick />}
      {saved ? (
        <div role="status" className="grid justify-items-start gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <CircleCheck className="size-5 text-primary" aria-hidden="true" />
            {t("tutorial.memory.createdTitle")}
          </p>
          <p className="text-sm text-muted-foreground">{t("tutorial.memory.createdBody")}</p>
          <Button onClick={onContinue}>{t("tutorial.continue")}</Button>
        </div>
      ) : (
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
            <MemoryFields form={form} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button variant="link" className="px-0" onClick={onSkip}>
                {t("tutorial.skipForNow")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t("tutorial.saving") : t("tutorial.memory.submit")}
              </Button>
            </div>
          </form>
        </Form>
      )}
    </StepSection>
  );
}

/** SPEC §2: English or Français, applied at once and saved to the account like the app's language control. */
function LanguagePick() {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetLanguage();
  const current = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <fieldset className="grid gap-2 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t("tutorial.memory.languageLegend")}</legend>
      <p className="text-sm text-muted-foreground">{t("tutorial.memory.languageHint")}</p>
      <div className="flex flex-wrap gap-2">
        {languages.map((language) => (
          <Button
            key={language}
            lang={language}
            size="sm"
            variant={current === language ? "default" : "outline"}
            aria-pressed={current === language}
            onClick={() => setLanguage(language)}
          >
            {t(`language.${language}`)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
