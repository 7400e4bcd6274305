import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Entity, PeriodSuggestion, Suggestions, TutorialProgress } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi, type RecordedRequest } from "@/test/api";
import { makeEntity, makeMemory } from "@/test/builders";
import { renderApp } from "@/test/render";

function progress(overrides: Partial<TutorialProgress> = {}): TutorialProgress {
  const memoryComplete = overrides.memoryComplete ?? false;
  const peopleComplete = overrides.peopleComplete ?? false;
  const periodsComplete = overrides.periodsComplete ?? false;
  const completedSteps = [memoryComplete, peopleComplete, periodsComplete].filter(Boolean).length;
  const currentStep = !memoryComplete ? "memory_creation" : !peopleComplete ? "people_setup" : !periodsComplete ? "life_periods" : "done";
  return {
    memoryComplete,
    peopleComplete,
    periodsComplete,
    completedSteps,
    currentStep,
    completedAt: null,
    bannerDismissedAt: null,
    ...overrides,
  };
}

function period(id: string, name: string, level: number, parentId: string | null, children: PeriodSuggestion[] = [], dates: Partial<PeriodSuggestion> = {}): PeriodSuggestion {
  return {
    id,
    name,
    description: `About ${name}`,
    suggestedStart: null,
    suggestedEnd: null,
    isOneDay: false,
    parentId,
    level,
    children,
    ...dates,
  };
}

const finalYear = period("final-school-year", "Final school year", 2, "high-school", [], { suggestedStart: "2007-05-01", suggestedEnd: "2008-05-01" });
const suggestions: Suggestions = {
  birthDate: "1990-05-01",
  people: [
    { category: "partner", group: "family", gender: null },
    { category: "mother", group: "family", gender: "female" },
    { category: "best-friend", group: "friends", gender: null },
    { category: "companion-animal", group: "companion_animal", gender: null },
  ],
  lifePeriods: {
    hierarchical: [
      period(
        "childhood",
        "Childhood",
        0,
        null,
        [
          period("early-childhood", "Early childhood", 1, "childhood", [], { suggestedStart: "1990-05-01", suggestedEnd: "1993-05-01" }),
          period("primary-school", "Primary school", 1, "childhood", [], { suggestedStart: "1996-05-01", suggestedEnd: "2001-05-01" }),
        ],
        { suggestedStart: "1990-05-01", suggestedEnd: "2001-05-01" },
      ),
      period(
        "teenage-years",
        "Teenage years",
        0,
        null,
        [period("high-school", "High school", 1, "teenage-years", [finalYear], { suggestedStart: "2005-05-01", suggestedEnd: "2008-05-01" })],
        { suggestedStart: "2001-05-01", suggestedEnd: "2008-05-01" },
      ),
    ],
    flat: [
      period("childhood", "Childhood", 0, null),
      period("school-years", "School years", 0, null),
      period("university", "College or university", 0, null),
      period("early-career", "Early career", 0, null, [], { suggestedStart: "2011-05-01" }),
      period("partnership", "Marriage or partnership", 0, null),
      period("sixth", "A sixth that is never shown", 0, null),
    ],
  },
};

const myself = makeEntity(1, "Ada", "person", { metadata: { category: "myself", gender: "female" } });
const hugo = makeEntity(4, "Hugo", "person", { metadata: { category: "friend" } });

interface TutorialApi {
  state?: Partial<TutorialProgress>;
  people?: Entity[];
  periods?: Entity[];
  extra?: Parameters<typeof signedInApi>[1];
}

