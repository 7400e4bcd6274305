import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GraphExplorer } from "@/features/graph";
import type { Graph as GraphAnswer } from "@/lib/api/types";
import { changeLanguage, i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { makeUser, signedInApi } from "@/test/api";
import { makeMemory } from "@/test/builders";
import { cookiePreferences, acceptAllCookies } from "@/lib/cookie-consent";
import { clearSessionLayouts } from "./explorer/positions";
import type { GraphCanvasProps } from "./components/graph-canvas";

// WebGL does not exist in jsdom: the canvas is replaced by a stand-in that shows the nodes it was
// told to draw as buttons (a click is a click on that node) and the camera's last request. The
// rest (filters, search, list, panel, live region) is the real thing.
vi.mock("./components/graph-canvas", async (importOriginal) => {
  const original = await importOriginal<typeof import("./components/graph-canvas")>();
  function FakeCanvas({ graph, view, camera, onSelect, label }: GraphCanvasProps) {
    return (
      <div data-testid="canvas" aria-label={label} data-camera={camera ? JSON.stringify({ ...camera, seq: undefined }) : ""}>
        {/* The first 20 are enough to click: more would only slow the queries down. */}
        {[...view.visible].slice(0, 20).map((node) => (
          <button key={node} type="button" data-highlighted={view.matches?.has(node) ?? false} onClick={() => onSelect(node)}>
            {`dot ${graph.getNodeAttribute(node, "label")}`}
          </button>
        ))}
      </div>
    );
  }
  return { ...original, GraphCanvas: FakeCanvas };
});

type AnswerNode = GraphAnswer["nodes"][number];

const life = {
  nodes: [
    { id: 1, name: "Ada", type: "person", memoryCount: 5 },
    { id: 2, name: "Claire", type: "person", memoryCount: 3 },
    { id: 3, name: "Lyon", type: "location", memoryCount: 4 },
    { id: 4, name: "Joy", type: "emotion", memoryCount: 1 },
    { id: 5, name: "Summer 2019", type: "lifePeriod", memoryCount: 2 },
  ] satisfies AnswerNode[],
  edges: [
    { source: 1, target: 2, kind: "sharedMemories", weight: 3 },
    { source: 1, target: 3, kind: "sharedMemories", weight: 2 },
    { source: 2, target: 3, kind: "sharedMemories", weight: 1 },
    { source: 3, target: 4, kind: "sharedMemories", weight: 1 },
    { source: 1, target: 5, kind: "sharedMemories", weight: 1 },
  ],
  sharedEdgesTotal: 5,
  myselfId: 1,
} as GraphAnswer;

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderExplorer() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <GraphExplorer /> },
      { path: "*", element: <LocationProbe /> },
    ],
    { initialEntries: ["/"] },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function serve(graph: GraphAnswer | (() => { status?: number; body?: unknown })) {
  const memories = vi.fn((_request: unknown, query: URLSearchParams) => ({
    body: {
      items:
        query.get("filterEntity") === "3"
          ? [makeMemory(11, { title: "Market in Lyon", eventDate: "2024-06-15" }), makeMemory(12, { title: "Rain", eventDate: null })]
          : [],
      nextCursor: null,
    },
  }));
  const api = signedInApi(makeUser(), {
    "GET /api/graph": typeof graph === "function" ? graph : () => ({ body: graph }),
    "GET /api/memories": memories,
  });
  return { ...api, memories };
}

const list = () => screen.getByRole("listbox", { name: "Entities in the graph" });
const optionNames = () => within(list()).getAllByRole("option").map((option) => option.getAttribute("aria-label"));
const canvasDots = () => within(screen.getByTestId("canvas")).getAllByRole("button").map((button) => button.textContent);

