import { useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2, UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Field, invalidateEntities, useCreateEntity, useEntities, useUpdateEntity } from "@/features/entities";
import type { Entity, PersonCategory, PersonSuggestion, SuggestionGroup } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { currentLanguage } from "@/lib/i18n";
import { MIN_PEOPLE, isMyself, namedDrafts, savePeople, stepGenders, type PersonDraft } from "../api/people";
import { invalidateTutorial, useSuggestions } from "../api/tutorial";
import { LoadFailed } from "./load-failed";
import { PersonEditor } from "./person-editor";
import { GenderSelect, StepSection } from "./step-section";

interface PeopleStepProps {
  /** The people are saved: the flow goes on. */
  onSaved: () => void;
}

/**
 * The people step, shared by the tutorial and the onboarding flow: the writer's own name and gender
 * (their "myself" person), quick-add suggestions and a custom-person editor; at least 3 people in
 * all (those already in the graph count).
 */
export function PeopleStep({ onSaved }: PeopleStepProps) {
  const { t } = useTranslation();
  const people = useEntities("person");
  const user = useCurrentUser();
  if (people.isPending || user.isPending) return <Spinner label={t("common.loading")} />;
  if (people.isError) return <LoadFailed onRetry={() => void people.refetch()} />;
  return <PeopleForm people={people.data} defaultName={[user.data?.firstName, user.data?.lastName].filter(Boolean).join(" ")} onSaved={onSaved} />;
}

let counter = 0;
function draftKey() {
  counter += 1;
  return `person-${counter}`;
}

function emptyDraft(category: PersonCategory = "friend", gender = ""): PersonDraft {
  return { key: draftKey(), name: "", category, gender, aliases: [], birthDate: "", notes: "" };
}

type Editor = { mode: "closed" } | { mode: "add"; draft: PersonDraft } | { mode: "edit"; draft: PersonDraft };

