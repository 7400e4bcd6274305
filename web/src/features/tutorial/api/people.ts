import { emptyForm, metadataFromForm } from "@/features/entities";
import type { CreateEntityRequest, Entity, Gender, PersonCategory, UpdateEntityRequest } from "@/lib/api/types";
import { isDuplicate } from "./duplicates";

/** SPEC §5 (people step): the genders offered. */
export const stepGenders = ["male", "female", "non-binary", "other"] as const satisfies readonly Gender[];

/** At least this many people besides "myself" (docs/rules.md "Tutorial"). */
export const MIN_PEOPLE = 3;

/** A person the writer is adding, as the step holds it until it is saved. */
export interface PersonDraft {
  key: string;
  name: string;
  category: PersonCategory;
  /** A gender, or "" when not said (sent as null). */
  gender: string;
  aliases: string[];
  birthDate: string;
  notes: string;
}

export function isMyself(entity: Entity): boolean {
  return entity.metadata.category === "myself";
}

/** Named drafts only: a person without a name is neither counted nor saved. */
export function namedDrafts(drafts: readonly PersonDraft[]): PersonDraft[] {
  return drafts.filter((draft) => draft.name.trim() !== "");
}

const genderOrNull = (gender: string) => (gender === "" ? null : (gender as Gender));

/** The create request of a new person: category, gender, birth date in metadata; aliases and notes. */
export function personRequest(draft: PersonDraft): CreateEntityRequest {
  const metadata = metadataFromForm("person", {
    ...emptyForm("person"),
    category: draft.category,
    birthDate: draft.birthDate,
  });
  const aliases = draft.aliases.map((alias) => alias.trim()).filter((alias) => alias !== "");
  const notes = draft.notes.trim();
  return {
    name: draft.name.trim(),
    type: "person",
    metadata: { ...metadata, gender: genderOrNull(draft.gender) },
    ...(aliases.length > 0 && { aliases }),
    ...(notes !== "" && { notes }),
  };
}

export interface PeopleOperations {
  create: (body: CreateEntityRequest) => Promise<Entity>;
  update: (change: { id: number; body: UpdateEntityRequest }) => Promise<Entity>;
}

/**
 * Saves the writer's own person ("myself": created, or the existing one updated) and each named new
 * person. SPEC §8: a duplicate is skipped quietly; any other failure is logged and the rest goes on.
 */
export async function savePeople(
  { myself, name, gender, drafts }: { myself: Entity | null; name: string; gender: string; drafts: readonly PersonDraft[] },
  operations: PeopleOperations,
): Promise<void> {
  const own = name.trim();
  try {
    if (myself) {
      const sameGender = (myself.metadata.gender ?? "") === gender;
      if (own !== myself.name || !sameGender) {
        await operations.update({
          id: myself.id,
          body: {
            ...(own !== myself.name && { name: own }),
            // The update replaces the whole metadata: the rest is kept as it is.
            metadata: { ...myself.metadata, category: "myself", gender: genderOrNull(gender) },
          },
        });
      }
    } else {
      await operations.create({ name: own, type: "person", metadata: { category: "myself", gender: genderOrNull(gender) } });
    }
  } catch (error) {
    if (!isDuplicate(error)) console.warn("Could not save your own person", error);
  }
  for (const draft of namedDrafts(drafts)) {
    try {
      await operations.create(personRequest(draft));
    } catch (error) {
      if (!isDuplicate(error)) console.warn(`Could not save the person ${draft.name.trim()}`, error);
    }
  }
}