describe("the graph explorer", () => {
  // The explorer is a lazily loaded chunk: load it once ahead, as a browser would have by then.
  beforeAll(async () => {
    await import("./components/graph-explorer");
  }, 30_000);

  it("lists every entity, most memories first, saying its type, memories and links", async () => {
    serve(life);
    renderExplorer();
    await screen.findByRole("listbox", { name: "Entities in the graph" });
    expect(optionNames()).toEqual([
      "Ada, Person, 5 memories, linked to Claire, Lyon, and Summer 2019",
      "Lyon, Location, 4 memories, linked to Ada, Claire, and Joy",
      "Claire, Person, 3 memories, linked to Ada and Lyon",
      "Summer 2019, Period/Event, 2 memories, linked to Ada",
      "Joy, Emotion, 1 memory, linked to Lyon",
    ]);
    expect(screen.getByText("5 shown")).toBeInTheDocument();
    expect(canvasDots()).toHaveLength(5);
    expect(screen.getByTestId("canvas")).toHaveAttribute("aria-label", expect.stringContaining("Graph of 5 entities"));
  });

  it("filters by type, the canvas and the list alike", async () => {
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    const people = await screen.findByRole("button", { name: /^People\s*2$/ });
    expect(people).toHaveAttribute("aria-pressed", "true");
    await user.click(people);
    expect(people).toHaveAttribute("aria-pressed", "false");
    expect(optionNames().map((name) => name?.split(",")[0])).toEqual(["Lyon", "Summer 2019", "Joy"]);
    expect(canvasDots()).toEqual(["dot Lyon", "dot Joy", "dot Summer 2019"]);
    // With every type off, the list says so rather than showing an empty list.
    for (const type of [/^Locations/, /^Periods\/Events/, /^Emotions/]) await user.click(screen.getByRole("button", { name: type }));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.getByText("No entity to show. Turn a type back on, or change the search.")).toBeInTheDocument();
    await user.click(people);
    expect(optionNames()).toHaveLength(2);
  });

  it("finds a name: highlights it, brings it into view, and Enter selects it", async () => {
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    const search = await screen.findByRole("searchbox", { name: "Find an entity in the graph" });
    await user.type(search, "cla");
    await waitFor(() => expect(optionNames()).toEqual(["Claire, Person, 3 memories, linked to Ada and Lyon"]));
    expect(screen.getByText("1 match")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "dot Claire" })).toHaveAttribute("data-highlighted", "true");
    expect(screen.getByRole("button", { name: "dot Ada" })).toHaveAttribute("data-highlighted", "false");
    expect(screen.getByTestId("canvas")).toHaveAttribute("data-camera", JSON.stringify({ kind: "node", node: "2" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Claire" })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "zzz");
    expect(await screen.findByText("Nothing here matches “zzz”.")).toBeInTheDocument();
  });

  it("selects from the list: panel with the entity's memories and links, camera on it, selection announced", async () => {
    const { memories } = serve(life);
    const user = userEvent.setup();
    const { router } = renderExplorer();
    await screen.findByRole("listbox", { name: "Entities in the graph" });
    await user.click(within(list()).getByRole("option", { name: /^Lyon,/ }));
    expect(within(list()).getByRole("option", { name: /^Lyon,/ })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("region", { name: "Lyon" });
    expect(within(panel).getByText(/Location · 4 memories/)).toBeInTheDocument();
    expect(within(panel).getByText("linked to Ada, Claire, and Joy")).toBeInTheDocument();
    expect(await within(panel).findByRole("link", { name: "Market in Lyon" })).toHaveAttribute("href", "/memories/11");
    expect(within(panel).getByText("June 15, 2024")).toBeInTheDocument();
    expect(within(panel).getByText("Unknown date")).toBeInTheDocument();
    expect(memories.mock.calls.some(([, query]) => query.get("filterEntity") === "3")).toBe(true);
    expect(screen.getByTestId("canvas")).toHaveAttribute("data-camera", JSON.stringify({ kind: "node", node: "3" }));
    expect(screen.getByText("Selected: Lyon, Location, 4 memories.")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Open in Locations" })).toHaveAttribute("href", "/entities/locations");
    await user.click(within(panel).getByRole("link", { name: "See all memories" }));
    expect(router.state.location.pathname + router.state.location.search).toBe("/memories?filterEntity=3");
  });

  it("says when no memory names the entity, and closes the panel", async () => {
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    await screen.findByRole("listbox");
    await user.click(within(list()).getByRole("option", { name: /^Joy,/ }));
    const panel = screen.getByRole("region", { name: "Joy" });
    expect(await within(panel).findByText("No memory names Joy yet.")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Joy" })).not.toBeInTheDocument();
    expect(within(list()).getByRole("option", { name: /^Joy,/ })).toHaveAttribute("aria-selected", "false");
  });

  it("selects the list item of a node clicked on the canvas, without moving the camera or the focus", async () => {
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    const search = await screen.findByRole("searchbox");
    await user.click(screen.getByRole("button", { name: "dot Joy" }));
    expect(within(list()).getByRole("option", { name: /^Joy,/ })).toHaveAttribute("aria-selected", "true");
    expect(within(list()).getByRole("option", { name: /^Joy,/ })).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("region", { name: "Joy" })).toBeInTheDocument();
    expect(screen.getByTestId("canvas")).toHaveAttribute("data-camera", "");
    expect(screen.getByText("Selected: Joy, Emotion, 1 memory.")).toBeInTheDocument();
    expect(search).not.toHaveFocus();
  });

  it("moves through the list with the keyboard, selection following focus", async () => {
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    await screen.findByRole("listbox");
    const options = within(list()).getAllByRole("option");
    // One tab stop: the first option until something is selected.
    expect(options.map((option) => option.getAttribute("tabindex"))).toEqual(["0", "-1", "-1", "-1", "-1"]);
    act(() => options[0]!.focus());
    await user.keyboard("{ArrowDown}");
    const lyon = within(list()).getByRole("option", { name: /^Lyon,/ });
    expect(lyon).toHaveAttribute("aria-selected", "true");
    expect(lyon).toHaveFocus();
    expect(screen.getByRole("region", { name: "Lyon" })).toBeInTheDocument();
    await user.keyboard("{End}");
    expect(within(list()).getByRole("option", { name: /^Joy,/ })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(within(list()).getByRole("option", { name: /^Ada,/ })).toHaveAttribute("aria-selected", "true");
  });

  it("shows an empty state when there are no entities", async () => {
    serve({ nodes: [], edges: [], sharedEdgesTotal: 0 });
    renderExplorer();
    expect(await screen.findByRole("heading", { name: "Your graph is empty" })).toBeInTheDocument();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("shows a loading state, then a failure with a way to try again", async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: { message: "Internal error", code: "internal" } } : { body: life }));
    const user = userEvent.setup();
    renderExplorer();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your graph…");
    expect(await screen.findByText("Failed to load the graph")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
  });

  it("says when the shared-memory links were capped", async () => {
    serve({ ...life, sharedEdgesTotal: 4_321 });
    renderExplorer();
    expect(await screen.findByText("Links for shared memories: the 5 strongest of 4,321 are drawn.")).toBeInTheDocument();
  });

  it("opens a large graph on the neighbourhood of myself, with everything one click away and a way back", async () => {
    // Myself (1) knows 20 people who each know 5 more; 1,600 more entities stand apart.
    const nodes: AnswerNode[] = [{ id: 1, name: "Me", type: "person", memoryCount: 50 }];
    const edges: GraphAnswer["edges"] = [];
    let id = 2;
    for (let friend = 0; friend < 20; friend++) {
      const friendId = id++;
      nodes.push({ id: friendId, name: `Friend ${friendId}`, type: "person", memoryCount: 3 });
      edges.push({ source: 1, target: friendId, kind: "sharedMemories", weight: 2 });
      for (let other = 0; other < 5; other++) {
        const otherId = id++;
        nodes.push({ id: otherId, name: `Place ${otherId}`, type: "location", memoryCount: 1 });
        edges.push({ source: friendId, target: otherId, kind: "sharedMemories", weight: 1 });
      }
    }
    for (let apart = 0; apart < 1_600; apart++) nodes.push({ id: id++, name: `Far ${apart}`, type: "object", memoryCount: 1 });
    serve({ nodes, edges, sharedEdgesTotal: edges.length, myselfId: 1 } as GraphAnswer);
    const user = userEvent.setup();
    renderExplorer();
    expect(await screen.findByText("Showing the 121 entities within two links of Me, of 1,721.")).toBeInTheDocument();
    expect(screen.getByText("121 shown")).toBeInTheDocument();
    expect(screen.getByTestId("canvas")).toHaveAttribute("data-camera", JSON.stringify({ kind: "fit" }));
    // The list pages through long lists.
    expect(within(list()).getAllByRole("option")).toHaveLength(100);
    expect(screen.getByText("1–100 of 121")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next entities" }));
    expect(within(list()).getAllByRole("option")).toHaveLength(21);
    // A search finds what lies outside, and offers to show everything.
    await user.type(screen.getByRole("searchbox"), "Far 15");
    expect(await screen.findByRole("button", { name: /^111 more outside this neighbourhood/ })).toBeInTheDocument();
    await user.clear(screen.getByRole("searchbox"));
    await user.click(screen.getByRole("button", { name: "Show everything" }));
    expect(screen.getByText("1,721 shown")).toBeInTheDocument();
    expect(screen.getByText("Showing all 1,721 entities.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back to the neighbourhood of Me" }));
    expect(screen.getByText("121 shown")).toBeInTheDocument();
  }, 30_000);

  it("keeps on the list's page the node selected on the canvas", async () => {
    // The first entities have the fewest memories: the end of the list.
    const nodes: AnswerNode[] = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, type: "person", memoryCount: i + 1 }));
    serve({ nodes, edges: [], sharedEdgesTotal: 0 });
    const user = userEvent.setup();
    renderExplorer();
    await screen.findByRole("listbox");
    expect(screen.getByText("1–100 of 150")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "dot Person 2" }));
    expect(screen.getByText("101–150 of 150")).toBeInTheDocument();
    expect(within(list()).getByRole("option", { name: /^Person 2,/ })).toHaveAttribute("aria-selected", "true");
  });

  it("speaks French", async () => {
    await changeLanguage("fr");
    serve(life);
    const user = userEvent.setup();
    renderExplorer();
    const listbox = await screen.findByRole("listbox", { name: "Entités du graphe" });
    expect(within(listbox).getAllByRole("option")[0]).toHaveAttribute("aria-label", "Ada, Personne, 5 souvenirs, lié à Claire, Lyon et Summer 2019");
    expect(screen.getByRole("button", { name: /^Personnes\s*2$/ })).toBeInTheDocument();
    await user.click(within(listbox).getByRole("option", { name: /^Lyon,/ }));
    const panel = screen.getByRole("region", { name: "Lyon" });
    expect(await within(panel).findByText("15 juin 2024")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Voir tous les souvenirs" })).toBeInTheDocument();
    expect(screen.getByText("Sélection : Lyon, Lieu, 4 souvenirs.")).toBeInTheDocument();
  });

  describe("layout in a worker", () => {
    /** Stands in for the layout worker: records what it is sent, answers when the test says. */
    class FakeWorker {
      static all: FakeWorker[] = [];
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: (() => void) | null = null;
      sent: { type: string; runId: number; positions: Float32Array; fixed: Uint8Array; maxIterations: number }[] = [];
      terminated = false;
      constructor(readonly url: URL) {
        FakeWorker.all.push(this);
      }
      postMessage(message: FakeWorker["sent"][number]) {
        this.sent.push(message);
      }
      terminate() {
        this.terminated = true;
      }
      /** Every node moved to (index, -index). */
      finish(done = true) {
        const { runId, positions } = this.sent[0]!;
        const moved = new Float32Array(positions.length).map((_, i) => (i % 2 ? -Math.floor(i / 2) : Math.floor(i / 2)));
        act(() => this.onmessage?.({ data: { type: "positions", runId, positions: moved, iterations: 120, done } } as MessageEvent));
      }
    }

    const start = () => {
      FakeWorker.all = [];
      clearSessionLayouts();
      cookiePreferences.set(acceptAllCookies);
      vi.stubGlobal("Worker", FakeWorker);
    };

    it("arranges the graph in a worker, myself fixed, then keeps the positions so that reopening needs no layout", async () => {
      start();
      serve(life);
      renderExplorer();
      expect(await screen.findByText("Arranging the graph…")).toBeInTheDocument();
      const [worker] = FakeWorker.all;
      expect(worker!.url.pathname).toMatch(/layout\.worker\.ts$/);
      expect(worker!.sent[0]).toMatchObject({ type: "start", maxIterations: 1_000 });
      // Ada (myself) is the first node: fixed, at the centre.
      expect([...worker!.sent[0]!.fixed]).toEqual([1, 0, 0, 0, 0]);
      expect([...worker!.sent[0]!.positions.slice(0, 2)]).toEqual([0, 0]);
      worker!.finish();
      await waitFor(() => expect(screen.queryByText("Arranging the graph…")).not.toBeInTheDocument());
      expect(worker!.terminated).toBe(true);
      const stored = JSON.parse(window.localStorage.getItem("lifegraph.graphLayout.2")!) as { ids: string[]; xy: number[] };
      expect(stored.ids).toEqual(["1", "2", "3", "4", "5"]);
      expect(stored.xy.slice(0, 4)).toEqual([0, 0, 1, -1]);
      cleanup();

      // A new visit: the stored positions are drawn, no worker starts.
      clearSessionLayouts();
      serve(life);
      renderExplorer();
      await screen.findByRole("listbox");
      expect(FakeWorker.all).toHaveLength(1);
      expect(screen.queryByText("Arranging the graph…")).not.toBeInTheDocument();
    });

    it("stops on request and keeps where it got to", async () => {
      start();
      serve(life);
      const user = userEvent.setup();
      renderExplorer();
      await user.click(await screen.findByRole("button", { name: "Stop arranging" }));
      expect(screen.queryByText("Arranging the graph…")).not.toBeInTheDocument();
      expect(FakeWorker.all[0]!.terminated).toBe(true);
      expect(window.localStorage.getItem("lifegraph.graphLayout.2")).not.toBeNull();
    });

    it("says so when the layout fails", async () => {
      start();
      serve(life);
      renderExplorer();
      await screen.findByText("Arranging the graph…");
      act(() => FakeWorker.all[0]!.onerror?.());
      expect(await screen.findByText("The graph could not be arranged: some entities may overlap.")).toBeInTheDocument();
      expect(window.localStorage.getItem("lifegraph.graphLayout.2")).toBeNull();
    });
  });
});
