import { describe, expect, it } from "vitest";
import type { Graph as GraphAnswer } from "@/lib/api/types";
import { cookiePreferences, acceptAllCookies, essentialCookiesOnly } from "@/lib/cookie-consent";
import { copyPositions, displayGraph, frameOf } from "./display";
import { buildGraph, edgeSize, MAX_NODE_SIZE, MIN_NODE_SIZE, neighboursByStrength } from "./graph-model";
import { clearSessionLayouts, layoutStorageKey, loadLayout, placeNodes, saveLayout, seedPosition } from "./positions";
import { countByType, defaultFocus, listOrder, neighbourhoodOf, searchNodes, visibleNodes } from "./view";

type AnswerNode = GraphAnswer["nodes"][number];
type AnswerEdge = GraphAnswer["edges"][number];

function node(id: number, name: string, type: AnswerNode["type"] = "person", memoryCount = 1): AnswerNode {
  return { id, name, type, memoryCount };
}

function shared(source: number, target: number, weight = 1): AnswerEdge {
  return { source, target, kind: "sharedMemories", weight };
}

function answer(nodes: AnswerNode[], edges: AnswerEdge[] = [], extra: Record<string, unknown> = {}): GraphAnswer {
  const sharedEdgesTotal = edges.filter((edge) => edge.kind === "sharedMemories").length;
  return { nodes, edges, sharedEdgesTotal, ...extra } as GraphAnswer;
}

/** A small life: Ada (myself) with Bob and Lyon; Bob with Paris; Paris with Joy; Cat alone. */
const life = answer(
  [
    node(1, "Ada", "person", 9),
    node(2, "Bob", "person", 4),
    node(3, "Lyon", "location", 3),
    node(4, "Paris", "location", 2),
    node(5, "Joy", "emotion", 1),
    node(6, "Cat", "person", 0),
    node(7, "Wedding", "event", 1),
  ],
  [shared(1, 2, 3), shared(1, 3, 1), shared(2, 4, 2), shared(4, 5, 1), { source: 7, target: 1, kind: "relationship", weight: 1, label: "guest" }],
  { myselfId: 1 },
);

describe("building the graph from GET /api/graph", () => {
  it("keeps every entity with its name, type, memory count, and a size growing as the square root of its memories", () => {
    const { graph, myself } = buildGraph(life);
    expect(graph.order).toBe(7);
    expect(graph.getNodeAttributes("4")).toMatchObject({ label: "Paris", entityType: "location", memoryCount: 2 });
    // An `event` is filed with the periods (docs/data.md).
    expect(graph.getNodeAttribute("7", "entityType")).toBe("lifePeriod");
    expect(graph.getNodeAttribute("1", "size")).toBe(MAX_NODE_SIZE);
    expect(graph.getNodeAttribute("6", "size")).toBe(MIN_NODE_SIZE);
    // sqrt(4/9) of the range for Bob.
    expect(graph.getNodeAttribute("2", "size")).toBeCloseTo(MIN_NODE_SIZE + (MAX_NODE_SIZE - MIN_NODE_SIZE) * (2 / 3));
    expect(myself).toBe("1");
    expect(graph.getNodeAttribute("1", "fixed")).toBe(true);
  });

  it("links entities with their weights, thicker for more shared memories, and keeps stated relationships", () => {
    const { graph } = buildGraph(life);
    expect(graph.size).toBe(5);
    const [edge] = graph.edges("1", "2");
    expect(graph.getEdgeAttributes(edge!)).toMatchObject({ kind: "sharedMemories", weight: 3 });
    const [stated] = graph.edges("7", "1");
    expect(graph.getEdgeAttributes(stated!)).toMatchObject({ kind: "relationship", relation: "guest" });
    expect(edgeSize(1)).toBe(1);
    expect(edgeSize(4)).toBeGreaterThan(edgeSize(2));
    expect(edgeSize(10_000)).toBe(6);
  });

  it("drops edges to entities it does not know, and loops", () => {
    const { graph } = buildGraph(answer([node(1, "Ada"), node(2, "Bob")], [shared(1, 2), shared(1, 99), shared(2, 2)]));
    expect(graph.size).toBe(1);
  });

  it("has no myself when the answer names none or names an unknown entity", () => {
    expect(buildGraph(answer([node(1, "Ada")])).myself).toBeNull();
    expect(buildGraph(answer([node(1, "Ada")], [], { myselfId: 42 })).myself).toBeNull();
  });

  it("gives the same signature to the same graph, and another when a link or myself changes", () => {
    const signature = buildGraph(life).signature;
    expect(buildGraph(structuredClone(life)).signature).toBe(signature);
    const heavier = structuredClone(life);
    heavier.edges[0]!.weight = 4;
    expect(buildGraph(heavier).signature).not.toBe(signature);
    expect(buildGraph({ ...life, myselfId: 2 } as GraphAnswer).signature).not.toBe(signature);
  });

  it("says when the shared-memory links were capped", () => {
    const built = buildGraph({ ...life, sharedEdgesTotal: 9_000 });
    expect(built.sharedEdgesShown).toBe(4);
    expect(built.sharedEdgesTotal).toBe(9_000);
  });

  it("orders neighbours by the strength of their links", () => {
    const { graph } = buildGraph(life);
    expect(neighboursByStrength(graph, "1")).toEqual(["2", "3", "7"]);
  });
});

