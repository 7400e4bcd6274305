import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type { EntityType, ValidationResult } from "@/lib/api/types";
import { changeLanguage, i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { mockApi } from "@/test/api";
import { makeEntity, makeEntityMatch, makeValidationResult } from "@/test/builders";
import { EntityConfirmationDialog } from "./entity-confirmation-dialog";

function entity(id: number, name: string, type: EntityType = "person", aliases: string[] = []) {
  return makeEntity(id, name, type, { aliases });
}

const results: ValidationResult[] = [
  makeValidationResult({ extractedName: "Hugo", extractedConfidence: 86, extractedRelationship: null }),
  makeValidationResult({
    extractedName: "Clairette",
    extractedConfidence: 98,
    suggestedAction: "use_existing",
    recommendedEntityId: 1,
    matches: [
      makeEntityMatch(1, "Claire", { reason: "" }),
      makeEntityMatch(2, "Claire-Marie", { confidence: 0.7, reason: "" }),
      makeEntityMatch(3, "Clara", { confidence: 0.6, reason: "" }),
      makeEntityMatch(4, "Claudette", { confidence: 0.5, reason: "" }),
      makeEntityMatch(5, "Clarisse", { confidence: 0.4, reason: "" }),
    ],
  }),
  makeValidationResult({
    extractedName: "Lyon",
    extractedType: "location",
    extractedConfidence: 70,
    extractedRelationship: null,
  }),
];

function renderDialog(proposals: ValidationResult[] = results) {
  mockApi({
    "GET /api/entities": () => ({
      body: [entity(1, "Claire", "person", ["Clairette"]), entity(2, "Claire-Marie"), entity(6, "Maman"), entity(9, "Lyon 3e", "location")],
    }),
  });
  const onConfirm = vi.fn();
  const onSaveWithout = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <EntityConfirmationDialog open results={proposals} busy={false} onConfirm={onConfirm} onSaveWithout={onSaveWithout} onDismiss={vi.fn()} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onConfirm, onSaveWithout, user: userEvent.setup() };
}

const counter = (name: string) => screen.getByTestId(`counter-${name}`);

async function choose(user: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await user.click(screen.getByRole("combobox", { name: `What to do with “${name}”` }));
  await user.click(await screen.findByRole("option", { name: action }));
}

