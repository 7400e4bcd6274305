import { Mic, MicOff } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useDictation } from "@/lib/dictation";
import type { MemoryFormValues } from "../../api/create-memory";

/** Title, details (with voice dictation), date and location: shared by the create dialog and the edit page. */
export function MemoryFields({ form }: { form: UseFormReturn<MemoryFormValues> }) {
  const { t, i18n } = useTranslation();
  const translate = (message: string) => t(message as "memories.form.titleRequired");
  const dictation = useDictation({
    language: i18n.language === "fr" ? "fr" : "en",
    onFinalText: (text) => {
      const current = form.getValues("content");
      // Dictated text follows what is typed, separated by a space.
      const separator = current === "" || /\s$/.test(current) ? "" : " ";
      form.setValue("content", `${current}${separator}${text}`, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
    onProblem: (problem) =>
      problem === "unsupported"
        ? toast.error(t("memories.form.voiceUnsupported"), { description: t("memories.form.voiceUnsupportedBody") })
        : toast.error(t("memories.form.voiceError"), { description: t("memories.form.voiceErrorBody") }),
  });

  return (
    <>
      <FormField
        control={form.control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("memories.form.title")}</FormLabel>
            <FormControl>
              <Input placeholder={t("memories.form.titlePlaceholder")} {...field} />
            </FormControl>
            <FormMessage render={translate} />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="content"
        render={({ field }) => (
          <FormItem>
            <div className="flex items-center justify-between gap-2">
              <FormLabel>{t("memories.form.details")}</FormLabel>
              <Button
                variant={dictation.listening ? "destructive" : "outline"}
                size="sm"
                aria-pressed={dictation.listening}
                onClick={dictation.toggle}
              >
                {dictation.listening ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
                {dictation.listening ? t("memories.form.stopDictation") : t("memories.form.dictate")}
              </Button>
            </div>
            <FormControl>
              <Textarea rows={6} placeholder={t("memories.form.detailsPlaceholder")} {...field} />
            </FormControl>
            <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground italic">
              {dictation.listening ? dictation.interim || t("memories.form.listening") : ""}
            </p>
            <FormMessage render={translate} />
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="eventDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("memories.form.date")}</FormLabel>
              <FormControl>
                <Input type="date" placeholder={t("memories.form.dateHint")} {...field} />
              </FormControl>
              <FormMessage render={translate} />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="location"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("memories.form.location")}</FormLabel>
              <FormControl>
                <Input placeholder={t("memories.form.locationPlaceholder")} {...field} />
              </FormControl>
              <FormMessage render={translate} />
            </FormItem>
          )}
        />
      </div>
    </>
  );
}
