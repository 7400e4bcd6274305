import { emptyForm, metadataFromForm, type EntityFormValues } from "@/features/entities";
import type { CreateEntityRequest, Entity, PeriodSuggestion } from "@/lib/api/types";
import { existingEntityOf, isDuplicate } from "./duplicates";

/** At least this many periods in all (docs/rules.md "Tutorial"). */
export const MIN_PERIODS = 1;

/** The flat list of suggestions shows its first 5 (SPEC §9). */
export const FLAT_SHOWN = 5;

/** The parent chooser's value of a period not saved yet ("new:<key>"); saved periods are their id. */
const NEW_PREFIX = "new:";
export const newParentValue = (key: string) => `${NEW_PREFIX}${key}`;
export const newParentKey = (value: string) => (value.startsWith(NEW_PREFIX) ? value.slice(NEW_PREFIX.length) : null);

/** A period the writer is adding: the entities' period form, and the suggestion it came from. */
export interface PeriodDraft {
  key: string;
  form: EntityFormValues;
  /** The suggestion's id and its parent's, to link a suggested period to its stage of life. */
  suggestionId: string | null;
  suggestionParentId: string | null;
}

let counter = 0;
export function newDraftKey(): string {
  counter += 1;
  return `custom-${counter}`;
}

export const suggestionKey = (suggestion: Pick<PeriodSuggestion, "id">) => `suggested-${suggestion.id}`;

/** A draft from a suggestion: its name, description, dates and one-day flag. */
export function draftFromSuggestion(suggestion: PeriodSuggestion): PeriodDraft {
  return {
    key: suggestionKey(suggestion),
    form: {
      ...emptyForm("lifePeriod"),
      name: suggestion.name,
      notes: suggestion.description,
      startDate: suggestion.suggestedStart ?? "",
      endDate: suggestion.isOneDay ? (suggestion.suggestedStart ?? "") : (suggestion.suggestedEnd ?? ""),
      isOneDay: suggestion.isOneDay,
    },
    suggestionId: suggestion.id,
    suggestionParentId: suggestion.parentId ?? null,
  };
}

/** A suggestion and everything inside it, parents before their parts. */
export function withDescendants(suggestion: PeriodSuggestion): PeriodSuggestion[] {
  return [suggestion, ...suggestion.children.flatMap(withDescendants)];
}

/**
 * Adds suggestions to the drafts (each once), linking each to its parent suggestion when that is
 * among the drafts, whichever came first.
 */
export function addSuggestions(drafts: readonly PeriodDraft[], suggestions: readonly PeriodSuggestion[]): PeriodDraft[] {
  let result = [...drafts];
  for (const suggestion of suggestions) {
    if (result.some((draft) => draft.key === suggestionKey(suggestion))) continue;
    const draft = draftFromSuggestion(suggestion);
    const parent = result.find((other) => other.suggestionId !== null && other.suggestionId === draft.suggestionParentId);
    if (parent) draft.form.parentPeriod = newParentValue(parent.key);
    result = result.map((other) =>
      other.suggestionParentId === suggestion.id && other.form.parentPeriod === "none"
        ? { ...other, form: { ...other.form, parentPeriod: newParentValue(draft.key) } }
        : other,
    );
    result.push(draft);
  }
  return result;
}

/** Removes a draft; the drafts inside it lose their parent. */
export function removeDraft(drafts: readonly PeriodDraft[], key: string): PeriodDraft[] {
  return drafts
    .filter((draft) => draft.key !== key)
    .map((draft) =>
      draft.form.parentPeriod === newParentValue(key) ? { ...draft, form: { ...draft.form, parentPeriod: "none" } } : draft,
    );
}

/** The draft and every draft inside it, however deep: none can be its parent. */
export function draftAndDescendants(key: string, drafts: readonly PeriodDraft[]): Set<string> {
  const excluded = new Set([key]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const draft of drafts) {
      const parent = newParentKey(draft.form.parentPeriod);
      if (parent !== null && excluded.has(parent) && !excluded.has(draft.key)) {
        excluded.add(draft.key);
        grew = true;
      }
    }
  }
  return excluded;
}

/** Each draft's level among the drafts: 0 without a new parent, else one more than its parent. */
export function draftLevels(drafts: readonly PeriodDraft[]): Map<string, number> {
  const byKey = new Map(drafts.map((draft) => [draft.key, draft]));
  const levels = new Map<string, number>();
  const levelOf = (draft: PeriodDraft, seen: Set<string>): number => {
    const known = levels.get(draft.key);
    if (known !== undefined) return known;
    const parentKey = newParentKey(draft.form.parentPeriod);
    const parent = parentKey === null ? undefined : byKey.get(parentKey);
    // A loop (which the chooser prevents) is cut where it closes.
    const level = parent && !seen.has(parent.key) ? levelOf(parent, new Set([...seen, draft.key])) + 1 : 0;
    levels.set(draft.key, level);
    return level;
  };
  for (const draft of drafts) levelOf(draft, new Set());
  return levels;
}

/** Drafts in saving order: parents first, level by level (a stable sort keeps the writer's order). */
export function savingOrder(drafts: readonly PeriodDraft[]): PeriodDraft[] {
  const levels = draftLevels(drafts);
  return [...drafts].sort((a, b) => (levels.get(a.key) ?? 0) - (levels.get(b.key) ?? 0));
}

/** The create request of a period, its parent given as an id (or none). */
export function periodRequest(draft: PeriodDraft, parentId: number | null): CreateEntityRequest {
  const { parentPeriod: _none, ...metadata } = metadataFromForm("lifePeriod", { ...draft.form, parentPeriod: "none" });
  const notes = draft.form.notes.trim();
  return {
    name: draft.form.name.trim(),
    type: "lifePeriod",
    // docs/data.md: `parentPeriods`, the ids of the periods it lies in.
    metadata: { ...metadata, ...(parentId !== null && { parentPeriods: [parentId] }) },
    ...(notes !== "" && { notes }),
  };
}

/**
 * Saves the drafts parent first in level order (docs/rules.md). A duplicate (409) is skipped and the
 * existing period's id, from the answer, stands in for it in its children's parent links. Any other
 * failure stops the save and is thrown.
 */
export async function savePeriods(
  drafts: readonly PeriodDraft[],
  create: (body: CreateEntityRequest) => Promise<Entity>,
): Promise<void> {
  const ids = new Map<string, number>();
  for (const draft of savingOrder(drafts)) {
    if (draft.form.name.trim() === "") continue;
    const parent = draft.form.parentPeriod;
    const parentKey = newParentKey(parent);
    const parentId = parentKey !== null ? (ids.get(parentKey) ?? null) : parent === "none" || parent === "" ? null : Number(parent);
    try {
      const entity = await create(periodRequest(draft, parentId));
      ids.set(draft.key, entity.id);
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      const existing = existingEntityOf(error);
      if (existing) ids.set(draft.key, existing.id);
    }
  }
}
