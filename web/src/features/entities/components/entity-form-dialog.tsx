import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api/errors";
import type { Entity, EntityType } from "@/lib/api/types";
import { cn } from "@/lib/utils";
import { useEntities } from "../api/get-entities";
import { useCreateEntity, useUpdateEntity } from "../api/mutations";
import { activityCategories, genders, locationCategories, objectCategories, personCategories } from "../categories";
import {
  aliasesFromForm,
  emptyForm,
  formFromEntity,
  metadataFromForm,
  periodAndDescendants,
  type EntityFormValues,
} from "../entity-form";

interface EntityFormDialogProps {
  type: EntityType;
  /** The entity to edit; null to add one. */
  entity: Entity | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/screens.md "Entity list": the add and edit dialogs, with each type's own fields. */
export function EntityFormDialog({ type, entity, open, onOpenChange }: EntityFormDialogProps) {
  const { t } = useTranslation();
  const typeName = t(`entityTypeNames.${type}`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")} className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {entity ? t("entities.form.editTitle", { name: entity.name }) : t("entities.form.addTitle", { type: typeName })}
          </DialogTitle>
          <DialogDescription>{t("entities.form.description")}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from the entity as it is. */}
        {open && <EntityForm type={type} entity={entity} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EntityForm({ type, entity, onDone }: { type: EntityType; entity: Entity | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<EntityFormValues>(() => (entity ? formFromEntity(entity) : emptyForm(type)));
  const create = useCreateEntity();
  const update = useUpdateEntity();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof EntityFormValues>(key: K, value: EntityFormValues[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const isPeriod = type === "lifePeriod";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    if (name === "") return;
    const metadata = metadataFromForm(type, form);
    const aliases = aliasesFromForm(form);
    const notes = form.notes.trim();
    if (entity) {
      // docs/rules.md: the name is sent only when it changed.
      const body = {
        ...(name !== entity.name && { name }),
        metadata,
        aliases,
        notes: notes === "" ? null : notes,
      };
      update.mutate(
        { id: entity.id, body },
        {
          onSuccess: () => {
            toast.success(isPeriod ? t("entities.toasts.periodUpdated") : t("entities.toasts.updated"));
            onDone();
          },
          onError: (error) => toast.error(t("entities.toasts.updateFailed"), { description: errorMessage(error, t) }),
        },
      );
    } else {
      create.mutate(
        { name, type, metadata, aliases, ...(notes !== "" && { notes }) },
        {
          onSuccess: () => {
            toast.success(
              isPeriod ? t("entities.toasts.periodCreated") : t("entities.toasts.added", { type: t(`entityTypeNames.${type}`) }),
            );
            onDone();
          },
          onError: (error) => toast.error(t("entities.toasts.createFailed"), { description: errorMessage(error, t) }),
        },
      );
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label={t("entities.form.name")}>
        {(id) => (
          <Input
            id={id}
            value={form.name}
            onChange={(event) => set("name", event.target.value)}
            placeholder={t("entities.form.namePlaceholder")}
            required
            aria-invalid={form.name !== "" && form.name.trim() === ""}
          />
        )}
      </Field>
      <TypeFields type={type} entity={entity} form={form} set={set} />
      <Field label={t("entities.form.aliases")} hint={t("entities.form.listHint")}>
        {(id, hint) => (
          <Input id={id} aria-describedby={hint} value={form.aliases} onChange={(event) => set("aliases", event.target.value)} />
        )}
      </Field>
      <Field label={isPeriod ? t("entities.form.periodDescription") : t("entities.form.notes")}>
        {(id) => <Textarea id={id} rows={3} value={form.notes} onChange={(event) => set("notes", event.target.value)} />}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          {t("entities.form.cancel")}
        </Button>
        <Button type="submit" disabled={busy || form.name.trim() === ""}>
          {entity
            ? busy
              ? t("entities.form.saving")
              : t("entities.form.save")
            : busy
              ? t("entities.form.adding")
              : t("entities.form.add")}
        </Button>
      </DialogFooter>
    </form>
  );
}

export type Setter = <K extends keyof EntityFormValues>(key: K, value: EntityFormValues[K]) => void;

/** The fields of one type (docs/data.md "Metadata per type"). */
function TypeFields({ type, entity, form, set }: { type: EntityType; entity: Entity | null; form: EntityFormValues; set: Setter }) {
  const { t } = useTranslation();
  const text = (key: keyof EntityFormValues, label: string, props: ComponentProps<typeof Input> = {}) => (
    <Field label={label}>
      {(id) => <Input id={id} value={String(form[key])} onChange={(event) => set(key, event.target.value as never)} {...props} />}
    </Field>
  );
  const listText = (key: keyof EntityFormValues, label: string) => (
    <Field label={label} hint={t("entities.form.listHint")}>
      {(id, hint) => (
        <Input id={id} aria-describedby={hint} value={String(form[key])} onChange={(event) => set(key, event.target.value as never)} />
      )}
    </Field>
  );
  // docs/data.md: the add form offers the create list, the edit form the edit list.
  const list = entity ? "edit" : "create";
  const category = (options: readonly string[], labels: "personCategories" | "locationCategories" | "objectCategories" | "activityCategories") => (
    <Field label={t("entities.form.category")}>
      {(id) => (
        <NativeSelect id={id} value={form.category} onChange={(value) => set("category", value)}>
          {/* A stored category the list does not offer stays choosable. */}
          {form.category !== "" && !options.includes(form.category) && (
            <option value={form.category}>{t(`${labels}.${form.category}` as "personCategories.friend")}</option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`${labels}.${option}` as "personCategories.friend")}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  const scale = (key: "appreciation" | "intensity", label: string) => (
    <Field label={label}>
      {(id) => (
        <NativeSelect id={id} value={form[key]} onChange={(value) => set(key, value)}>
          {key === "intensity" && <option value="">{t("entities.form.notSaid")}</option>}
          {Array.from({ length: 10 }, (_, index) => String(index + 1)).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );

  switch (type) {
    case "person":
      return (
        <>
          {category(personCategories, "personCategories")}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("entities.form.gender")}>
              {(id) => (
                <NativeSelect id={id} value={form.gender} onChange={(value) => set("gender", value)}>
                  <option value="">{t("entities.form.notSaid")}</option>
                  {genders.map((gender) => (
                    <option key={gender} value={gender}>
                      {t(`genders.${gender}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {text("birthDate", t("entities.form.birthDate"), { type: "date" })}
          </div>
          {text("relationshipToUser", t("entities.form.relationshipToUser"))}
          {text("occupation", t("entities.form.occupation"))}
        </>
      );
    case "location":
      return (
        <>
          {category(locationCategories[list], "locationCategories")}
          {text("address", t("entities.form.address"))}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("latitude", t("entities.form.latitude"), { inputMode: "decimal" })}
            {text("longitude", t("entities.form.longitude"), { inputMode: "decimal" })}
          </div>
          {listText("visitedDates", t("entities.form.visitedDates"))}
        </>
      );
    case "object":
      return (
        <>
          {category(objectCategories[list], "objectCategories")}
          {scale("appreciation", t("entities.form.appreciation"))}
        </>
      );
    case "activity":
      return (
        <>
          {category(activityCategories[list], "activityCategories")}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("frequency", t("entities.form.frequency"))}
            {text("date", t("entities.form.date"), { type: "date" })}
          </div>
          {listText("participants", t("entities.form.participants"))}
          {text("location", t("entities.form.location"))}
        </>
      );
    case "emotion":
      return (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {scale("intensity", t("entities.form.intensity"))}
            {text("frequency", t("entities.form.frequency"))}
          </div>
          {listText("triggers", t("entities.form.triggers"))}
          {listText("copingStrategies", t("entities.form.copingStrategies"))}
        </>
      );
    case "lifePeriod":
      return <PeriodFields entity={entity} form={form} set={set} />;
    case "event":
      return (
        <>
          {text("date", t("entities.form.date"), { type: "date" })}
          {text("location", t("entities.form.location"))}
        </>
      );
  }
}

/** A period the parent chooser offers: its value in the form's `parentPeriod`, and its name. */
export interface ParentOption {
  value: string;
  label: string;
}

/**
 * Start, one day or end (empty end: ongoing), and the period it is part of. The parents offered are
 * the writer's other periods, or `parentOptions` when the caller knows periods not saved yet (the
 * tutorial's).
 */
export function PeriodFields({
  entity,
  form,
  set,
  parentOptions,
}: {
  entity: Entity | null;
  form: EntityFormValues;
  set: Setter;
  parentOptions?: readonly ParentOption[];
}) {
  const { t } = useTranslation();
  const oneDayId = useId();
  const { data: periods = [] } = useEntities("lifePeriod");
  // docs/rules.md: the parent is another period, never one inside this one.
  const excluded = entity ? periodAndDescendants(entity.id, periods) : new Set<number>();
  const parents =
    parentOptions ??
    periods.filter((period) => !excluded.has(period.id)).map((period) => ({ value: String(period.id), label: period.name }));
  return (
    <>
      <div className="flex items-center gap-2">
        <Checkbox
          id={oneDayId}
          checked={form.isOneDay}
          onCheckedChange={(checked) => {
            set("isOneDay", checked === true);
            if (checked === true) set("endDate", form.startDate);
          }}
        />
        <Label htmlFor={oneDayId}>{t("entities.form.isOneDay")}</Label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("entities.form.startDate")}>
          {(id) => (
            <Input
              id={id}
              type="date"
              value={form.startDate}
              onChange={(event) => {
                set("startDate", event.target.value);
                // The end follows the start of a one-day event.
                if (form.isOneDay) set("endDate", event.target.value);
              }}
            />
          )}
        </Field>
        {!form.isOneDay && (
          <Field label={t("entities.form.endDate")} hint={t("entities.form.endDateHint")}>
            {(id, hint) => (
              <Input id={id} type="date" aria-describedby={hint} value={form.endDate} onChange={(event) => set("endDate", event.target.value)} />
            )}
          </Field>
        )}
      </div>
      <Field label={t("entities.form.parent")}>
        {(id) => (
          <NativeSelect id={id} value={form.parentPeriod} onChange={(value) => set("parentPeriod", value)}>
            <option value="none">{t("entities.form.noParent")}</option>
            {parents.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </>
  );
}

/** A labelled field; `children` receives the input's id and the hint's id. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string, hintId?: string) => ReactNode }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(id, hint ? hintId : undefined)}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The browser's own select, styled as an input: every option reachable by keyboard and screen reader. */
export function NativeSelect({
  id,
  value,
  onChange,
  children,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      {children}
    </select>
  );
}
