import { X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Field, NativeSelect, personCategories } from "@/features/entities";
import { stepGenders, type PersonDraft } from "../api/people";
import { GenderSelect } from "./step-section";

/** Every relationship but "myself", which is the writer's own person. */
const relationships = personCategories.filter((category) => category !== "myself");

interface PersonEditorProps {
  initial: PersonDraft;
  /** Whether it edits a person already in the list (else it adds one). */
  editing: boolean;
  onSave: (draft: PersonDraft) => void;
  onCancel: () => void;
}

/** The inline editor of a person: name, relationship, gender, other names, birth date, notes. */
export function PersonEditor({ initial, editing, onSave, onCancel }: PersonEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState(initial);
  const [alias, setAlias] = useState("");
  const set = <K extends keyof PersonDraft>(key: K, value: PersonDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const addAlias = () => {
    const text = alias.trim();
    if (text !== "" && !draft.aliases.includes(text)) set("aliases", [...draft.aliases, text]);
    setAlias("");
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === "") return;
    // An other name typed but not yet added is kept too; empty ones are dropped.
    const aliases = [...draft.aliases, alias].map((text) => text.trim()).filter((text, index, all) => text !== "" && all.indexOf(text) === index);
    onSave({ ...draft, name: draft.name.trim(), aliases });
  };

  return (
    <form aria-labelledby={headingId} onSubmit={save} noValidate className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <h4 id={headingId} className="font-semibold">
        {editing ? t("tutorial.people.editor.editTitle", { name: initial.name || t("tutorial.people.editor.title") }) : t("tutorial.people.editor.title")}
      </h4>
      <Field label={t("tutorial.people.editor.name")}>
        {(id) => (
          <Input id={id} value={draft.name} required autoFocus onChange={(event) => set("name", event.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("tutorial.people.editor.relationship")}>
          {(id) => (
            <NativeSelect id={id} value={draft.category} onChange={(value) => set("category", value as PersonDraft["category"])}>
              {relationships.map((category) => (
                <option key={category} value={category}>
                  {t(`personCategories.${category}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("tutorial.people.editor.gender")}>
          {(id) => (
            <GenderSelect id={id} value={draft.gender} onChange={(value) => set("gender", value)} genders={stepGenders} />
          )}
        </Field>
      </div>
      <Field label={t("tutorial.people.editor.aliases")} hint={t("tutorial.people.editor.aliasesHint")}>
        {(id, hint) => (
          <div className="grid gap-2">
            <div className="flex gap-2">
              <Input
                id={id}
                aria-describedby={hint}
                value={alias}
                placeholder={t("tutorial.people.editor.aliasPlaceholder")}
                onChange={(event) => setAlias(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    addAlias();
                  }
                }}
              />
              <Button variant="outline" onClick={addAlias} disabled={alias.trim() === ""}>
                {t("tutorial.people.editor.addAlias")}
              </Button>
            </div>
            {draft.aliases.length > 0 && (
              <ul aria-label={t("tutorial.people.editor.aliases")} className="flex flex-wrap gap-2">
                {draft.aliases.map((item) => (
                  <li key={item} className="flex items-center gap-1 rounded-full border bg-background py-0.5 pr-0.5 pl-3 text-sm">
                    {item}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7 rounded-full"
                      aria-label={t("tutorial.people.editor.removeAlias", { alias: item })}
                      onClick={() => set("aliases", draft.aliases.filter((other) => other !== item))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Field>
      <Field label={t("tutorial.people.editor.birthDate")}>
        {(id) => <Input id={id} type="date" value={draft.birthDate} onChange={(event) => set("birthDate", event.target.value)} />}
      </Field>
      <Field label={t("tutorial.people.editor.notes")}>
        {(id) => <Textarea id={id} rows={3} value={draft.notes} onChange={(event) => set("notes", event.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t("tutorial.cancel")}
        </Button>
        <Button type="submit" disabled={draft.name.trim() === ""}>
          {t("tutorial.people.editor.save")}
        </Button>
      </div>
    </form>
  );
}
