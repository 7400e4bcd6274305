import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EntityCombobox } from "@/components/entity-combobox";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { ConfirmedEntity, Entity, EntityType, PersonCategory, ValidationResult } from "@/lib/api/types";
import { extractionConfidenceTone, toneClasses } from "@/lib/confidence";
import { useEntities } from "@/features/entities";
import { cn } from "@/lib/utils";
import {
  countChoices,
  initialChoice,
  MAX_MATCHES,
  PERSON_CATEGORIES,
  toConfirmedEntity,
  type ChoiceAction,
  type EntityChoice,
} from "./entity-choices";

export const ENTITY_TYPES = [
  "person",
  "location",
  "lifePeriod",
  "event",
  "emotion",
  "object",
  "activity",
] as const satisfies readonly EntityType[];

function isEntityType(value: string): value is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(value);
}
const ACTIONS: ChoiceAction[] = ["create_new", "use_existing", "add_as_alias", "skip"];

/** The relationship select's value for "not said" (a select item cannot have an empty value). */
const NO_RELATIONSHIP = "none";

function isPersonCategory(value: string): value is PersonCategory {
  return (PERSON_CATEGORIES as readonly string[]).includes(value);
}

interface EntityConfirmationDialogProps {
  open: boolean;
  results: ValidationResult[];
  busy: boolean;
  /** Confirm: the non-skipped choices. */
  onConfirm: (entities: ConfirmedEntity[]) => void;
  /** Save Without Entities. */
  onSaveWithout: () => void;
  /** Closed without choosing (Escape or the corner button). */
  onDismiss: () => void;
}

/** "Confirm AI-Extracted Entities" (docs/screens.md "Entity confirmation dialog"): one choice per extracted entity, counters, skip toggle. */
export function EntityConfirmationDialog({ open, results, busy, onConfirm, onSaveWithout, onDismiss }: EntityConfirmationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onDismiss()}>
      <DialogContent closeLabel={t("common.close")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("memories.confirm.title")}</DialogTitle>
          <DialogDescription>{t("memories.confirm.description")}</DialogDescription>
        </DialogHeader>
        {/* Keyed by the results so a new memory starts from fresh initial choices. */}
        <ConfirmationBody key={results.map((r) => r.extractedName).join("\u0000")} results={results} busy={busy} onConfirm={onConfirm} onSaveWithout={onSaveWithout} />
      </DialogContent>
    </Dialog>
  );
}

function ConfirmationBody({
  results,
  busy,
  onConfirm,
  onSaveWithout,
}: Pick<EntityConfirmationDialogProps, "results" | "busy" | "onConfirm" | "onSaveWithout">) {
  const { t } = useTranslation();
  const { data: entities = [] } = useEntities();
  const [choices, setChoices] = useState<EntityChoice[]>(() => results.map(initialChoice));
  const [showSkipped, setShowSkipped] = useState(false);
  const counts = countChoices(choices);
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const result of results) for (const match of result.matches) map.set(match.entityId, match.name);
    for (const entity of entities) map.set(entity.id, entity.name);
    return map;
  }, [entities, results]);

  const update = (index: number, change: Partial<EntityChoice>) =>
    setChoices((current) => current.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));

  const confirm = () => {
    const items = choices
      .map((choice, index) => (results[index] ? toConfirmedEntity(results[index], choice, (id) => names.get(id)) : null))
      .filter((item): item is ConfirmedEntity => item !== null);
    onConfirm(items);
  };

  return (
    <>
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label={t("memories.confirm.title")}>
        <Counter name="total" label={t("memories.confirm.total")} value={counts.total} />
        <Counter name="confirmed" label={t("memories.confirm.confirmed")} value={counts.confirmed} />
        <Counter name="skipped" label={t("memories.confirm.skipped")} value={counts.skipped} />
      </dl>
      <div className="flex items-center gap-2">
        <Switch id="show-skipped" checked={showSkipped} onCheckedChange={setShowSkipped} />
        <Label htmlFor="show-skipped">{t("memories.confirm.showSkipped")}</Label>
      </div>
      <ul className="grid gap-3">
        {choices.map((choice, index) => {
          const result = results[index];
          return !result || (choice.action === "skip" && !showSkipped) ? null : (
            <EntityChoiceRow
              key={`${result.extractedName}-${index}`}
              result={result}
              choice={choice}
              entities={entities}
              onChange={(change) => update(index, change)}
            />
          );
        })}
      </ul>
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onSaveWithout}>
          {t("memories.confirm.saveWithout")}
        </Button>
        <Button disabled={busy || counts.confirmed === 0} onClick={confirm}>
          {busy ? t("memories.confirm.saving") : t("memories.confirm.save", { count: counts.confirmed })}
        </Button>
      </DialogFooter>
    </>
  );
}

function Counter({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold" data-testid={`counter-${name}`}>
        {value}
      </dd>
    </div>
  );
}

