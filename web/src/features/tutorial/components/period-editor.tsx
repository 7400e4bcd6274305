import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Field, PeriodFields, type EntityFormValues, type ParentOption } from "@/features/entities";
import type { PeriodDraft } from "../api/periods";

interface PeriodEditorProps {
  initial: PeriodDraft;
  editing: boolean;
  /** The periods it may be part of: the writer's and the new ones (never itself or one inside it). */
  parentOptions: readonly ParentOption[];
  onSave: (draft: PeriodDraft) => void;
  onCancel: () => void;
}

/**
 * The inline editor of a period: its name, the entities' period fields (one-day event, start, end
 * or ongoing, the period it is part of), and a description.
 */
export function PeriodEditor({ initial, editing, parentOptions, onSave, onCancel }: PeriodEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [form, setForm] = useState<EntityFormValues>(initial.form);
  const set = <K extends keyof EntityFormValues>(key: K, value: EntityFormValues[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.name.trim() === "") return;
    onSave({ ...initial, form: { ...form, name: form.name.trim() } });
  };

  return (
    <form aria-labelledby={headingId} onSubmit={save} noValidate className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <h4 id={headingId} className="font-semibold">
        {editing ? t("tutorial.periods.editor.editTitle", { name: initial.form.name }) : t("tutorial.periods.editor.title")}
      </h4>
      <Field label={t("tutorial.periods.editor.name")}>
        {(id) => <Input id={id} value={form.name} required autoFocus onChange={(event) => set("name", event.target.value)} />}
      </Field>
      <PeriodFields entity={null} form={form} set={set} parentOptions={parentOptions} />
      <Field label={t("tutorial.periods.editor.description")}>
        {(id) => <Textarea id={id} rows={3} value={form.notes} onChange={(event) => set("notes", event.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t("tutorial.cancel")}
        </Button>
        <Button type="submit" disabled={form.name.trim() === ""}>
          {t("tutorial.periods.editor.save")}
        </Button>
      </div>
    </form>
  );
}
