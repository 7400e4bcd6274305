import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DashboardStats, MemoryPage, Reflection, RelationshipSuggestion } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi } from "@/test/api";
import { makeEntity, makeMemory } from "@/test/builders";
import { renderApp } from "@/test/render";

const stats: DashboardStats = {
  memories: { total: 12, thisMonth: 3, withPhotos: 4, withoutPhotos: 8 },
  entities: {
    total: 9,
    thisMonth: 2,
    byType: { person: 4, location: 2, lifePeriod: 1, event: 0, emotion: 1, object: 1, activity: 0 },
  },
  activity: {
    topPeople: [{ id: 5, name: "Claire", type: "person", count: 7 }],
    topEvents: [{ id: 8, name: "High school", type: "lifePeriod", count: 2 }],
  },
};

const emptyPage: MemoryPage = { items: [], nextCursor: null };

function dashboardApi(extra: Parameters<typeof signedInApi>[1] = {}) {
  return signedInApi(makeUser(), {
    "GET /api/dashboard/stats": () => ({ body: stats }),
    "GET /api/tutorial/should-show-banner": () => ({ body: { showBanner: false } }),
    "GET /api/memories": () => ({ body: emptyPage }),
    ...extra,
  });
}

describe("dashboard", () => {
  it("shows the statistics with links to the lists they count", async () => {
    dashboardApi();
    renderApp("/");
    const block = await screen.findByRole("region", { name: "Statistics" });
    expect(within(block).getByRole("link", { name: "Memories: 12. 3 this month" })).toHaveAttribute("href", "/memories");
    expect(within(block).getByRole("link", { name: "Entities: 9. 2 this month" })).toHaveAttribute("href", "/entities/people");
    expect(within(block).getByText("8 text only")).toBeInTheDocument();
    expect(within(block).getByRole("link", { name: "Locations: 2" })).toHaveAttribute("href", "/entities/locations");
    expect(within(block).getByRole("link", { name: "Claire: 7 memories" })).toHaveAttribute("href", "/memories?filterEntity=5");
    expect(within(block).getByRole("link", { name: "High school: 2 memories" })).toHaveAttribute("href", "/memories?filterEntity=8");
  });

  it("shows four skeleton cards while loading, then a translated failure card", async () => {
    await changeLanguage("fr");
    let fail: (value: { status: number; body: unknown }) => void = () => {};
    dashboardApi({
      "GET /api/dashboard/stats": () => new Promise((resolve) => (fail = resolve)),
    });
    renderApp("/");
    const loading = await screen.findByRole("status", { name: "Chargement des statistiques" });
    expect(loading.children).toHaveLength(4);
    fail({ status: 500, body: { message: "boom", code: "internal_error" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Échec du chargement des statistiques du tableau de bord");
  });

  it("offers the tutorial when the server says so, and dismisses it for good", async () => {
    let shown = true;
    const { requests } = dashboardApi({
      "GET /api/tutorial/should-show-banner": () => ({ body: { showBanner: shown } }),
      "POST /api/tutorial/dismiss": () => {
        shown = false;
        return { body: { showBanner: false } };
      },
    });
    renderApp("/");
    const banner = await screen.findByRole("region", { name: "Complete Your Setup" });
    await userEvent.click(within(banner).getByRole("button", { name: "Dismiss the setup reminder" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Complete Your Setup" })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === "POST" && request.path === "/api/tutorial/dismiss")).toHaveLength(1);
  });

  it("starts the tutorial from the banner", async () => {
    const { requests } = dashboardApi({
      "GET /api/tutorial/should-show-banner": () => ({ body: { showBanner: true } }),
      "POST /api/tutorial/dismiss": () => ({ body: { showBanner: false } }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Start Tutorial" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Tutorial" })).toBeInTheDocument();
    expect(requests.some((request) => request.path === "/api/tutorial/dismiss")).toBe(true);
  });

  it("lists the latest memories and searches memories from the search box", async () => {
    dashboardApi({
      "GET /api/memories": (_, query) => {
        expect(query.get("sortBy")).toBe("createdAt");
        return { body: { items: [makeMemory(3, { title: "Picnic at the lake" })], nextCursor: null } };
      },
    });
    renderApp("/");
    const recent = await screen.findByRole("list", { name: "Recent memories" });
    expect(within(recent).getByRole("link", { name: "Picnic at the lake" })).toHaveAttribute("href", "/memories/3");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search your memories" }), "lake{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "Memories" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search memories" })).toHaveValue("lake");
  });
});

const reflection: Reflection = {
  key: "unwrittenPerson:4",
  kind: "unwrittenPerson",
  entities: [{ id: 4, name: "Hugo", type: "person" }],
  memories: [{ id: 31, title: "Film night", eventDate: "2025-01-20", createdAt: "2025-01-21T10:00:00Z" }],
  memoryCount: 2,
  date: "2025-01-20",
  prompt: 1,
};

const category: RelationshipSuggestion = {
  key: "categoryFromText:5:sister",
  kind: "categoryFromText",
  person: { id: 5, name: "Claire", type: "person" },
  other: null,
  suggestedCategory: "sister",
  currentCategory: "friend",
  memories: [{ id: 40, title: "Lunch", eventDate: "2026-11-01", createdAt: "2026-11-01T10:00:00Z" }],
  memoryCount: 1,
  prompt: 0,
};

const together: RelationshipSuggestion = {
  key: "coOccurrence:4:5",
  kind: "coOccurrence",
  person: { id: 4, name: "Hugo", type: "person" },
  other: { id: 5, name: "Claire", type: "person" },
  suggestedCategory: null,
  currentCategory: null,
  memories: [],
  memoryCount: 3,
  prompt: 2,
};

describe("dashboard insights", () => {
  it("shows each reflection with its evidence and a question to write from", async () => {
    dashboardApi({
      "GET /api/ai/reflections": () => ({ body: [reflection] }),
      "GET /api/ai/relationship-suggestions": () => ({ body: [] }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("tab", { name: "Insights" }));
    const card = await screen.findByRole("article", { name: "You haven't written about Hugo since January 20, 2025" });
    expect(within(card).getByText("2 memories name Hugo.")).toBeInTheDocument();
    expect(within(card).getByText("Which moment with Hugo would you like to keep?")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Hugo" })).toHaveAttribute("href", "/memories?filterEntity=4");
    expect(within(card).getByRole("link", { name: "Film night" })).toHaveAttribute("href", "/memories/31");
    expect(within(card).getByRole("button", { name: "Write about it" })).toBeInTheDocument();
  });

  it("applies a relationship the memories state, keeping the person's other details", async () => {
    const claire = makeEntity(5, "Claire", "person", { metadata: { category: "friend", occupation: "Nurse" } });
    const { requests } = dashboardApi({
      "GET /api/ai/reflections": () => ({ body: [] }),
      "GET /api/ai/relationship-suggestions": () => ({ body: [category, together] }),
      "GET /api/entities": () => ({ body: [claire] }),
      "PATCH /api/entities-with-metadata/5": () => ({ body: claire }),
      "POST /api/entity-relationships": () => ({ status: 201, body: { id: 1, sourceId: 4, targetId: 5, relationship: "neighbours" } }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("tab", { name: "Insights" }));
    const stated = await screen.findByRole("article", { name: "Your memories call Claire your sister" });
    expect(within(stated).getByText("In your graph, Claire's relationship is: friend.")).toBeInTheDocument();
    await userEvent.click(within(stated).getByRole("button", { name: "Make Claire your sister" }));
    await waitFor(() => expect(requests.some((request) => request.method === "PATCH")).toBe(true));
    const patch = requests.find((request) => request.method === "PATCH");
    expect(patch?.body).toEqual({ metadata: { category: "sister", occupation: "Nurse" } });

    const pair = screen.getByRole("article", { name: "Hugo and Claire appear together" });
    const add = within(pair).getByRole("button", { name: "Add relationship" });
    expect(add).toBeDisabled();
    await userEvent.type(within(pair).getByRole("textbox", { name: "How do Hugo and Claire know each other?" }), "neighbours");
    await userEvent.click(add);
    await waitFor(() => expect(requests.some((request) => request.path === "/api/entity-relationships")).toBe(true));
    expect(requests.find((request) => request.path === "/api/entity-relationships")?.body).toEqual({
      sourceId: 4,
      targetId: 5,
      relationship: "neighbours",
    });
  });

  it("says so when the journal has nothing to reflect on, in French too", async () => {
    await changeLanguage("fr");
    dashboardApi({
      "GET /api/ai/reflections": () => ({ body: [] }),
      "GET /api/ai/relationship-suggestions": () => ({ body: [] }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("tab", { name: "Éclairages" }));
    expect(await screen.findByRole("heading", { name: "Rien à méditer pour l’instant" })).toBeInTheDocument();
  });
});