function EntityChoiceRow({
  result,
  choice,
  entities,
  onChange,
}: {
  result: ValidationResult;
  choice: EntityChoice;
  entities: Entity[];
  onChange: (change: Partial<EntityChoice>) => void;
}) {
  const { t } = useTranslation();
  const tone = extractionConfidenceTone(result.extractedConfidence);
  const matches = result.matches.slice(0, MAX_MATCHES);
  const more = result.matches.length - matches.length;
  const typeName = (type: string) => t(`entityTypeNames.${type as "person"}`, { defaultValue: type });
  const existingName = matches.find((match) => match.entityId === choice.existingId)?.name;
  const baseId = useId();

  const setAction = (action: ChoiceAction) => {
    const change: Partial<EntityChoice> = { action };
    if (action === "use_existing" && choice.existingId === null && matches[0]) {
      change.existingId = matches[0].entityId;
      change.createAlias = matches[0].name.toLocaleLowerCase() !== result.extractedName.toLocaleLowerCase();
    }
    onChange(change);
  };

  return (
    <li className={cn("grid gap-3 rounded-lg border p-3", choice.action === "skip" && "opacity-80")} aria-label={result.extractedName}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{result.extractedName}</span>
        <Badge variant="secondary">{typeName(result.extractedType)}</Badge>
        <Badge variant="outline" data-tone={tone} className={toneClasses[tone]}>
          {t("memories.confirm.confidence", { value: result.extractedConfidence })}
        </Badge>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select value={choice.action} onValueChange={(value) => setAction(value as ChoiceAction)}>
          <SelectTrigger aria-label={t("memories.confirm.choice", { name: result.extractedName })}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ACTIONS.map((action) => (
              <SelectItem key={action} value={action} disabled={action === "use_existing" && matches.length === 0}>
                {t(`memories.confirm.actions.${action}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {choice.action === "create_new" && (
          <Select value={choice.selectedEntityType} onValueChange={(value) => {
              if (isEntityType(value)) onChange({ selectedEntityType: value });
            }}>
            <SelectTrigger aria-label={`${t("memories.confirm.type")} (${result.extractedName})`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ENTITY_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {typeName(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        {choice.action === "create_new" && choice.selectedEntityType === "person" && (
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${baseId}-relationship`}>{t("memories.confirm.relationship.label")}</Label>
            <Select
              value={choice.relationship ?? NO_RELATIONSHIP}
              onValueChange={(value) => onChange({ relationship: isPersonCategory(value) ? value : null })}
            >
              <SelectTrigger
                id={`${baseId}-relationship`}
                aria-label={`${t("memories.confirm.relationship.label")} (${result.extractedName})`}
                className="sm:w-[calc(50%-0.375rem)]"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_RELATIONSHIP}>{t("memories.confirm.relationship.none")}</SelectItem>
                {PERSON_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {t(`personCategories.${category}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
      {choice.action === "use_existing" && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("memories.confirm.existing")}</legend>
          {matches.map((match) => (
            <label key={match.entityId} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${baseId}-match`}
                className="size-4 accent-primary"
                checked={choice.existingId === match.entityId}
                onChange={() =>
                  onChange({
                    existingId: match.entityId,
                    createAlias: match.name.toLocaleLowerCase() !== result.extractedName.toLocaleLowerCase(),
                  })
                }
              />
              <span className="font-medium">{match.name}</span>{" "}
              <span className="text-muted-foreground">
                {typeName(match.type)} · {t("memories.confirm.matchConfidence", { value: Math.round(match.confidence * 100) })}
              </span>
            </label>
          ))}
          {more > 0 && <p className="text-sm text-muted-foreground">{t("memories.confirm.moreMatches", { count: more })}</p>}
          {existingName !== undefined && existingName.toLocaleLowerCase() !== result.extractedName.toLocaleLowerCase() && (
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${baseId}-alias`}
                checked={choice.createAlias}
                onCheckedChange={(checked) => onChange({ createAlias: checked === true })}
              />
              <Label htmlFor={`${baseId}-alias`}>
                {t("memories.confirm.createAlias", { alias: result.extractedName, name: existingName })}
              </Label>
            </div>
          )}
        </fieldset>
      )}
      {choice.action === "add_as_alias" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <span className="text-sm font-medium" id={`${baseId}-alias-of`}>
              {t("memories.confirm.aliasOf")}
            </span>
            <EntityCombobox
              entities={entities}
              value={choice.aliasEntityId}
              onChange={(id) => onChange({ aliasEntityId: id })}
              label={`${t("memories.confirm.aliasOf")} (${result.extractedName})`}
              placeholder={t("memories.confirm.chooseEntity")}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${baseId}-alias-text`}>{t("memories.confirm.aliasText")}</Label>
            <Input id={`${baseId}-alias-text`} value={choice.aliasText} onChange={(event) => onChange({ aliasText: event.target.value })} />
          </div>
        </div>
      )}
    </li>
  );
}