describe("what the explorer shows", () => {
  it("opens a large graph around myself, else around the entity with most memories", () => {
    const { graph, myself } = buildGraph(life);
    expect(defaultFocus(graph, myself)).toBe("1");
    const noMyself = buildGraph(answer([node(1, "Ada", "person", 2), node(2, "Bob", "person", 5), node(3, "Cy", "person", 5)]));
    expect(defaultFocus(noMyself.graph, null)).toBe("2");
  });

  it("takes the neighbourhood within two links", () => {
    const { graph } = buildGraph(life);
    const around = neighbourhoodOf(graph, "1");
    expect(around.hops).toBe(2);
    expect([...around.nodes].sort()).toEqual(["1", "2", "3", "4", "7"]);
  });

  it("falls back to one link when two are more than the limit, and to the strongest links when one is", () => {
    const { graph } = buildGraph(life);
    const near = neighbourhoodOf(graph, "1", 4);
    expect(near).toMatchObject({ hops: 1, truncated: false });
    expect([...near.nodes].sort()).toEqual(["1", "2", "3", "7"]);
    const strongest = neighbourhoodOf(graph, "1", 2);
    expect(strongest).toMatchObject({ hops: 1, truncated: true });
    expect([...strongest.nodes].sort()).toEqual(["1", "2"]);
  });

  it("filters by type and by neighbourhood, and counts each type in view", () => {
    const { graph } = buildGraph(life);
    const noPeople = visibleNodes(graph, { types: new Set(["location", "emotion", "lifePeriod"]), scope: null });
    expect([...noPeople].sort()).toEqual(["3", "4", "5", "7"]);
    const around = neighbourhoodOf(graph, "1").nodes;
    const peopleAround = visibleNodes(graph, { types: new Set(["person"]), scope: around });
    expect([...peopleAround].sort()).toEqual(["1", "2"]);
    expect(countByType(graph, around)).toEqual({ person: 2, location: 2, lifePeriod: 1, emotion: 0, object: 0, activity: 0 });
    expect(countByType(graph, null).person).toBe(3);
  });

  it("finds names regardless of case and accents, the best matches first", () => {
    const { graph } = buildGraph(
      answer([node(1, "Émile Milou", "person", 1), node(2, "Mila", "person", 5), node(3, "Camille", "person", 9), node(4, "Mil", "person", 0)]),
    );
    const all = graph.nodes();
    // Exact name, then a name starting with it, then a word starting with it, then anywhere.
    expect(searchNodes(graph, all, "MIL")).toEqual(["4", "2", "1", "3"]);
    expect(searchNodes(graph, all, "emile")).toEqual(["1"]);
    expect(searchNodes(graph, all, "  ")).toEqual([]);
    expect(searchNodes(graph, ["2", "3"], "mil")).toEqual(["2", "3"]);
  });

  it("lists most memories first, then by name in the reader's language", () => {
    const { graph } = buildGraph(answer([node(1, "zoé", "person", 1), node(2, "Élise", "person", 1), node(3, "Bob", "person", 3)]));
    expect(listOrder(graph, graph.nodes(), "fr")).toEqual(["3", "2", "1"]);
  });
});

