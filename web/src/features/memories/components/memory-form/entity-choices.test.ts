import { describe, expect, it } from "vitest";
import type { SuggestedAction } from "@/lib/api/types";
import { makeEntityMatch, makeValidationResult } from "@/test/builders";
import { countChoices, initialChoice, toConfirmedEntity } from "./entity-choices";

const result = makeValidationResult;
const claire = makeEntityMatch(7, "Claire");
const names = (id: number) => (id === 7 ? "Claire" : undefined);

describe("initialChoice (docs/rules.md)", () => {
  it("uses the recommended entity and proposes an alias when the names differ", () => {
    const choice = initialChoice(result({ suggestedAction: "use_existing", recommendedEntityId: 7, matches: [claire] }));
    expect(choice).toMatchObject({ action: "use_existing", existingId: 7, createAlias: true });
  });

  it("proposes no alias when the names are the same (case aside)", () => {
    const choice = initialChoice(
      result({ extractedName: "claire", suggestedAction: "use_existing", recommendedEntityId: 7, matches: [claire] }),
    );
    expect(choice).toMatchObject({ action: "use_existing", existingId: 7, createAlias: false });
  });

  it("creates new when use_existing has no recommended entity", () => {
    expect(initialChoice(result({ suggestedAction: "use_existing", matches: [claire] })).action).toBe("create_new");
  });

  it("turns merge_entities into use_existing", () => {
    expect(initialChoice(result({ suggestedAction: "merge_entities", recommendedEntityId: 7, matches: [claire] }))).toMatchObject({
      action: "use_existing",
      existingId: 7,
    });
    expect(initialChoice(result({ suggestedAction: "merge_entities", matches: [claire] }))).toMatchObject({
      action: "use_existing",
      existingId: 7,
    });
  });

  it("creates new otherwise, add_as_alias included, with the extracted type and the name as alias text", () => {
    for (const suggestedAction of ["create_new", "add_as_alias"] satisfies SuggestedAction[]) {
      expect(initialChoice(result({ suggestedAction, recommendedEntityId: 7, matches: [claire] }))).toMatchObject({
        action: "create_new",
        selectedEntityType: "person",
        aliasText: "Clairette",
      });
    }
  });
});

describe("toConfirmedEntity", () => {
  const base = result({ suggestedAction: "use_existing", recommendedEntityId: 7, matches: [claire] });

  it("leaves skipped entities out", () => {
    expect(toConfirmedEntity(base, { ...initialChoice(base), action: "skip" }, names)).toBeNull();
  });

  it("sends the chosen type with create_new, and no relationship for what is not a person", () => {
    const choice = { ...initialChoice(base), action: "create_new" as const, selectedEntityType: "activity" as const };
    expect(toConfirmedEntity(base, choice, names)).toEqual({
      action: "create_new",
      name: "Clairette",
      type: "person",
      selectedEntityType: "activity",
      confidence: 92,
    });
  });

  it("sends a new person's relationship: the extracted one, the writer's choice, or none when not said", () => {
    const sister = result({ extractedRelationship: "sister" });
    const choice = initialChoice(sister);
    expect(choice.relationship).toBe("sister");
    expect(toConfirmedEntity(sister, choice, names)).toEqual({
      action: "create_new",
      name: "Clairette",
      type: "person",
      selectedEntityType: "person",
      confidence: 92,
      relationship: "sister",
    });
    expect(toConfirmedEntity(sister, { ...choice, relationship: "best-friend" }, names)).toMatchObject({ relationship: "best-friend" });
    expect(toConfirmedEntity(sister, { ...choice, relationship: null }, names)).not.toHaveProperty("relationship");
    const unsaid = result({ extractedRelationship: null });
    expect(initialChoice(unsaid).relationship).toBeNull();
    expect(toConfirmedEntity(unsaid, initialChoice(unsaid), names)).not.toHaveProperty("relationship");
  });

  it("sends no relationship with an existing entity", () => {
    expect(toConfirmedEntity(base, initialChoice(base), names)).not.toHaveProperty("relationship");
  });

  it("sends the entity and the alias proposal with use_existing", () => {
    expect(toConfirmedEntity(base, initialChoice(base), names)).toMatchObject({
      action: "use_existing",
      entityId: 7,
      createAlias: true,
      existingName: "Claire",
    });
  });

  it("sends the alias text with add_as_alias, the extracted name when left blank", () => {
    const choice = { ...initialChoice(base), action: "add_as_alias" as const, aliasEntityId: 7, aliasText: "Clairou" };
    expect(toConfirmedEntity(base, choice, names)).toMatchObject({ action: "add_as_alias", entityId: 7, aliasText: "Clairou" });
    expect(toConfirmedEntity(base, { ...choice, aliasText: "  " }, names)).toMatchObject({ aliasText: "Clairette" });
    expect(toConfirmedEntity(base, { ...choice, aliasEntityId: null }, names)).toBeNull();
  });
});

describe("countChoices", () => {
  it("counts all, the complete non-skipped ones and the skipped ones", () => {
    const choice = initialChoice(result());
    expect(
      countChoices([
        choice,
        { ...choice, action: "skip" },
        { ...choice, action: "add_as_alias", aliasEntityId: null },
        { ...choice, action: "add_as_alias", aliasEntityId: 3 },
      ]),
    ).toEqual({ total: 4, confirmed: 2, skipped: 1 });
  });
});
