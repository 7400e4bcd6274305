import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Entity, EntityPage } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi } from "@/test/api";
import { makeEntity } from "@/test/builders";
import { renderApp } from "@/test/render";
import { emptyForm, metadataFromForm, periodAndDescendants } from "./entity-form";

function page(items: Entity[], extra: Partial<EntityPage> = {}): EntityPage {
  return { items, nextCursor: null, total: items.length, matching: items.length, ...extra };
}

const claire = makeEntity(5, "Claire", "person", {
  aliases: ["Clacla"],
  memoryCount: 3,
  metadata: { category: "sister", occupation: "Nurse" },
});
const hugo = makeEntity(4, "Hugo", "person", { memoryCount: 1, metadata: { category: "friend" } });

describe("/entities/:entityType", () => {
  it("lists the type's entities with counts, details and links to their memories", async () => {
    signedInApi(makeUser(), { "GET /api/entities-with-metadata": () => ({ body: page([claire, hugo]) }) });
    renderApp("/entities/people");
    expect(await screen.findByRole("heading", { level: 1, name: "People" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "People" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole("link", { name: "Claire: show its 3 memories" });
    expect(link).toHaveAttribute("href", "/memories?filterEntity=5");
    expect(within(rows[0]!).getByText("Sister · Nurse")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Also called Clacla")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("3 memories")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("1 memory")).toBeInTheDocument();
  });

  it("searches and sorts on the server and shows the filtered count of the total", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": (_, query) =>
        query.get("search") === "zz"
          ? { body: page([], { total: 2, matching: 0 }) }
          : query.get("search") === "cla"
            ? { body: page([claire], { total: 2, matching: 1 }) }
            : { body: page(query.get("sort") === "nameDesc" ? [hugo, claire] : [claire, hugo]) },
    });
    renderApp("/entities/people");
    const user = userEvent.setup();
    await screen.findByRole("link", { name: /^Claire/ });
    await user.type(screen.getByRole("searchbox", { name: "Search by name" }), "cla");
    expect(await screen.findByText("1 of 2")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("link", { name: /^Hugo/ })).not.toBeInTheDocument());
    await user.clear(screen.getByRole("searchbox", { name: "Search by name" }));
    await user.type(screen.getByRole("searchbox", { name: "Search by name" }), "zz");
    expect(await screen.findByRole("heading", { name: "No matches" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    await screen.findByRole("link", { name: /^Hugo/ });
    await user.click(screen.getByRole("button", { name: /Sort/ }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Name (Z-A)" }));
    await waitFor(() => {
      const names = within(screen.getByRole("list", { name: "People" }))
        .getAllByRole("link")
        .map((link) => link.textContent);
      expect(names).toEqual(["Hugo", "Claire"]);
    });
    const queries = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === "/api/entities-with-metadata")
      .map((url) => Object.fromEntries(url.searchParams));
    expect(queries).toContainEqual({ type: "person", sort: "nameAsc", pageSize: "50", search: "cla" });
    expect(queries).toContainEqual({ type: "person", sort: "nameDesc", pageSize: "50" });
  });

  it("shows the empty state with an add button", async () => {
    signedInApi(makeUser(), { "GET /api/entities-with-metadata": () => ({ body: page([]) }) });
    renderApp("/entities/objects");
    expect(await screen.findByRole("heading", { name: "No entities found" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Add" }).length).toBeGreaterThan(0);
  });

  it("adds an object with its category and appreciation (5 unless changed) and says so", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([]) }),
      "POST /api/entities-with-metadata": ({ body }) => ({ status: 201, body: makeEntity(9, "Guitar", "object", { metadata: body as never }) }),
    });
    renderApp("/entities/objects");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "No entities found" });
    await user.click(screen.getAllByRole("button", { name: "Add" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add: Object" });
    const save = within(dialog).getByRole("button", { name: "Add" });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Name"), "  Guitar ");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "instrument");
    expect(within(dialog).getByLabelText("Appreciation (1-10)")).toHaveValue("5");
    await user.selectOptions(within(dialog).getByLabelText("Appreciation (1-10)"), "9");
    await user.type(within(dialog).getByLabelText("Other names"), "Gibson, , la gratte");
    await user.click(save);
    expect(await screen.findByText("Object added successfully")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Guitar",
      type: "object",
      metadata: { category: "instrument", appreciation: 9 },
      aliases: ["Gibson", "la gratte"],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits with the edit list of categories and sends the name only when it changed", async () => {
    const place = makeEntity(7, "Chamonix", "location", { metadata: { category: "vacation-spot", latitude: 45.9237 } });
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([place]) }),
      "PATCH /api/entities-with-metadata/7": () => ({ body: place }),
    });
    renderApp("/entities/locations");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Chamonix" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Chamonix" });
    const options = within(within(dialog).getByLabelText("Category")).getAllByRole("option").map((o) => o.getAttribute("value"));
    expect(options).toContain("hometown");
    expect(options).not.toContain("beach");
    expect(within(dialog).getByLabelText("Latitude")).toHaveValue("45.9237");
    await user.type(within(dialog).getByLabelText("Address"), "Haute-Savoie");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Entity updated successfully")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({
      metadata: { category: "vacation-spot", address: "Haute-Savoie", latitude: 45.9237 },
      aliases: [],
      notes: null,
    });
  });

  it("says why saving failed, in French, and keeps the dialog open", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([]) }),
      "POST /api/entities-with-metadata": () => ({
        status: 409,
        body: { message: "Entity already exists: Claire", code: "entity_exists", existingEntity: { id: 5, name: "Claire", type: "person" } },
      }),
    });
    renderApp("/entities/people");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Aucune entité trouvée" });
    await user.click(screen.getAllByRole("button", { name: "Ajouter" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Ajouter : Personne" });
    await user.type(within(dialog).getByLabelText("Nom"), "claire");
    await user.click(within(dialog).getByRole("button", { name: "Ajouter" }));
    expect(await screen.findByText("Échec de la création de l’entité")).toBeInTheDocument();
    expect(screen.getByText("Une entité de ce nom et de ce type existe déjà.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("merges into another entity of the same type, chosen by name", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([claire, hugo]) }),
      "GET /api/entities": () => ({ body: [claire, hugo] }),
      "POST /api/entities/merge": () => ({ body: hugo }),
    });
    renderApp("/entities/people");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Merge Claire" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge Claire" });
    const merge = within(dialog).getByRole("button", { name: "Merge" });
    expect(merge).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Merge into" }));
    await user.click(await screen.findByRole("option", { name: /Hugo/ }));
    await user.click(merge);
    expect(await screen.findByText("Entities merged successfully")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/api/entities/merge")?.body).toEqual({ sourceId: 5, targetId: 4 });
  });

  it("deletes after asking", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([claire]) }),
      "DELETE /api/entities-with-metadata/5": () => ({ status: 204 }),
    });
    renderApp("/entities/people");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Claire" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Claire?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Entity deleted successfully")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "DELETE" && r.path === "/api/entities-with-metadata/5")).toBe(true);
  });

  it("keeps the not-found card for an unknown type", async () => {
    signedInApi(makeUser());
    renderApp("/entities/dragons");
    expect(await screen.findByRole("heading", { name: "Entity type not found" })).toBeInTheDocument();
  });
});

