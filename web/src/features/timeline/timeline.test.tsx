import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Timeline, TimelinePeriod } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi } from "@/test/api";
import { makeEntity, makeMemory } from "@/test/builders";
import { setViewportWidth } from "@/test/media";
import { renderApp } from "@/test/render";

// The machine running the tests may be busy: queries wait up to 5 s, tests up to 20 s.
configure({ asyncUtilTimeout: 5000 });

function period(id: number, name: string, overrides: Partial<TimelinePeriod> = {}): TimelinePeriod {
  return {
    id,
    name,
    aliases: [],
    notes: null,
    startDate: null,
    endDate: null,
    isOneDay: false,
    startYear: null,
    endYear: null,
    level: 0,
    color: "#3b82f6",
    parents: [],
    children: [],
    memoryCount: 0,
    ...overrides,
  };
}

const childhood = period(1, "Childhood", {
  startDate: "1990-03-02",
  endDate: "2001-08-31",
  startYear: 1990,
  endYear: 2001,
  aliases: ["Early years"],
  notes: "Growing up in Lyon",
  color: "#ef4444",
  children: [2],
  memoryCount: 2,
});
const firstBike = period(2, "First bike", {
  startDate: "1997-05-04",
  endDate: "1997-05-04",
  isOneDay: true,
  startYear: 1997,
  endYear: 1997,
  level: 1,
  parents: [1],
  color: "#f59e0b",
});
const job = period(3, "Job at Acme", { startDate: "2019-01-07", startYear: 2019, color: "#22c55e" });
const someday = period(4, "Trip to Japan", { aliases: ["Japan"] });

const timeline: Timeline = { periods: [childhood, firstBike, job], undated: [someday] };

function timelineApi(body: Timeline = timeline, extra: Parameters<typeof signedInApi>[1] = {}) {
  return signedInApi(makeUser(), {
    "GET /api/timeline": () => ({ body }),
    "GET /api/timeline/memories": () => ({ body: { items: [], nextCursor: null } }),
    ...extra,
  });
}

const zoomText = () => screen.getByTestId("timeline-zoom").textContent;

