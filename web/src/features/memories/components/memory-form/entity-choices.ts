import { personCategories } from "@/features/entities";
import type { ConfirmationAction, ConfirmedEntity, EntityType, PersonCategory, ValidationResult } from "@/lib/api/types";

/** What the writer does with one extracted entity (docs/rules.md "Entity confirmation"); skipped ones are left out of the request. */
export type ChoiceAction = Exclude<ConfirmationAction, "merge_entities">;

export interface EntityChoice {
  action: ChoiceAction;
  /** create_new: the type to create (defaults to the extracted type). */
  selectedEntityType: EntityType;
  /** create_new of a person: how the person stands to the writer (defaults to the extracted relationship; null: not said). */
  relationship: PersonCategory | null;
  /** use_existing: one of the top matches. */
  existingId: number | null;
  /** use_existing: also keep the extracted name as an alias of the existing entity. */
  createAlias: boolean;
  /** add_as_alias: any existing entity, and the alias text (defaults to the extracted name). */
  aliasEntityId: number | null;
  aliasText: string;
}

/** Every person category, in the order of docs/data.md ("Person categories"), for the relationship choice. */
export const PERSON_CATEGORIES: readonly PersonCategory[] = personCategories;

/** At most this many matches are offered for use_existing (docs/constants.md). */
export const MAX_MATCHES = 3;

function sameName(a: string, b: string) {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/**
 * Initial choice (docs/rules.md "Entity confirmation"): use_existing with a recommended entity uses
 * it (proposing an alias when the names differ); otherwise create_new, except merge_entities, which
 * becomes use_existing.
 */
export function initialChoice(result: ValidationResult): EntityChoice {
  const base: EntityChoice = {
    action: "create_new",
    selectedEntityType: result.extractedType,
    relationship: result.extractedRelationship ?? null,
    existingId: null,
    createAlias: false,
    aliasEntityId: null,
    aliasText: result.extractedName,
  };
  const recommended = result.recommendedEntityId ?? null;
  const chooseExisting = (entityId: number): EntityChoice => {
    const existingName = result.matches.find((match) => match.entityId === entityId)?.name;
    return {
      ...base,
      action: "use_existing",
      existingId: entityId,
      createAlias: existingName !== undefined && !sameName(existingName, result.extractedName),
      aliasEntityId: entityId,
    };
  };
  if (result.suggestedAction === "use_existing" && recommended !== null) return chooseExisting(recommended);
  if (result.suggestedAction === "merge_entities") {
    const target = recommended ?? result.matches[0]?.entityId ?? null;
    if (target !== null) return chooseExisting(target);
  }
  return base;
}

/** The request item for one choice, or null when skipped or incomplete. */
export function toConfirmedEntity(
  result: ValidationResult,
  choice: EntityChoice,
  entityName: (id: number) => string | undefined,
): ConfirmedEntity | null {
  const common = {
    name: result.extractedName,
    type: result.extractedType,
    confidence: result.extractedConfidence,
  };
  switch (choice.action) {
    case "skip":
      return null;
    case "create_new":
      return {
        ...common,
        action: "create_new",
        selectedEntityType: choice.selectedEntityType,
        // Only a new person keeps a relationship (as its category); none chosen sends none.
        ...(choice.selectedEntityType === "person" && choice.relationship !== null && { relationship: choice.relationship }),
      };
    case "use_existing":
      if (choice.existingId === null) return null;
      return {
        ...common,
        action: "use_existing",
        entityId: choice.existingId,
        createAlias: choice.createAlias,
        existingName: entityName(choice.existingId) ?? null,
      };
    case "add_as_alias":
      if (choice.aliasEntityId === null) return null;
      return {
        ...common,
        action: "add_as_alias",
        entityId: choice.aliasEntityId,
        aliasText: choice.aliasText.trim() || result.extractedName,
        existingName: entityName(choice.aliasEntityId) ?? null,
      };
  }
}

/** The dialog's counters: every result, those kept (complete), those skipped. */
export function countChoices(choices: EntityChoice[]) {
  const skipped = choices.filter((choice) => choice.action === "skip").length;
  const confirmed = choices.filter(
    (choice) =>
      choice.action === "create_new" ||
      (choice.action === "use_existing" && choice.existingId !== null) ||
      (choice.action === "add_as_alias" && choice.aliasEntityId !== null),
  ).length;
  return { total: choices.length, confirmed, skipped };
}
