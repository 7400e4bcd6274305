import { useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Check, ChevronRight, ListPlus, Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Field, emptyForm, invalidateEntities, useCreateEntity, useEntities, type ParentOption } from "@/features/entities";
import { errorMessage } from "@/lib/api/errors";
import type { Entity, Language, PeriodSuggestion, User } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { formatDate } from "@/lib/dates";
import { isLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import {
  FLAT_SHOWN,
  MIN_PERIODS,
  addSuggestions,
  draftAndDescendants,
  newDraftKey,
  newParentKey,
  newParentValue,
  removeDraft,
  savePeriods,
  suggestionKey,
  withDescendants,
  type PeriodDraft,
} from "../api/periods";
import { invalidateTutorial, useSuggestions, useUpdateBirthDate } from "../api/tutorial";
import { LoadFailed } from "./load-failed";
import { PeriodEditor } from "./period-editor";
import { StepSection } from "./step-section";

interface PeriodsStepProps {
  /** The periods are saved: the flow goes on. */
  onSaved: () => void | Promise<void>;
  /** The save button's text (the tutorial's "Complete setup"). */
  submitLabel?: string;
}

/**
 * The life-periods step, shared by the tutorial and the onboarding flow: an optional birth date,
 * Smart Suggest (by stage of life, or a simple list), a custom-period editor; at least 1 period in
 * all. Saved parent first, a duplicate's existing period standing in for it.
 */
export function PeriodsStep(props: PeriodsStepProps) {
  const { t } = useTranslation();
  const periods = useEntities("lifePeriod");
  const user = useCurrentUser();
  if (periods.isPending || user.isPending) return <Spinner label={t("common.loading")} />;
  if (periods.isError) return <LoadFailed onRetry={() => void periods.refetch()} />;
  return <PeriodsForm periods={periods.data} user={user.data ?? null} {...props} />;
}

type View = "hierarchical" | "flat";
type Editor = { mode: "closed" } | { mode: "add" | "edit"; draft: PeriodDraft };

function PeriodsForm({ periods, user, onSaved, submitLabel }: { periods: Entity[]; user: User | null } & PeriodsStepProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const queryClient = useQueryClient();
  const headingId = useId();
  const countMessageId = useId();
  const create = useCreateEntity();
  const updateBirthDate = useUpdateBirthDate();
  // The periods as they were when the step opened: saving adds to the graph, not to this count.
  const [existing] = useState(periods);
  const [birthDate, setBirthDate] = useState(user?.birthDate ?? "");
  const [suggestFor, setSuggestFor] = useState<{ birthDate: string | null } | null>(null);
  const [view, setView] = useState<View>("hierarchical");
  const [drafts, setDrafts] = useState<PeriodDraft[]>([]);
  const [editor, setEditor] = useState<Editor>({ mode: "closed" });
  const [saving, setSaving] = useState(false);
  const suggestions = useSuggestions({ birthDate: suggestFor?.birthDate ?? null, lang: language, enabled: suggestFor !== null });

  const named = drafts.filter((draft) => draft.form.name.trim() !== "");
  const total = existing.length + named.length;
  const tooFew = total < MIN_PERIODS;
  const added = new Set(drafts.map((draft) => draft.key));

  /** Saves the birth date when it changed; false when the server refused it. */
  const saveBirthDate = async (): Promise<boolean> => {
    const date = birthDate.trim() === "" ? null : birthDate;
    if (date === (user?.birthDate ?? null)) return true;
    try {
      await updateBirthDate.mutateAsync(date);
      return true;
    } catch (error) {
      toast.error(t("tutorial.periods.birthDateFailed"), { description: errorMessage(error, t) });
      return false;
    }
  };

  const smartSuggest = async () => {
    if (await saveBirthDate()) setSuggestFor({ birthDate: birthDate.trim() === "" ? null : birthDate });
  };

  const parentLabel = (value: string): string | null => {
    if (value === "none" || value === "") return null;
    const key = newParentKey(value);
    if (key !== null) return drafts.find((draft) => draft.key === key)?.form.name ?? null;
    return existing.find((period) => String(period.id) === value)?.name ?? null;
  };

  const parentOptions = (key: string): ParentOption[] => {
    const excluded = draftAndDescendants(key, drafts);
    return [
      ...existing.map((period) => ({ value: String(period.id), label: period.name })),
      ...named.filter((draft) => !excluded.has(draft.key)).map((draft) => ({ value: newParentValue(draft.key), label: draft.form.name })),
    ];
  };

  const saveEditor = (draft: PeriodDraft) => {
    setDrafts((current) =>
      current.some((other) => other.key === draft.key) ? current.map((other) => (other.key === draft.key ? draft : other)) : [...current, draft],
    );
    setEditor({ mode: "closed" });
  };

  const complete = async () => {
    if (tooFew) return;
    setSaving(true);
    try {
      await saveBirthDate();
      await savePeriods(drafts, (body) => create.mutateAsync(body));
      await Promise.all([invalidateEntities(queryClient), invalidateTutorial(queryClient)]);
      await onSaved();
    } catch (error) {
      toast.error(t("tutorial.periods.saveFailed"), { description: errorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  };

  const dates = (start: string | null | undefined, end: string | null | undefined, isOneDay: boolean) => {
    if (!start) return t("tutorial.periods.undated");
    if (isOneDay) return formatDate(start, language);
    return t("tutorial.periods.range", {
      start: formatDate(start, language),
      end: end ? formatDate(end, language) : t("tutorial.periods.present"),
    });
  };

  const item = (suggestion: PeriodSuggestion) => ({
    added: added.has(suggestionKey(suggestion)),
    dates: dates(suggestion.suggestedStart, suggestion.suggestedEnd, suggestion.isOneDay),
  });

  return (
    <StepSection title={t("tutorial.periods.heading")} body={t("tutorial.periods.body")}>

      <div className="flex flex-wrap items-end gap-3">
        <Field label={t("tutorial.periods.birthDate")} hint={t("tutorial.periods.birthDateHint")}>
          {(id, hint) => (
            <Input id={id} type="date" className="w-auto" aria-describedby={hint} value={birthDate} onChange={(event) => setBirthDate(event.target.value)} />
          )}
        </Field>
        <Button variant="secondary" className="mb-6" disabled={suggestions.isFetching || updateBirthDate.isPending} onClick={() => void smartSuggest()}>
          <Sparkles aria-hidden="true" />
          {suggestions.isFetching ? t("tutorial.periods.suggesting") : t("tutorial.periods.smartSuggest")}
        </Button>
      </div>

      {suggestions.isError && <LoadFailed message={t("tutorial.periods.suggestFailed")} onRetry={() => void suggestions.refetch()} />}
      {suggestions.data && suggestFor && (
        <section aria-labelledby={`${headingId}-suggestions`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={`${headingId}-suggestions`} className="font-semibold">
              {t("tutorial.periods.suggestions")}
            </h3>
            <div role="group" aria-label={t("tutorial.periods.view.label")} className="flex gap-1 rounded-md border p-1">
              {(["hierarchical", "flat"] as const).map((value) => (
                <Button
                  key={value}
                  size="sm"
                  variant={view === value ? "default" : "ghost"}
                  aria-pressed={view === value}
                  onClick={() => setView(value)}
                >
                  {t(`tutorial.periods.view.${value}`)}
                </Button>
              ))}
            </div>
          </div>
          {view === "hierarchical" ? (
            <ul aria-label={t("tutorial.periods.view.hierarchical")} className="grid gap-2">
              {suggestions.data.lifePeriods.hierarchical.map((suggestion) => (
                <SuggestionNode
                  key={suggestion.id}
                  suggestion={suggestion}
                  describe={item}
                  onAdd={(picked) => setDrafts((current) => addSuggestions(current, picked))}
                />
              ))}
            </ul>
          ) : (
            <ul aria-label={t("tutorial.periods.view.flat")} className="grid gap-2">
              {suggestions.data.lifePeriods.flat.slice(0, FLAT_SHOWN).map((suggestion) => (
                <SuggestionNode
                  key={suggestion.id}
                  suggestion={{ ...suggestion, children: [] }}
                  describe={item}
                  onAdd={(picked) => setDrafts((current) => addSuggestions(current, picked))}
                />
              ))}
            </ul>
          )}
        </section>
      )}

      {drafts.length > 0 && (
        <section aria-labelledby={`${headingId}-new`} className="grid gap-3">
          <h3 id={`${headingId}-new`} className="font-semibold">
            {t("tutorial.periods.newList")}
          </h3>
          <ul className="grid gap-2">
            {drafts.map((draft) => {
              const parent = parentLabel(draft.form.parentPeriod);
              return (
                <li key={draft.key} className="flex items-start gap-2 rounded-lg border p-3">
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium break-words">{draft.form.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {dates(draft.form.startDate, draft.form.endDate, draft.form.isOneDay)}
                      {parent && ` · ${t("tutorial.periods.partOf", { name: parent })}`}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("tutorial.periods.edit", { name: draft.form.name })}
                    onClick={() => setEditor({ mode: "edit", draft })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("tutorial.periods.remove", { name: draft.form.name })}
                    onClick={() => {
                      setDrafts((current) => removeDraft(current, draft.key));
                      if (editor.mode !== "closed" && editor.draft.key === draft.key) setEditor({ mode: "closed" });
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {editor.mode === "closed" ? (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            setEditor({
              mode: "add",
              draft: { key: newDraftKey(), form: emptyForm("lifePeriod"), suggestionId: null, suggestionParentId: null },
            })
          }
        >
          <CalendarPlus aria-hidden="true" />
          {t("tutorial.periods.addCustom")}
        </Button>
      ) : (
        <PeriodEditor
          key={editor.draft.key}
          initial={editor.draft}
          editing={editor.mode === "edit"}
          parentOptions={parentOptions(editor.draft.key)}
          onSave={saveEditor}
          onCancel={() => setEditor({ mode: "closed" })}
        />
      )}

      <div className="grid gap-3 border-t pt-4">
        <p aria-live="polite" className="text-sm font-medium">
          {t("tutorial.periods.counter", { total, existing: existing.length, added: named.length })}
        </p>
        {tooFew && (
          <p id={countMessageId} className="text-sm text-muted-foreground">
            {t("tutorial.periods.atLeast")}
          </p>
        )}
        <Button
          className="justify-self-end"
          disabled={saving || tooFew}
          aria-describedby={tooFew ? countMessageId : undefined}
          onClick={() => void complete()}
        >
          {saving ? t("tutorial.saving") : (submitLabel ?? t("tutorial.periods.complete"))}
        </Button>
      </div>
    </StepSection>
  );
}

/**
 * One suggestion: its dates and description, Add, and for a stage of life with parts, a toggle to
 * show them and Add all (the stage and everything in it).
 */
function SuggestionNode({
  suggestion,
  describe,
  onAdd,
}: {
  suggestion: PeriodSuggestion;
  describe: (suggestion: PeriodSuggestion) => { added: boolean; dates: string };
  onAdd: (suggestions: PeriodSuggestion[]) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const childrenId = useId();
  const { added, dates } = describe(suggestion);
  const hasChildren = suggestion.children.length > 0;
  const everything = withDescendants(suggestion);
  const allAdded = everything.every((part) => describe(part).added);
  return (
    <li className={cn("grid gap-2", suggestion.level > 0 && "border-l-2 pl-3")}>
      <div className="flex flex-wrap items-start gap-2 rounded-lg border p-3">
        {hasChildren ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={t(expanded ? "tutorial.periods.collapse" : "tutorial.periods.expand", { name: suggestion.name })}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronRight className={cn("transition-transform motion-reduce:transition-none", expanded && "rotate-90")} aria-hidden="true" />
          </Button>
        ) : (
          suggestion.level === 0 && <span className="size-8" aria-hidden="true" />
        )}
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
          <span className="font-medium">{suggestion.name}</span>
          <span className="text-sm text-muted-foreground">{dates}</span>
          {suggestion.description && <span className="text-sm text-muted-foreground">{suggestion.description}</span>}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="outline"
            disabled={added}
            aria-label={t(added ? "tutorial.periods.addedOne" : "tutorial.periods.addOne", { name: suggestion.name })}
            onClick={() => onAdd([suggestion])}
          >
            {added ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {added ? t("tutorial.periods.added") : t("tutorial.periods.add")}
          </Button>
          {suggestion.level === 0 && hasChildren && (
            <Button
              size="sm"
              variant="secondary"
              disabled={allAdded}
              aria-label={t("tutorial.periods.addAllOne", { name: suggestion.name })}
              onClick={() => onAdd(everything)}
            >
              <ListPlus aria-hidden="true" />
              {t("tutorial.periods.addAll")}
            </Button>
          )}
        </div>
      </div>
      {hasChildren && expanded && (
        <ul id={childrenId} className="grid gap-2">
          {suggestion.children.map((child) => (
            <SuggestionNode key={child.id} suggestion={child} describe={describe} onAdd={onAdd} />
          ))}
        </ul>
      )}
    </li>
  );
}
