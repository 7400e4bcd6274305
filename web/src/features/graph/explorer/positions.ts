import { cookiePreferences } from "@/lib/cookie-consent";
import { readStorage, writeStorage } from "@/lib/storage";
import { hashText, type BuiltGraph, type LifeGraph } from "./graph-model";

// Where the nodes were drawn last time, so that the explorer opens at once on a known picture:
// kept for this page, and in local storage (per user) when the writer allows functionality
// storage in the cookie choice, as the sidebar preference is.

const KEY_PREFIX = "lifegraph.graphLayout.";

export interface Point {
  x: number;
  y: number;
}

export interface SavedLayout {
  /** The graph these positions were computed for (BuiltGraph.signature). */
  signature: string;
  positions: ReadonlyMap<string, Point>;
}

interface StoredLayout {
  v: 1;
  signature: string;
  /** Node ids, and their x, y pairs in the same order. */
  ids: string[];
  xy: number[];
}

const thisPage = new Map<number, SavedLayout>();

export function layoutStorageKey(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

function mayStore(): boolean {
  return cookiePreferences.get()?.functionality === true;
}

function parse(raw: string | null): SavedLayout | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredLayout>;
    if (value.v !== 1 || typeof value.signature !== "string" || !Array.isArray(value.ids) || !Array.isArray(value.xy)) return null;
    if (value.xy.length !== value.ids.length * 2) return null;
    const positions = new Map<string, Point>();
    value.ids.forEach((id, i) => {
      const x = value.xy![2 * i];
      const y = value.xy![2 * i + 1];
      if (typeof id === "string" && Number.isFinite(x) && Number.isFinite(y)) positions.set(id, { x: x!, y: y! });
    });
    return { signature: value.signature, positions };
  } catch {
    return null;
  }
}

/** The positions saved for this user: this page's, else the stored ones (with consent). */
export function loadLayout(userId: number): SavedLayout | null {
  const kept = thisPage.get(userId);
  if (kept) return kept;
  return mayStore() ? parse(readStorage(layoutStorageKey(userId))) : null;
}

/** Saves the graph's current positions; without consent they last for this page only. */
export function saveLayout(userId: number, signature: string, graph: LifeGraph): void {
  const positions = new Map<string, Point>();
  const ids: string[] = [];
  const xy: number[] = [];
  graph.forEachNode((node, { x, y }) => {
    // Two decimals: the layout spans hundreds of units, so this is far below a pixel.
    const point = { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
    positions.set(node, point);
    ids.push(node);
    xy.push(point.x, point.y);
  });
  thisPage.set(userId, { signature, positions });
  const stored: StoredLayout = { v: 1, signature, ids, xy };
  // Storage refusing (quota, private mode) only costs the next visit a layout run.
  writeStorage(layoutStorageKey(userId), mayStore() ? JSON.stringify(stored) : null);
}

/** Forgets this page's copies (tests). */
export function clearSessionLayouts(): void {
  thisPage.clear();
}

/** A number in [0, 1) from a text, stable across visits. */
function unit(text: string, seed: number): number {
  return parseInt(hashText(text, seed), 16) / 0x1_0000_0000;
}

/** A deterministic spot in a disc of this radius, from the node's id alone. */
export function seedPosition(node: string, radius: number): Point {
  const r = radius * Math.sqrt(unit(node, 0x811c9dc5));
  const angle = 2 * Math.PI * unit(node, 0x9e3779b9);
  return { x: r * Math.cos(angle), y: r * Math.sin(angle) };
}

export type LayoutMode = "none" | "full" | "settle" | "new";

export interface LayoutPlan {
  /** none: the saved picture holds; full: a new layout; settle: the links changed, a short run
   * from the saved picture; new: only the new nodes move, the others stay put. */
  mode: LayoutMode;
  /** Nodes the layout must not move. */
  fixed: ReadonlySet<string>;
  maxIterations: number;
}

/** Iteration budgets; the layout also stops earlier once it settles (see force-layout.ts). */
export const ITERATIONS: Record<LayoutMode, number> = { none: 0, full: 1_000, settle: 200, new: 300 };

/**
 * Puts every node somewhere (the saved position, else near its placed neighbours, else a spot
 * from its id; "myself" at the centre) and says how much layout work remains.
 */
export function placeNodes(built: BuiltGraph, saved: SavedLayout | null): LayoutPlan {
  const { graph, myself } = built;
  const radius = Math.max(10, 10 * Math.sqrt(graph.order));
  const fresh: string[] = [];
  graph.updateEachNodeAttributes(
    (node, attributes) => {
      const point = saved?.positions.get(node);
      if (point) {
        attributes.x = point.x;
        attributes.y = point.y;
      } else {
        fresh.push(node);
      }
      return attributes;
    },
    { attributes: ["x", "y"] },
  );
  const freshSet = new Set(fresh);
  const placed = new Set<string>();
  graph.forEachNode((node) => void (freshSet.has(node) || placed.add(node)));
  for (const node of fresh) {
    const around: Point[] = [];
    graph.forEachNeighbor(node, (neighbour) => {
      if (!freshSet.has(neighbour)) around.push(graph.getNodeAttributes(neighbour));
    });
    const jitter = seedPosition(node, around.length ? radius * 0.05 : radius);
    const centre = around.length
      ? { x: around.reduce((sum, p) => sum + p.x, 0) / around.length, y: around.reduce((sum, p) => sum + p.y, 0) / around.length }
      : { x: 0, y: 0 };
    graph.mergeNodeAttributes(node, { x: centre.x + jitter.x, y: centre.y + jitter.y });
  }
  if (myself) graph.mergeNodeAttributes(myself, { x: 0, y: 0 });

  const fixed = new Set<string>(myself ? [myself] : []);
  let mode: LayoutMode;
  if (placed.size === 0 || fresh.length > graph.order / 2) mode = "full";
  else if (fresh.length > 0) {
    mode = "new";
    placed.forEach((node) => fixed.add(node));
  } else if (saved?.signature !== built.signature) mode = "settle";
  else mode = "none";
  if (graph.order === 0) mode = "none";
  return { mode, fixed, maxIterations: ITERATIONS[mode] };
}