function PeopleForm({ people, defaultName, onSaved }: { people: Entity[]; defaultName: string } & PeopleStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const nameMessageId = useId();
  const countMessageId = useId();
  const create = useCreateEntity();
  const update = useUpdateEntity();
  // The people as they were when the step opened: saving adds to the graph, not to this count.
  const [myself] = useState(() => people.find(isMyself) ?? null);
  const [existing] = useState(() => people.filter((person) => !isMyself(person)).length);
  const [name, setName] = useState(myself?.name ?? defaultName);
  const [gender, setGender] = useState(() => {
    const own = myself?.metadata.gender ?? "";
    return (stepGenders as readonly string[]).includes(own) ? own : "";
  });
  const [drafts, setDrafts] = useState<PersonDraft[]>([]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [editor, setEditor] = useState<Editor>({ mode: "closed" });
  const [saving, setSaving] = useState(false);

  const added = namedDrafts(drafts).length;
  const total = existing + added;
  const nameMissing = name.trim() === "";
  const tooFew = total < MIN_PEOPLE;

  const quickAdd = (suggestion: PersonSuggestion) => {
    const draft = emptyDraft(suggestion.category as PersonCategory, suggestion.gender ?? "");
    setDrafts((current) => [...current, draft]);
    setFocusKey(draft.key);
  };
  const setDraftName = (key: string, value: string) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, name: value } : draft)));
  const saveEditor = (draft: PersonDraft) => {
    setDrafts((current) =>
      current.some((other) => other.key === draft.key) ? current.map((other) => (other.key === draft.key ? draft : other)) : [...current, draft],
    );
    setEditor({ mode: "closed" });
  };

  const save = async () => {
    if (nameMissing || tooFew) return;
    setSaving(true);
    try {
      await savePeople(
        { myself, name, gender, drafts },
        { create: (body) => create.mutateAsync(body), update: (change) => update.mutateAsync(change) },
      );
      await Promise.all([invalidateEntities(queryClient), invalidateTutorial(queryClient)]);
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepSection title={t("tutorial.people.heading")} body={t("tutorial.people.body")}>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("tutorial.people.yourName")}>
          {(id) => (
            <Input
              id={id}
              value={name}
              required
              autoComplete="name"
              aria-invalid={nameMissing}
              aria-describedby={nameMissing ? nameMessageId : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label={t("tutorial.people.yourGender")}>
          {(id) => (
            <GenderSelect id={id} value={gender} onChange={setGender} genders={stepGenders} />
          )}
        </Field>
      </div>

      <QuickAdd onAdd={quickAdd} />

      {drafts.length > 0 && (
        <section aria-labelledby={`${headingId}-new`} className="grid gap-3">
          <h3 id={`${headingId}-new`} className="font-semibold">
            {t("tutorial.people.newList")}
          </h3>
          <ul className="grid gap-3">
            {drafts.map((draft) => (
              <li key={draft.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <Field label={t("tutorial.people.nameOf", { relationship: t(`personCategories.${draft.category}`) })}>
                  {(id) => (
                    <Input
                      id={id}
                      value={draft.name}
                      autoFocus={draft.key === focusKey}
                      onChange={(event) => setDraftName(draft.key, event.target.value)}
                    />
                  )}
                </Field>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("tutorial.people.edit", { name: draft.name.trim() || t(`personCategories.${draft.category}`) })}
                    onClick={() => setEditor({ mode: "edit", draft })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("tutorial.people.remove", { name: draft.name.trim() || t(`personCategories.${draft.category}`) })}
                    onClick={() => setDrafts((current) => current.filter((other) => other.key !== draft.key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {draft.aliases.length > 0 && (
                  <p className="text-sm text-muted-foreground sm:col-span-2">
                    {t("tutorial.people.alsoCalled", { aliases: draft.aliases.join(", ") })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {editor.mode === "closed" ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditor({ mode: "add", draft: emptyDraft() })}>
          <UserPlus aria-hidden="true" />
          {t("tutorial.people.addCustom")}
        </Button>
      ) : (
        <PersonEditor
          key={editor.draft.key}
          initial={editor.draft}
          editing={editor.mode === "edit"}
          onSave={saveEditor}
          onCancel={() => setEditor({ mode: "closed" })}
        />
      )}

      <div className="grid gap-3 border-t pt-4">
        <p aria-live="polite" className="text-sm font-medium">
          {t("tutorial.people.counter", { total, existing, added })}
        </p>
        {nameMissing && (
          <p id={nameMessageId} className="text-sm text-destructive">
            {t("tutorial.people.nameRequired")}
          </p>
        )}
        {tooFew && (
          <p id={countMessageId} className="text-sm text-muted-foreground">
            {t("tutorial.people.atLeast", { minimum: MIN_PEOPLE })}
          </p>
        )}
        <Button
          className="justify-self-end"
          disabled={saving || nameMissing || tooFew}
          aria-describedby={tooFew ? countMessageId : undefined}
          onClick={() => void save()}
        >
          {saving ? t("tutorial.saving") : t("tutorial.people.save")}
        </Button>
      </div>
    </StepSection>
  );
}

const groups: readonly SuggestionGroup[] = ["family", "friends", "companion_animal"];

/** The server's suggestions, grouped: a chip adds a row where the writer types that person's name. */
function QuickAdd({ onAdd }: { onAdd: (suggestion: PersonSuggestion) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const suggestions = useSuggestions({ birthDate: null, lang: currentLanguage() });
  const people = suggestions.data?.people ?? [];
  if (suggestions.isError || (suggestions.isSuccess && people.length === 0)) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {t("tutorial.people.quickAdd")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("tutorial.people.quickAddHint")}</p>
      </div>
      {suggestions.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : (
        groups.map((group) => {
          const inGroup = people.filter((person) => person.group === group);
          if (inGroup.length === 0) return null;
          return (
            <div key={group} role="group" aria-labelledby={`${headingId}-${group}`} className="grid gap-2">
              <h4 id={`${headingId}-${group}`} className="text-sm font-medium text-muted-foreground">
                {t(`tutorial.people.groups.${group}`)}
              </h4>
              <ul className="flex flex-wrap gap-2">
                {inGroup.map((person) => {
                  const label = t(`personCategories.${person.category as PersonCategory}`);
                  return (
                    <li key={person.category}>
                      <Button
                        variant="outline"
                        size="sm"
                        className="rounded-full"
                        aria-label={t("tutorial.people.quickAddOne", { relationship: label })}
                        onClick={() => onAdd(person)}
                      >
                        <Plus aria-hidden="true" />
                        {label}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}
