import { MultiUndirectedGraph } from "graphology";
import type { EdgeAttributes, LifeGraph, NodeAttributes } from "./graph-model";

// What the renderer is given: only the nodes in view and the edges between them, so that a
// neighbourhood of a few hundred entities costs a few hundred, not the whole graph, at each
// redraw; and a frame computed on the whole graph, so the picture stays put when filters change.

/** A copy of the visible part of the graph (attributes copied, keys kept). */
export function displayGraph(graph: LifeGraph, visible: ReadonlySet<string>): LifeGraph {
  const display: LifeGraph = new MultiUndirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
  graph.forEachNode((node, attributes) => {
    if (visible.has(node)) display.addNode(node, { ...attributes });
  });
  graph.forEachEdge((edge, attributes, source, target) => {
    if (visible.has(source) && visible.has(target)) display.addEdgeWithKey(edge, source, target, { ...attributes });
  });
  return display;
}

/** Copies the positions of the whole graph's nodes onto their copies. */
export function copyPositions(graph: LifeGraph, display: LifeGraph): void {
  display.updateEachNodeAttributes(
    (node, attributes) => {
      const { x, y } = graph.getNodeAttributes(node);
      attributes.x = x;
      attributes.y = y;
      return attributes;
    },
    { attributes: ["x", "y"] },
  );
}

export interface Frame {
  x: [number, number];
  y: [number, number];
}

/**
 * The part of the plane the drawing frames: every node of the whole graph; with "myself" (at the
 * origin), a square centred on it, so that it opens in the middle.
 */
export function frameOf(graph: LifeGraph, myself: string | null): Frame {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  graph.forEachNode((_node, { x, y }) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  });
  if (!Number.isFinite(minX)) return { x: [-1, 1], y: [-1, 1] };
  if (myself) {
    const reach = Math.max(1, Math.abs(minX), Math.abs(maxX), Math.abs(minY), Math.abs(maxY));
    return { x: [-reach, reach], y: [-reach, reach] };
  }
  // A single node, or nodes in a line, still get a frame of some size.
  const pad = (low: number, high: number): [number, number] => (high - low < 1 ? [low - 1, high + 1] : [low, high]);
  return { x: pad(minX, maxX), y: pad(minY, maxY) };
}