describe("EntityConfirmationDialog (docs/screens.md)", () => {
  it("starts from the initial choices, with counters and confidence colours", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Confirm AI-Extracted Entities" })).toBeInTheDocument();
    expect(counter("total")).toHaveTextContent("3");
    expect(counter("confirmed")).toHaveTextContent("3");
    expect(counter("skipped")).toHaveTextContent("0");
    expect(screen.getByRole("combobox", { name: "What to do with “Hugo”" })).toHaveTextContent("Create new");
    expect(screen.getByRole("combobox", { name: "What to do with “Clairette”" })).toHaveTextContent("Use existing");
    // Only the top three matches, then how many more.
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      expect.stringContaining("Claire"),
      expect.stringContaining("Claire-Marie"),
      expect.stringContaining("Clara"),
    ]);
    expect(screen.getByRole("radio", { name: /^Claire Person/ })).toBeChecked();
    expect(screen.getByText("And 2 more potential matches...")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Add “Clairette” as another name for Claire" })).toBeChecked();
    const tones = Object.fromEntries(
      results.map((r) => [r.extractedName, within(screen.getByRole("listitem", { name: r.extractedName })).getByText(/% confidence/).dataset.tone]),
    );
    expect(tones).toEqual({ Hugo: "medium", Clairette: "high", Lyon: "low" });
    expect(screen.getByRole("button", { name: "Save Memory with 3 Entities" })).toBeEnabled();
  });

  it("hides skipped entities unless the toggle shows them, and counts them", async () => {
    const { user } = renderDialog();
    await choose(user, "Lyon", "Skip");
    expect(counter("confirmed")).toHaveTextContent("2");
    expect(counter("skipped")).toHaveTextContent("1");
    expect(screen.queryByRole("listitem", { name: "Lyon" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Show skipped entities" }));
    expect(screen.getByRole("listitem", { name: "Lyon" })).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Show skipped entities" }));
    expect(screen.queryByRole("listitem", { name: "Lyon" })).not.toBeInTheDocument();
  });

  it("disables saving when nothing is confirmed; Save Without Entities stays", async () => {
    const { user, onSaveWithout } = renderDialog();
    for (const name of ["Hugo", "Clairette", "Lyon"]) await choose(user, name, "Skip");
    expect(counter("confirmed")).toHaveTextContent("0");
    expect(counter("skipped")).toHaveTextContent("3");
    expect(screen.getByRole("button", { name: "Save Memory with 0 Entities" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Save Without Entities" }));
    expect(onSaveWithout).toHaveBeenCalledOnce();
  });

  it("adds an alias to any existing entity, with editable alias text", async () => {
    const { user, onConfirm } = renderDialog();
    await choose(user, "Hugo", "Add as alias");
    const row = screen.getByRole("listitem", { name: "Hugo" });
    // Not complete until an entity is picked.
    expect(counter("confirmed")).toHaveTextContent("2");
    expect(within(row).getByLabelText("Alias text")).toHaveValue("Hugo");
    await user.click(within(row).getByRole("button", { name: "Alias of (Hugo)" }));
    await user.type(screen.getByRole("textbox", { name: "Search entities" }), "mam");
    const list = screen.getByRole("listbox", { name: "Alias of (Hugo)" });
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual([expect.stringContaining("Maman")]);
    await user.click(within(list).getByRole("option", { name: /Maman/ }));
    expect(within(row).getByRole("button", { name: "Alias of (Hugo)" })).toHaveTextContent("Maman");
    expect(counter("confirmed")).toHaveTextContent("3");
    await user.clear(within(row).getByLabelText("Alias text"));
    await user.type(within(row).getByLabelText("Alias text"), "Hugo le petit");
    await choose(user, "Lyon", "Skip");
    await user.click(screen.getByRole("button", { name: "Save Memory with 2 Entities" }));
    expect(onConfirm).toHaveBeenCalledWith([
      expect.objectContaining({ action: "add_as_alias", name: "Hugo", entityId: 6, aliasText: "Hugo le petit", existingName: "Maman" }),
      expect.objectContaining({ action: "use_existing", name: "Clairette", entityId: 1, createAlias: true, existingName: "Claire" }),
    ]);
  });

  it("creates new with the chosen type, or uses another of the top matches", async () => {
    const { user, onConfirm } = renderDialog();
    await user.click(screen.getByRole("combobox", { name: "Type (Lyon)" }));
    await user.click(await screen.findByRole("option", { name: "Activity" }));
    await user.click(screen.getByRole("radio", { name: /^Clara / }));
    expect(screen.getByRole("checkbox", { name: "Add “Clairette” as another name for Clara" })).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "Add “Clairette” as another name for Clara" }));
    await user.click(screen.getByRole("button", { name: "Save Memory with 3 Entities" }));
    expect(onConfirm).toHaveBeenCalledWith([
      expect.objectContaining({ action: "create_new", name: "Hugo", selectedEntityType: "person" }),
      expect.objectContaining({ action: "use_existing", entityId: 3, createAlias: false }),
      expect.objectContaining({ action: "create_new", name: "Lyon", type: "location", selectedEntityType: "activity" }),
    ]);
  });

  describe("a new person's relationship", () => {
    const people = [
      makeValidationResult({ extractedName: "Emma", extractedConfidence: 95, extractedRelationship: "sister" }),
      ...results,
    ];
    const relationship = (name: string) => screen.queryByRole("combobox", { name: `Relationship (${name})` });

    it("starts from the extracted relationship, or Not said, and is offered only when creating a person", async () => {
      const { user } = renderDialog(people);
      expect(relationship("Emma")).toHaveTextContent("Sister");
      expect(relationship("Hugo")).toHaveTextContent("Not said");
      // An existing person keeps their own category; a place has none.
      expect(relationship("Clairette")).not.toBeInTheDocument();
      expect(relationship("Lyon")).not.toBeInTheDocument();
      await user.click(screen.getByRole("combobox", { name: "Type (Lyon)" }));
      await user.click(await screen.findByRole("option", { name: "Person" }));
      expect(relationship("Lyon")).toHaveTextContent("Not said");
      await choose(user, "Emma", "Add as alias");
      expect(relationship("Emma")).not.toBeInTheDocument();
    });

    it("offers every person category and sends the one chosen, none when not said", async () => {
      const { user, onConfirm } = renderDialog(people);
      await user.click(relationship("Emma")!);
      const options = screen.getAllByRole("option").map((option) => option.textContent);
      expect(options).toHaveLength(50);
      expect(options.slice(0, 3)).toEqual(["Not said", "Myself", "Partner"]);
      expect(options).toContain("Companion animal");
      await user.click(screen.getByRole("option", { name: "Best friend" }));
      expect(relationship("Emma")).toHaveTextContent("Best friend");
      await user.click(relationship("Hugo")!);
      await user.click(screen.getByRole("option", { name: "Neighbour" }));
      await user.click(relationship("Hugo")!);
      await user.click(screen.getByRole("option", { name: "Not said" }));
      await user.click(screen.getByRole("button", { name: "Save Memory with 4 Entities" }));
      const sent = onConfirm.mock.calls[0]?.[0] as Record<string, unknown>[];
      expect(sent[0]).toMatchObject({ action: "create_new", name: "Emma", selectedEntityType: "person", relationship: "best-friend" });
      expect(sent[1]).toMatchObject({ action: "create_new", name: "Hugo" });
      expect(sent[1]).not.toHaveProperty("relationship");
      expect(sent[2]).not.toHaveProperty("relationship");
      expect(sent[3]).not.toHaveProperty("relationship");
    });

    it("is translated in French", async () => {
      await changeLanguage("fr");
      const { user } = renderDialog(people);
      const select = screen.getByRole("combobox", { name: "Relation (Emma)" });
      expect(select).toHaveTextContent("Sœur");
      expect(screen.getByRole("combobox", { name: "Relation (Hugo)" })).toHaveTextContent("Non précisée");
      await user.click(select);
      expect(screen.getByRole("option", { name: "Meilleur ami" })).toBeInTheDocument();
    });
  });
});