/** The tutorial's server: progress, entities of each type, suggestions, completion, and the dashboard. */
function tutorialApi({ state = {}, people = [], periods = [], extra = {} }: TutorialApi = {}) {
  let completed = false;
  return signedInApi(makeUser(), {
    "GET /api/tutorial/progress": () => ({ body: progress({ ...state, completedAt: completed ? "2026-11-02T10:00:00Z" : null }) }),
    "POST /api/tutorial/complete": () => {
      completed = true;
      return { body: progress({ ...state, completedAt: "2026-11-02T10:00:00Z" }) };
    },
    "GET /api/entities": (_, query) => ({ body: query.get("type") === "lifePeriod" ? periods : query.get("type") === "person" ? people : [...people, ...periods] }),
    "GET /api/onboarding/suggestions": () => ({ body: suggestions }),
    "GET /api/dashboard/stats": () => ({
      body: {
        memories: { total: 0, thisMonth: 0, withPhotos: 0, withoutPhotos: 0 },
        entities: { total: 0, thisMonth: 0, byType: { person: 0, location: 0, lifePeriod: 0, event: 0, emotion: 0, object: 0, activity: 0 } },
        activity: { topPeople: [], topEvents: [] },
      },
    }),
    "GET /api/tutorial/should-show-banner": () => ({ body: { showBanner: !completed } }),
    "GET /api/memories": () => ({ body: { items: [], nextCursor: null } }),
    ...extra,
  });
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((request) => request.method === "POST" && request.path === path);

describe("/tutorial", () => {
  it("starts at the first incomplete step, with the progress of 3 and step tabs", async () => {
    tutorialApi({ state: { memoryComplete: true }, people: [myself] });
    renderApp("/tutorial");
    expect(await screen.findByRole("heading", { level: 2, name: "The people in your life" })).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Setup progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar).toHaveAttribute("aria-valuemax", "3");
    expect(bar).toHaveAttribute("aria-valuetext", "1 of 3 steps complete, 33%");
    expect(screen.getByText("1 of 3 steps complete")).toBeInTheDocument();
    const tabs = screen.getByRole("navigation", { name: "Tutorial steps" });
    expect(within(tabs).getByRole("button", { name: /People/ })).toHaveAttribute("aria-current", "step");
    expect(within(tabs).getByRole("button", { name: /First memory \(complete\)/ })).not.toHaveAttribute("aria-current");
    // A tab opens its step.
    await userEvent.click(within(tabs).getByRole("button", { name: /Life periods \(to do\)/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "The periods of your life" })).toBeInTheDocument();
  });

  it("shows the completion card with six next steps when every step is done", async () => {
    const { requests } = tutorialApi({ state: { memoryComplete: true, peopleComplete: true, periodsComplete: true } });
    renderApp("/tutorial");
    const card = await screen.findByRole("region", { name: "Your life graph has begun" });
    const next = within(card).getByRole("list", { name: "Next steps" });
    expect(within(next).getAllByRole("link")).toHaveLength(6);
    expect(within(next).getByRole("link", { name: /Import a journal/ })).toHaveAttribute("href", "/settings/data");
    expect(within(next).getByRole("link", { name: /See your timeline/ })).toHaveAttribute("href", "/timeline");
    expect(screen.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "3");
    await userEvent.click(within(card).getByRole("button", { name: "Go to dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(posts(requests, "/api/tutorial/complete")).toHaveLength(1);
  });

  it("skips: tells the server the tutorial is done and goes to the dashboard, where the banner is gone", async () => {
    const { requests } = tutorialApi();
    renderApp("/tutorial");
    await screen.findByRole("heading", { level: 2, name: "Write your first memory" });
    await userEvent.click(screen.getByRole("button", { name: "Skip tutorial" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(posts(requests, "/api/tutorial/complete")).toHaveLength(1);
    expect(screen.queryByRole("region", { name: "Complete Your Setup" })).not.toBeInTheDocument();
  });

  it("step 1: picks French at once, saves a first memory with no entities, then continues", async () => {
    const { requests } = tutorialApi({
      people: [myself],
      extra: {
        "PATCH /api/auth/user": ({ body }) => ({ body: makeUser(body as object) }),
        "POST /api/memories/with-validation": () => ({
          status: 201,
          body: { memory: makeMemory(9), entityValidation: { needsConfirmation: false, validationResults: [] } },
        }),
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "Write your first memory" });
    // Before saving, the step can be skipped.
    expect(screen.getByRole("button", { name: "Skip for now" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Français" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Écrivez votre premier souvenir" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Français" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({ language: "fr" }));
    // The date is today unless changed.
    const date = screen.getByLabelText("Date");
    expect(date).toHaveValue(new Date().toLocaleDateString("sv-SE"));
    await user.click(screen.getByRole("button", { name: "Enregistrer mon premier souvenir" }));
    expect(await screen.findByText("Le titre est obligatoire")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Titre"), "Le lac");
    await user.type(screen.getByLabelText("Récit"), "Une baignade en août.");
    await user.clear(date);
    await user.type(date, "2019-08-14");
    await user.click(screen.getByRole("button", { name: "Enregistrer mon premier souvenir" }));
    expect(await screen.findAllByText("Premier souvenir créé !")).not.toHaveLength(0);
    expect(screen.getAllByText("Félicitations ! Votre premier souvenir a bien été enregistré.").length).toBeGreaterThan(0);
    expect(posts(requests, "/api/memories/with-validation")[0]?.body).toEqual({
      title: "Le lac",
      content: "Une baignade en août.",
      eventDate: "2019-08-14",
      location: null,
      entities: [],
    });
    expect(screen.queryByRole("button", { name: "Passer pour l’instant" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Les personnes de votre vie" })).toBeInTheDocument();
  });

  it("step 2: counts existing and new people, needs a name and 3 people, quick-adds and edits a custom person", async () => {
    const { requests } = tutorialApi({
      state: { memoryComplete: true },
      people: [myself, hugo],
      extra: {
        "PATCH /api/entities-with-metadata/1": ({ body }) => ({ body: { ...myself, ...(body as object) } }),
        "POST /api/entities-with-metadata": ({ body }) => ({ status: 201, body: makeEntity(20, (body as { name: string }).name) }),
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "The people in your life" });
    const save = screen.getByRole("button", { name: "Save and continue" });
    // Hugo is already in the graph; "myself" is not counted.
    expect(screen.getByText("1 in total · 1 already in your graph · 0 new")).toBeInTheDocument();
    expect(screen.getByText("At least 3 people are needed to continue.")).toBeInTheDocument();
    expect(save).toBeDisabled();
    const name = screen.getByLabelText("Your name");
    expect(name).toHaveValue("Ada");
    await user.clear(name);
    expect(screen.getByText("Your name is required.")).toBeInTheDocument();
    await user.type(name, "Ada Lovelace");
    await user.selectOptions(screen.getByLabelText("Your gender"), "non-binary");

    // Quick add: a chip per relationship, grouped; it opens a row for the name.
    const family = await screen.findByRole("group", { name: "Family" });
    expect(within(screen.getByRole("group", { name: "Companion animal" })).getByRole("button", { name: "Add a person: Companion animal" })).toBeInTheDocument();
    await user.click(within(family).getByRole("button", { name: "Add a person: Mother" }));
    const mother = screen.getByLabelText("Name (Mother)");
    expect(mother).toHaveFocus();
    // A row without a name is not counted.
    expect(screen.getByText("1 in total · 1 already in your graph · 0 new")).toBeInTheDocument();
    await user.type(mother, "Anne Isabella");
    expect(screen.getByText("2 in total · 1 already in your graph · 1 new")).toBeInTheDocument();
    expect(save).toBeDisabled();

    // A custom person, with other names added and removed.
    await user.click(screen.getByRole("button", { name: "Add custom person" }));
    const editor = screen.getByRole("form", { name: "New person" });
    const savePerson = within(editor).getByRole("button", { name: "Save person" });
    expect(savePerson).toBeDisabled();
    await user.type(within(editor).getByLabelText("Name"), "Charles");
    await user.selectOptions(within(editor).getByLabelText("Relationship"), "best-friend");
    await user.selectOptions(within(editor).getByLabelText("Gender"), "male");
    const alias = within(editor).getByLabelText("Other names");
    await user.type(alias, "Charlie{Enter}");
    await user.type(alias, "   ");
    expect(within(editor).getByRole("button", { name: "Add" })).toBeDisabled();
    await user.clear(alias);
    await user.type(alias, "Babbage");
    await user.click(within(editor).getByRole("button", { name: "Add" }));
    const aliases = within(editor).getByRole("list", { name: "Other names" });
    expect(within(aliases).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Charlie", "Babbage"]);
    await user.click(within(aliases).getByRole("button", { name: "Remove the name Babbage" }));
    await user.type(within(editor).getByLabelText("Birth date"), "1791-12-26");
    await user.type(within(editor).getByLabelText("Notes"), "Engines");
    await user.click(savePerson);
    expect(screen.queryByRole("form", { name: "New person" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Name (Best friend)")).toHaveValue("Charles");
    expect(screen.getByText("Also called Charlie")).toBeInTheDocument();
    expect(screen.getByText("3 in total · 1 already in your graph · 2 new")).toBeInTheDocument();
    expect(screen.queryByText("At least 3 people are needed to continue.")).not.toBeInTheDocument();

    // Editing reopens the editor with the person's details; Cancel keeps them as they were.
    await user.click(screen.getByRole("button", { name: "Edit the details of Charles" }));
    const edit = screen.getByRole("form", { name: "Edit Charles" });
    expect(within(edit).getByLabelText("Relationship")).toHaveValue("best-friend");
    await user.click(within(edit).getByRole("button", { name: "Cancel" }));

    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByRole("heading", { level: 2, name: "The periods of your life" })).toBeInTheDocument();
    expect(requests.find((request) => request.method === "PATCH" && request.path === "/api/entities-with-metadata/1")?.body).toEqual({
      name: "Ada Lovelace",
      metadata: { category: "myself", gender: "non-binary" },
    });
    expect(posts(requests, "/api/entities-with-metadata").map((request) => request.body)).toEqual([
      { name: "Anne Isabella", type: "person", metadata: { category: "mother", gender: "female" } },
      {
        name: "Charles",
        type: "person",
        metadata: { category: "best-friend", gender: "male", birthDate: "1791-12-26" },
        aliases: ["Charlie"],
        notes: "Engines",
      },
    ]);
  });

  it("step 2: creates the writer's own person, skips a duplicate quietly and logs a failure, then goes on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { requests } = tutorialApi({
      state: { memoryComplete: true },
      extra: {
        "POST /api/entities-with-metadata": ({ body }) => {
          const name = (body as { name: string }).name;
          if (name === "Bea") return { status: 409, body: { message: "Entity already exists", code: "entity_exists", existingEntity: { id: 7, name, type: "person" } } };
          if (name === "Cy") return { status: 500, body: { message: "Something went wrong", code: "internal_error" } };
          return { status: 201, body: makeEntity(30, name) };
        },
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "The people in your life" });
    // Without a "myself" person yet, the name is the account's.
    expect(screen.getByLabelText("Your name")).toHaveValue("Ada Lovelace");
    for (const [chip, name] of [
      ["Add a person: Partner", "Al"],
      ["Add a person: Best friend", "Bea"],
      ["Add a person: Companion animal", "Cy"],
    ] as const) {
      await user.click(await screen.findByRole("button", { name: chip }));
      await user.keyboard(name);
    }
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: "The periods of your life" })).toBeInTheDocument();
    expect(posts(requests, "/api/entities-with-metadata").map((request) => request.body)).toEqual([
      { name: "Ada Lovelace", type: "person", metadata: { category: "myself", gender: null } },
      { name: "Al", type: "person", metadata: { category: "partner", gender: null } },
      { name: "Bea", type: "person", metadata: { category: "best-friend", gender: null } },
      { name: "Cy", type: "person", metadata: { category: "companion-animal", gender: null } },
    ]);
    // The failure is logged, the duplicate is not.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("Cy");
  });

  it("step 3: Smart Suggest by stage of life (expand, Add All) or the first 5 of a simple list, in the reader's language", async () => {
    await changeLanguage("fr");
    const queries: URLSearchParams[] = [];
    const { requests } = tutorialApi({
      state: { memoryComplete: true, peopleComplete: true },
      extra: {
        "GET /api/onboarding/suggestions": (_, query) => {
          queries.push(query);
          return { body: suggestions };
        },
        "POST /api/tutorial/update-birthdate": ({ body }) => ({ body: makeUser(body as object) }),
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "Les périodes de votre vie" });
    await user.type(screen.getByLabelText("Votre date de naissance"), "1990-05-01");
    await user.click(screen.getByRole("button", { name: "Suggestion intelligente" }));
    const tree = await screen.findByRole("list", { name: "Par étape de la vie" });
    expect(posts(requests, "/api/tutorial/update-birthdate")[0]?.body).toEqual({ birthDate: "1990-05-01" });
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ birthDate: "1990-05-01", lang: "fr" });
    // Level 0 first; the parts show when expanded, down to level 2.
    expect(within(tree).queryByText("High school")).not.toBeInTheDocument();
    await user.click(within(tree).getByRole("button", { name: "Afficher les parties de Teenage years" }));
    await user.click(within(tree).getByRole("button", { name: "Afficher les parties de High school" }));
    expect(within(tree).getByText("Final school year")).toBeInTheDocument();
    expect(within(tree).getByText("1 mai 2007 – 1 mai 2008")).toBeInTheDocument();
    // Add All on a stage of life adds it and its parts, linked to it.
    await user.click(within(tree).getByRole("button", { name: "Tout ajouter : Childhood et ses parties" }));
    const added = screen.getByRole("region", { name: "Périodes à ajouter" });
    expect(within(added).getAllByRole("listitem").map((item) => item.querySelector("span")?.textContent)).toEqual([
      "Childhood",
      "Early childhood",
      "Primary school",
    ]);
    expect(within(added).getAllByText(/fait partie de Childhood/)).toHaveLength(2);
    expect(within(tree).getByRole("button", { name: "Tout ajouter : Childhood et ses parties" })).toBeDisabled();
    expect(screen.getByText("3 au total · 0 déjà dans votre graphe · 3 nouvelle(s)")).toBeInTheDocument();

    // The simple list shows the first 5.
    await user.click(screen.getByRole("button", { name: "Liste simple" }));
    const flat = screen.getByRole("list", { name: "Liste simple" });
    expect(within(flat).getAllByRole("listitem")).toHaveLength(5);
    expect(within(flat).queryByText("A sixth that is never shown")).not.toBeInTheDocument();
    expect(within(flat).getByRole("button", { name: "Childhood ajoutée" })).toBeDisabled();
    await user.click(within(flat).getByRole("button", { name: "Ajouter Early career" }));
    expect(within(added).getAllByRole("listitem")).toHaveLength(4);
  });

  it("step 3: saves the periods parent first, a duplicate's existing period standing in as parent, then completes", async () => {
    const existing = makeEntity(40, "Paris years", "lifePeriod");
    let nextId = 50;
    const queries: URLSearchParams[] = [];
    const { requests } = tutorialApi({
      state: { memoryComplete: true, peopleComplete: true },
      periods: [existing],
      extra: {
        "GET /api/onboarding/suggestions": (_, query) => {
          queries.push(query);
          return { body: suggestions };
        },
        "POST /api/entities-with-metadata": ({ body }) => {
          const name = (body as { name: string }).name;
          if (name === "Childhood") {
            return { status: 409, body: { message: "Entity already exists", code: "entity_exists", existingEntity: { id: 41, name, type: "lifePeriod" } } };
          }
          nextId += 1;
          return { status: 201, body: makeEntity(nextId, name, "lifePeriod") };
        },
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "The periods of your life" });
    // One period already exists: the step could complete as it is.
    expect(screen.getByText("1 in total · 1 already in your graph · 0 new")).toBeInTheDocument();
    expect(screen.queryByText("At least 1 period is needed to complete the setup.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Smart Suggest" }));
    const tree = await screen.findByRole("list", { name: "By stage of life" });
    // Without a birth date the server dates them from the writer's own (none is sent, none saved).
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ lang: "en" });
    expect(posts(requests, "/api/tutorial/update-birthdate")).toHaveLength(0);

    // A part first, then a custom period inside it, then its stage of life with Add All.
    await user.click(within(tree).getByRole("button", { name: "Show the parts of Childhood" }));
    await user.click(within(tree).getByRole("button", { name: "Add Primary school" }));
    await user.click(screen.getByRole("button", { name: "Add custom period" }));
    const editor = screen.getByRole("form", { name: "New period" });
    await user.type(within(editor).getByLabelText("Name"), "Grandma's house");
    const parent = within(editor).getByLabelText("Part of");
    expect(within(parent).getAllByRole("option").map((option) => option.textContent)).toEqual(["None", "Paris years", "Primary school"]);
    await user.selectOptions(parent, "Primary school");
    await user.click(within(editor).getByLabelText("One-day event"));
    await user.type(within(editor).getByLabelText("Start date"), "1998-07-14");
    expect(within(editor).queryByLabelText("End date")).not.toBeInTheDocument();
    await user.type(within(editor).getByLabelText("Description"), "Summer holidays");
    await user.click(within(editor).getByRole("button", { name: "Save period" }));
    await user.click(within(tree).getByRole("button", { name: "Add all: Childhood and its parts" }));
    expect(screen.getByText("5 in total · 1 already in your graph · 4 new")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Complete setup" }));
    expect(await screen.findByRole("region", { name: "Your life graph has begun" })).toBeInTheDocument();
    const saved = posts(requests, "/api/entities-with-metadata").map((request) => request.body as { name: string; metadata: object; notes?: string });
    // Parents first: Childhood (a duplicate: 41 stands in), its parts, then the period inside Primary school.
    expect(saved.map((body) => body.name)).toEqual(["Childhood", "Primary school", "Early childhood", "Grandma's house"]);
    expect(saved[0]).toEqual({
      name: "Childhood",
      type: "lifePeriod",
      metadata: { startDate: "1990-05-01", endDate: "2001-05-01" },
      notes: "About Childhood",
    });
    expect(saved[1]?.metadata).toEqual({ startDate: "1996-05-01", endDate: "2001-05-01", parentPeriods: [41] });
    expect(saved[2]?.metadata).toEqual({ startDate: "1990-05-01", endDate: "1993-05-01", parentPeriods: [41] });
    expect(saved[3]).toEqual({
      name: "Grandma's house",
      type: "lifePeriod",
      metadata: { startDate: "1998-07-14", endDate: "1998-07-14", isOneDay: true, parentPeriods: [51] },
      notes: "Summer holidays",
    });
    expect(posts(requests, "/api/tutorial/complete")).toHaveLength(1);
  });

  it("step 3: needs at least one period, and says so when the save fails", async () => {
    tutorialApi({
      state: { memoryComplete: true, peopleComplete: true },
      extra: {
        "POST /api/entities-with-metadata": () => ({ status: 400, body: { message: "Bad date", code: "invalid_date" } }),
      },
    });
    renderApp("/tutorial");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "The periods of your life" });
    const complete = screen.getByRole("button", { name: "Complete setup" });
    expect(screen.getByText("At least 1 period is needed to complete the setup.")).toBeInTheDocument();
    expect(complete).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Add custom period" }));
    await user.type(screen.getByLabelText("Name"), "Lisbon");
    await user.click(screen.getByRole("button", { name: "Save period" }));
    expect(complete).toBeEnabled();
    await user.click(complete);
    expect(await screen.findByText("Your periods could not be saved.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your life graph has begun" })).not.toBeInTheDocument();
  });
});
