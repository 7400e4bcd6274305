import { MultiUndirectedGraph } from "graphology";
import type { EntityRoute } from "@/features/entities";
import type { EntityType, Graph as GraphAnswer } from "@/lib/api/types";

// The life graph as the explorer draws it: a graphology graph built from GET /api/graph, free of
// React and of the renderer, so that it can be tested in Node.

/** The six types the explorer filters on (docs/data.md: `event` is filed as a period). */
export const graphTypes = ["person", "location", "lifePeriod", "emotion", "object", "activity"] as const;
export type GraphType = (typeof graphTypes)[number];

export function graphTypeOf(type: EntityType): GraphType {
  return type === "event" ? "lifePeriod" : type;
}

/** The entity-list route of each type (src/features/entities/entity-types.ts). */
export const typeRoutes: Record<GraphType, EntityRoute> = {
  person: "people",
  location: "locations",
  lifePeriod: "periods",
  emotion: "emotions",
  object: "objects",
  activity: "activities",
};

/**
 * What a node carries. `type` is left alone on purpose: sigma reads it as the name of the program
 * that draws the node.
 */
export interface NodeAttributes {
  label: string;
  /** The name as searches compare it (see `normalise`). */
  searchKey: string;
  entityType: GraphType;
  memoryCount: number;
  size: number;
  x: number;
  y: number;
  /** ForceAtlas2 leaves a fixed node where it is (the writer's own person, at the centre). */
  fixed?: boolean;
}

export type EdgeKind = GraphAnswer["edges"][number]["kind"];

export interface EdgeAttributes {
  kind: EdgeKind;
  /** How many memories name both ends (1 for a stated relationship or a parent period). */
  weight: number;
  /** Drawn thickness, growing with the weight. */
  size: number;
  /** The stated relationship, if any. */
  relation: string | null;
}

export type LifeGraph = MultiUndirectedGraph<NodeAttributes, EdgeAttributes>;

export interface BuiltGraph {
  graph: LifeGraph;
  /** The writer's own person ("myself"), drawn at the centre, or null. */
  myself: string | null;
  /** Changes whenever the nodes, the edges or "myself" change: saved positions are for one signature. */
  signature: string;
  /** How many pairs of entities share a memory (more than the shared-memory edges drawn when capped). */
  sharedEdgesTotal: number;
  sharedEdgesShown: number;
}

/** Node sizes in pixels at the default zoom: the square root of the memory count, scaled to the largest. */
export const MIN_NODE_SIZE = 3;
export const MAX_NODE_SIZE = 12;

export function nodeSize(memoryCount: number, maxMemoryCount: number): number {
  if (maxMemoryCount <= 0) return MIN_NODE_SIZE;
  return MIN_NODE_SIZE + (MAX_NODE_SIZE - MIN_NODE_SIZE) * Math.sqrt(Math.max(0, memoryCount) / maxMemoryCount);
}

/** Edge thickness: one pixel for a single shared memory, thicker (logarithmically) for more, at most 6. */
export function edgeSize(weight: number): number {
  return Math.min(6, 1 + Math.log2(Math.max(1, weight)));
}

/** Lower case without accents: "Élodie" is found by "elo" (as the entity lists search). */
export function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();
}

/** The writer's own person (category "myself"), if they have one. */
export function myselfIdOf(answer: GraphAnswer): number | null {
  return answer.myselfId ?? null;
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell one graph from the next. */
export function hashText(text: string, seed = 0x811c9dc5): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** Builds the graph from the API answer: edges to unknown nodes and loops are dropped. */
export function buildGraph(answer: GraphAnswer): BuiltGraph {
  const graph: LifeGraph = new MultiUndirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
  const maxCount = answer.nodes.reduce((max, node) => Math.max(max, node.memoryCount), 0);
  const parts: string[] = [];
  for (const node of answer.nodes) {
    const key = String(node.id);
    if (graph.hasNode(key)) continue;
    graph.addNode(key, {
      label: node.name,
      searchKey: normalise(node.name),
      entityType: graphTypeOf(node.type),
      memoryCount: node.memoryCount,
      size: nodeSize(node.memoryCount, maxCount),
      x: 0,
      y: 0,
    });
    parts.push(key);
  }
  let sharedEdgesShown = 0;
  for (const edge of answer.edges) {
    const source = String(edge.source);
    const target = String(edge.target);
    if (source === target || !graph.hasNode(source) || !graph.hasNode(target)) continue;
    graph.addEdge(source, target, {
      kind: edge.kind,
      weight: Math.max(1, edge.weight),
      size: edgeSize(edge.weight),
      relation: edge.label ?? null,
    });
    if (edge.kind === "sharedMemories") sharedEdgesShown += 1;
    parts.push(`${source}-${target}-${edge.kind}-${edge.weight}`);
  }
  const myselfId = myselfIdOf(answer);
  const myself = myselfId !== null && graph.hasNode(String(myselfId)) ? String(myselfId) : null;
  if (myself) graph.setNodeAttribute(myself, "fixed", true);
  parts.push(`myself:${myself ?? ""}`);
  const text = parts.join(",");
  // Two hashes with different seeds: a collision of both would need an unlucky 64 bits.
  const signature = `${graph.order}.${graph.size}.${hashText(text)}${hashText(text, 0x01000193)}`;
  return { graph, myself, signature, sharedEdgesTotal: answer.sharedEdgesTotal, sharedEdgesShown };
}

/** A node's neighbours, strongest link first (the sum of the weights of the edges joining them). */
export function neighboursByStrength(graph: LifeGraph, node: string): string[] {
  const strength = new Map<string, number>();
  graph.forEachEdge(node, (_edge, attributes, source, target) => {
    const other = source === node ? target : source;
    strength.set(other, (strength.get(other) ?? 0) + attributes.weight);
  });
  return [...strength.entries()]
    .sort(
      (a, b) =>
        b[1] - a[1] ||
        graph.getNodeAttribute(b[0], "memoryCount") - graph.getNodeAttribute(a[0], "memoryCount") ||
        Number(a[0]) - Number(b[0]),
    )
    .map(([other]) => other);
}