describe("/timeline", { timeout: 20_000 }, () => {
  it("offers to add a first period when there is none", async () => {
    timelineApi({ periods: [], undated: [] });
    renderApp("/timeline");
    expect(await screen.findByRole("heading", { level: 2, name: "No periods yet" })).toBeInTheDocument();
    expect(screen.queryByTestId("timeline-track")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add your first period" }));
    const dialog = await screen.findByRole("dialog", { name: "Add: Period/Event" });
    expect(within(dialog).getByLabelText("Start date")).toBeInTheDocument();
  });

  it("says it is loading, then draws each dated period as a named bar and lists the undated apart", async () => {
    let answer: (value: { body: Timeline }) => void = () => {};
    timelineApi(timeline, { "GET /api/timeline": () => new Promise((resolve) => (answer = resolve)) });
    renderApp("/timeline");
    expect(await screen.findByRole("status", { name: "Loading the timeline" })).toBeInTheDocument();
    answer({ body: timeline });
    const track = await screen.findByRole("region", { name: "Timeline" });
    expect(within(track).getByRole("button", { name: "Childhood, 1990 – 2001, level 1" })).toHaveAttribute("aria-pressed", "false");
    expect(within(track).getByRole("button", { name: "First bike, May 4, 1997, level 2" })).toBeInTheDocument();
    expect(within(track).getByRole("button", { name: "Job at Acme, 2019 – Present, level 1" })).toBeInTheDocument();
    // Every dated period is a button on the track; the undated period is not there.
    expect(within(track).getAllByRole("button")).toHaveLength(3);
    const undated = screen.getByRole("region", { name: "Periods without a start date" });
    expect(within(undated).getByText("Trip to Japan")).toBeInTheDocument();
    expect(within(undated).getByText("Also called Japan")).toBeInTheDocument();
    expect(within(undated).getByRole("button", { name: "Edit Trip to Japan to give it a start date" })).toBeInTheDocument();
    expect(screen.getByTestId("timeline-viewed")).toHaveTextContent("100% viewed");
  });

  it("selects a period with the periods inside it and shows their memories, page by page", async () => {
    const { requests } = timelineApi(timeline, {
      "GET /api/timeline/memories": (_, query) =>
        query.get("cursor") === "next"
          ? { body: { items: [makeMemory(12, { title: "Riding without hands" })], nextCursor: null } }
          : { body: { items: [makeMemory(11, { title: "The red bike" })], nextCursor: "next" } },
    });
    renderApp("/timeline");
    const user = userEvent.setup();
    const bar = await screen.findByRole("button", { name: "Childhood, 1990 – 2001, level 1" });
    expect(screen.getByText("Select a period on the timeline to see its memories.")).toBeInTheDocument();
    await user.click(bar);
    expect(bar).toHaveAttribute("aria-pressed", "true");
    // Its descendant is selected with it; the other period shrinks.
    expect(screen.getByRole("button", { name: "First bike, May 4, 1997, level 2" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Job at Acme, 2019 – Present, level 1" })).toHaveAttribute("data-state", "dim");

    const panel = screen.getByRole("region", { name: "Selected periods" });
    expect(within(panel).getByText("2 periods selected, with the periods inside them")).toBeInTheDocument();
    expect(within(panel).getByText("1990 – 2001 · 2 memories")).toBeInTheDocument();
    expect(within(panel).getByText("Growing up in Lyon")).toBeInTheDocument();

    const grid = await screen.findByRole("list", { name: "Memories from the selected periods" });
    expect(within(grid).getByRole("link", { name: "The red bike" })).toHaveAttribute("href", "/memories/11");
    const asked = requests.filter((request) => request.path === "/api/timeline/memories");
    expect(asked).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(grid).findByRole("link", { name: "Riding without hands" })).toBeInTheDocument();
    expect(within(grid).getByRole("link", { name: "The red bike" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    // Clicking the zoom shows the chosen period large: its span × 1.4 fills the view.
    await waitFor(() => expect(Number.parseInt(zoomText() ?? "", 10)).toBeGreaterThan(100));
  });

  it("asks the server for the picked periods and says when they have no memories", async () => {
    const seen: string[] = [];
    timelineApi(timeline, {
      "GET /api/timeline/memories": (_, query) => {
        seen.push(query.get("periods") ?? "");
        return { body: { items: [], nextCursor: null } };
      },
    });
    renderApp("/timeline");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Job at Acme, 2019 – Present, level 1" }));
    expect(await screen.findByRole("heading", { name: "No memories here yet" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Childhood, 1990 – 2001, level 1" }));
    await waitFor(() => expect(seen).toEqual(["3", "1,3"]));
  });

  it("deselects a selected period, and clears the whole selection", async () => {
    timelineApi();
    renderApp("/timeline");
    const user = userEvent.setup();
    const clear = await screen.findByRole("button", { name: "Clear selection" });
    expect(clear).toBeDisabled();
    const bike = screen.getByRole("button", { name: "First bike, May 4, 1997, level 2" });
    const childhoodBar = screen.getByRole("button", { name: "Childhood, 1990 – 2001, level 1" });
    await user.click(bike);
    // Its parent is shown as context: not selected, not shrunk.
    expect(childhoodBar).toHaveAttribute("data-state", "parent");
    expect(await screen.findByTestId("timeline-links")).toBeInTheDocument();
    await user.click(bike);
    expect(bike).toHaveAttribute("aria-pressed", "false");
    expect(clear).toBeDisabled();

    await user.click(childhoodBar);
    expect(clear).toBeEnabled();
    await user.click(clear);
    expect(childhoodBar).toHaveAttribute("aria-pressed", "false");
    expect(bike).toHaveAttribute("data-state", "normal");
    expect(screen.queryByRole("region", { name: "Selected periods" })).not.toBeInTheDocument();
    expect(clear).toBeDisabled();
  });

  it("zooms between 50 % and 5000 %, disabling each button at its limit, and resets", async () => {
    timelineApi();
    renderApp("/timeline");
    const user = userEvent.setup();
    const zoomOut = await screen.findByRole("button", { name: "Zoom out" });
    const zoomIn = screen.getByRole("button", { name: "Zoom in" });
    const reset = screen.getByRole("button", { name: "Reset zoom" });
    expect(zoomText()).toBe("100%");
    expect(reset).toBeDisabled();
    await user.click(zoomOut);
    await waitFor(() => expect(zoomText()).toBe("67%"));
    expect(reset).toBeEnabled();
    await user.click(zoomOut);
    await waitFor(() => expect(zoomText()).toBe("50%"));
    expect(zoomOut).toBeDisabled();
    for (let i = 0; i < 12; i++) {
      if (zoomIn.hasAttribute("disabled")) break;
      await user.click(zoomIn);
      await waitFor(() => expect(zoomOut).toBeEnabled());
    }
    await waitFor(() => expect(zoomText()).toBe("5000%"));
    expect(zoomIn).toBeDisabled();
    // The minimap's texts follow a moment later (they are not repainted at every frame).
    await waitFor(() => expect(screen.getByTestId("timeline-viewed")).toHaveTextContent("2% viewed"));
    await user.click(reset);
    await waitFor(() => expect(zoomText()).toBe("100%"));
    expect(reset).toBeDisabled();
  });

  it("answers the keyboard: + and - zoom, 0 resets, arrows go from period to period", async () => {
    timelineApi();
    renderApp("/timeline");
    const track = await screen.findByRole("region", { name: "Timeline" });
    track.focus();
    fireEvent.keyDown(track, { key: "+" });
    await waitFor(() => expect(zoomText()).toBe("150%"));
    fireEvent.keyDown(track, { key: "-" });
    fireEvent.keyDown(track, { key: "-" });
    await waitFor(() => expect(zoomText()).toBe("67%"));
    fireEvent.keyDown(track, { key: "0" });
    await waitFor(() => expect(zoomText()).toBe("100%"));
    fireEvent.keyDown(track, { key: "ArrowRight" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Reset zoom" })).toBeEnabled());

    // Tab reaches one period (roving tabindex), the arrows the others; Tab again leaves the track.
    const user = userEvent.setup();
    const childhoodBar = screen.getByRole("button", { name: "Childhood, 1990 – 2001, level 1" });
    const jobBar = screen.getByRole("button", { name: "Job at Acme, 2019 – Present, level 1" });
    const bikeBar = screen.getByRole("button", { name: "First bike, May 4, 1997, level 2" });
    track.focus();
    await user.tab();
    expect(childhoodBar).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(jobBar).toHaveFocus();
    await user.tab();
    expect(track).not.toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(jobBar).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowDown}");
    expect(bikeBar).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(bikeBar).toHaveAttribute("aria-pressed", "true");
    await user.keyboard(" ");
    expect(bikeBar).toHaveAttribute("aria-pressed", "false");
  });

  it("opens the period dialog to add a period, and to edit a selected or an undated one", async () => {
    const entities = [
      makeEntity(1, "Childhood", "lifePeriod", { metadata: { startDate: "1990-03-02", endDate: "2001-08-31" } }),
      makeEntity(4, "Trip to Japan", "lifePeriod"),
    ];
    let fetched = 0;
    timelineApi(timeline, {
      "GET /api/timeline": () => {
        fetched++;
        return { body: timeline };
      },
      "GET /api/entities": () => ({ body: entities }),
      "PATCH /api/entities-with-metadata/4": () => ({ body: entities[1] }),
    });
    renderApp("/timeline");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add period" }));
    const adding = await screen.findByRole("dialog", { name: "Add: Period/Event" });
    await user.click(within(adding).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Childhood, 1990 – 2001, level 1" }));
    await user.click(screen.getByRole("button", { name: "Edit Childhood" }));
    const editing = await screen.findByRole("dialog", { name: "Edit Childhood" });
    expect(within(editing).getByLabelText("Start date")).toHaveValue("1990-03-02");
    await user.click(within(editing).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Giving an undated period a date refreshes the timeline.
    await user.click(screen.getByRole("button", { name: "Edit Trip to Japan to give it a start date" }));
    const dating = await screen.findByRole("dialog", { name: "Edit Trip to Japan" });
    await user.type(within(dating).getByLabelText("Start date"), "2027-04-01");
    const before = fetched;
    await user.click(within(dating).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fetched).toBeGreaterThan(before));
  });

  it("warns on small screens that a larger one is better, until dismissed", async () => {
    setViewportWidth(375);
    timelineApi();
    renderApp("/timeline");
    const note = await screen.findByText("This timeline is best viewed on a larger screen.");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss the screen size notice" }));
    expect(note).not.toBeInTheDocument();
  });

  it("shows no screen-size warning on a desktop", async () => {
    timelineApi();
    renderApp("/timeline");
    await screen.findByTestId("timeline-track");
    expect(screen.queryByText("This timeline is best viewed on a larger screen.")).not.toBeInTheDocument();
  });

  it("speaks French, with dates in French", async () => {
    await changeLanguage("fr");
    timelineApi();
    renderApp("/timeline");
    expect(await screen.findByRole("heading", { level: 1, name: "Chronologie" })).toBeInTheDocument();
    const track = await screen.findByRole("region", { name: "Chronologie" });
    expect(within(track).getByRole("button", { name: "Childhood, 1990 – 2001, niveau 1" })).toBeInTheDocument();
    expect(within(track).getByRole("button", { name: "First bike, 4 mai 1997, niveau 2" })).toBeInTheDocument();
    expect(within(track).getByRole("button", { name: "Job at Acme, 2019 – Aujourd’hui, niveau 1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ajouter une période" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Effacer la sélection" })).toBeDisabled();
    expect(screen.getByTestId("timeline-zoom")).toHaveTextContent("100 %");
    expect(screen.getByTestId("timeline-viewed")).toHaveTextContent("100 % affiché");
    expect(screen.getByRole("region", { name: "Périodes sans date de début" })).toBeInTheDocument();
  });

  it("shows a translated failure with a retry", async () => {
    let fail = true;
    timelineApi(timeline, {
      "GET /api/timeline": () => (fail ? { status: 500, body: { message: "boom", code: "internal_error" } } : { body: timeline }),
    });
    renderApp("/timeline");
    expect(await screen.findByRole("heading", { name: "The timeline could not be loaded" })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Timeline" })).toBeInTheDocument();
  });
});