describe("/entities", () => {
  it("shows the six types with their counts", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities/counts": () => ({
        body: { person: 12, location: 1, lifePeriod: 0, event: 0, emotion: 2, object: 3, activity: 4 },
      }),
    });
    renderApp("/entities");
    await screen.findByRole("heading", { level: 1, name: "Entities" });
    const main = screen.getByRole("main");
    const people = await within(main).findByRole("link", { name: "People" });
    expect(people).toHaveAttribute("href", "/entities/people");
    expect(await screen.findByText("12 entities")).toBeInTheDocument();
    expect(screen.getByText("1 entity")).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Periods/Events" })).toHaveAttribute("href", "/entities/periods");
  });
});

describe("the sidebar", () => {
  it("loads an entity list ahead when its link is hovered, and every list from the Entities heading", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities-with-metadata": () => ({ body: page([]) }),
      "GET /api/entities/counts": () => ({
        body: { person: 0, location: 0, lifePeriod: 0, event: 0, emotion: 0, object: 0, activity: 0 },
      }),
    });
    renderApp("/memories");
    const user = userEvent.setup();
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    const listed = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL((input as Request).url))
        .filter((url) => url.pathname.startsWith("/api/entities") && url.pathname !== "/api/entities")
        .map((url) => `${url.pathname}?${url.searchParams.get("type") ?? ""}`);
    await user.hover(within(nav).getByRole("link", { name: "People" }));
    await waitFor(() => expect(listed()).toEqual(["/api/entities-with-metadata?person"]));
    await user.hover(within(nav).getByRole("link", { name: "Entities" }));
    await waitFor(() => expect(listed()).toContain("/api/entities/counts?"));
    expect(new Set(listed())).toEqual(
      new Set([
        "/api/entities-with-metadata?person",
        "/api/entities-with-metadata?location",
        "/api/entities-with-metadata?lifePeriod",
        "/api/entities-with-metadata?emotion",
        "/api/entities-with-metadata?object",
        "/api/entities-with-metadata?activity",
        "/api/entities/counts?",
      ]),
    );
  });
});

describe("the entity form", () => {
  it("sends a one-day period ending on its start, and 'none' to clear its parent", () => {
    const form = { ...emptyForm("lifePeriod"), startDate: "2003-06-30", endDate: "2004-01-01", isOneDay: true };
    expect(metadataFromForm("lifePeriod", form)).toEqual({
      startDate: "2003-06-30",
      endDate: "2003-06-30",
      isOneDay: true,
      parentPeriod: "none",
    });
    expect(metadataFromForm("lifePeriod", { ...emptyForm("lifePeriod"), parentPeriod: "12" })).toEqual({ parentPeriod: 12 });
  });

  it("offers no period inside the edited one as its parent", () => {
    const periods = [
      makeEntity(1, "Life", "lifePeriod"),
      makeEntity(2, "School", "lifePeriod", { metadata: { parentPeriods: [1] } }),
      makeEntity(3, "Exams", "lifePeriod", { metadata: { parentPeriods: [2] } }),
      makeEntity(4, "Travels", "lifePeriod", { metadata: { parentPeriods: [1] } }),
    ];
    expect([...periodAndDescendants(2, periods)].sort()).toEqual([2, 3]);
    expect([...periodAndDescendants(1, periods)].sort()).toEqual([1, 2, 3, 4]);
  });
});