describe("saved positions", () => {
  const positionsOf = (graph: ReturnType<typeof buildGraph>["graph"]) =>
    Object.fromEntries(graph.mapNodes((key, { x, y }) => [key, [x, y]]));

  it("seeds a new graph from the ids alone, with myself at the centre, and plans a full layout", () => {
    const first = buildGraph(life);
    const plan = placeNodes(first, null);
    expect(plan.mode).toBe("full");
    expect([...plan.fixed]).toEqual(["1"]);
    expect(first.graph.getNodeAttributes("1")).toMatchObject({ x: 0, y: 0 });
    const again = buildGraph(life);
    placeNodes(again, null);
    expect(positionsOf(again.graph)).toEqual(positionsOf(first.graph));
    const spot = seedPosition("42", 100);
    expect(Math.hypot(spot.x, spot.y)).toBeLessThanOrEqual(100);
    expect(seedPosition("43", 100)).not.toEqual(spot);
  });

  it("are kept in local storage per user when functionality storage is allowed, and reopen without a layout", () => {
    cookiePreferences.set(acceptAllCookies);
    clearSessionLayouts();
    const built = buildGraph(life);
    placeNodes(built, null);
    built.graph.mergeNodeAttributes("2", { x: 12.3456, y: -7.891 });
    saveLayout(2, built.signature, built.graph);
    expect(window.localStorage.getItem(layoutStorageKey(2))).toContain(built.signature);
    // A new visit: nothing in this page's memory, the stored copy is read.
    clearSessionLayouts();
    const saved = loadLayout(2);
    expect(saved?.positions.get("2")).toEqual({ x: 12.35, y: -7.89 });
    expect(loadLayout(3)).toBeNull();
    const reopened = buildGraph(life);
    expect(placeNodes(reopened, saved)).toMatchObject({ mode: "none", maxIterations: 0 });
    expect(reopened.graph.getNodeAttributes("2")).toMatchObject({ x: 12.35, y: -7.89 });
  });

  it("last only for this page without that consent, and leave nothing in storage", () => {
    cookiePreferences.set(essentialCookiesOnly);
    clearSessionLayouts();
    window.localStorage.setItem(layoutStorageKey(2), "left from before");
    const built = buildGraph(life);
    placeNodes(built, null);
    saveLayout(2, built.signature, built.graph);
    expect(window.localStorage.getItem(layoutStorageKey(2))).toBeNull();
    expect(loadLayout(2)?.signature).toBe(built.signature);
    clearSessionLayouts();
    expect(loadLayout(2)).toBeNull();
  });

  it("ignore a stored value they cannot read", () => {
    cookiePreferences.set(acceptAllCookies);
    clearSessionLayouts();
    window.localStorage.setItem(layoutStorageKey(2), "{not json");
    expect(loadLayout(2)).toBeNull();
    window.localStorage.setItem(layoutStorageKey(2), JSON.stringify({ v: 1, signature: "s", ids: ["1"], xy: [1] }));
    expect(loadLayout(2)).toBeNull();
  });

  it("lay out only the new entities, near their neighbours, when entities were added", () => {
    const before = buildGraph(life);
    placeNodes(before, null);
    const saved = { signature: before.signature, positions: new Map(before.graph.mapNodes((key, { x, y }) => [key, { x, y }])) };
    const grown = structuredClone(life);
    grown.nodes.push(node(8, "Hugo", "person", 1));
    grown.edges.push(shared(4, 8));
    const after = buildGraph(grown);
    const plan = placeNodes(after, saved);
    expect(plan.mode).toBe("new");
    // Every old node stays put; the new one starts beside Paris, its only neighbour.
    expect([...plan.fixed].sort()).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    const paris = after.graph.getNodeAttributes("4");
    const hugo = after.graph.getNodeAttributes("8");
    const radius = 10 * Math.sqrt(after.graph.order);
    expect(Math.hypot(hugo.x - paris.x, hugo.y - paris.y)).toBeLessThanOrEqual(radius * 0.05 + 1e-9);
  });

  it("settle briefly when only the links changed, and start over when most entities are new", () => {
    const before = buildGraph(life);
    placeNodes(before, null);
    const saved = { signature: before.signature, positions: new Map(before.graph.mapNodes((key, { x, y }) => [key, { x, y }])) };
    const relinked = structuredClone(life);
    relinked.edges.push(shared(5, 6));
    expect(placeNodes(buildGraph(relinked), saved)).toMatchObject({ mode: "settle", maxIterations: 200 });
    const mostlyNew = answer([node(1, "Ada"), node(20, "A"), node(21, "B"), node(22, "C")]);
    expect(placeNodes(buildGraph(mostlyNew), saved).mode).toBe("full");
  });
});

describe("what the renderer is given", () => {
  it("is the visible part of the graph: its nodes and the edges between them, positions following the layout", () => {
    const { graph } = buildGraph(life);
    const display = displayGraph(graph, new Set(["1", "2", "4"]));
    expect(display.nodes()).toEqual(["1", "2", "4"]);
    expect(display.edges().map((edge) => display.extremities(edge))).toEqual([
      ["1", "2"],
      ["2", "4"],
    ]);
    expect(display.getNodeAttributes("2")).toMatchObject({ label: "Bob", memoryCount: 4 });
    graph.mergeNodeAttributes("2", { x: 5, y: 6 });
    expect(display.getNodeAttributes("2")).toMatchObject({ x: 0, y: 0 });
    copyPositions(graph, display);
    expect(display.getNodeAttributes("2")).toMatchObject({ x: 5, y: 6 });
  });

  it("is framed on the whole graph, centred on myself when there is one", () => {
    const { graph } = buildGraph(answer([node(1, "Ada"), node(2, "Bob"), node(3, "Cy")]));
    graph.mergeNodeAttributes("1", { x: 0, y: 0 });
    graph.mergeNodeAttributes("2", { x: 10, y: -2 });
    graph.mergeNodeAttributes("3", { x: -4, y: 30 });
    expect(frameOf(graph, null)).toEqual({ x: [-4, 10], y: [-2, 30] });
    expect(frameOf(graph, "1")).toEqual({ x: [-30, 30], y: [-30, 30] });
    const { graph: single } = buildGraph(answer([node(1, "Ada")]));
    expect(frameOf(single, null)).toEqual({ x: [-1, 1], y: [-1, 1] });
  });
});
