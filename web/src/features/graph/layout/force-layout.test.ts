import { describe, expect, it } from "vitest";
import type { Graph as GraphAnswer } from "@/lib/api/types";
import { buildGraph } from "../explorer/graph-model";
import { placeNodes } from "../explorer/positions";
import { ForceLayout, layoutSettings, type LayoutInput } from "./force-layout";
import { applyPositions, layoutInput } from "./use-graph-layout";

/** Two cliques of five joined by one edge, and one loner; node 0 is fixed. */
function twoCliques(maxIterations = 1_000): LayoutInput {
  const edges: number[] = [];
  for (const base of [0, 5]) {
    for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) edges.push(base + a, base + b);
  }
  edges.push(4, 5);
  const order = 11;
  const positions = new Float32Array(order * 2);
  for (let i = 0; i < order; i++) {
    positions[2 * i] = 50 * Math.cos(i * 2.4);
    positions[2 * i + 1] = 50 * Math.sin(i * 2.4);
  }
  positions[0] = 0;
  positions[1] = 0;
  const fixed = new Uint8Array(order);
  fixed[0] = 1;
  return {
    positions,
    sizes: new Float32Array(order).fill(3),
    fixed,
    edges: Uint32Array.from(edges),
    weights: new Float32Array(edges.length / 2).fill(1),
    maxIterations,
  };
}

function run(input: LayoutInput): ForceLayout {
  const layout = new ForceLayout(input);
  while (!layout.done) layout.step(10);
  return layout;
}

const distance = (points: Float32Array, a: number, b: number) => Math.hypot(points[2 * a]! - points[2 * b]!, points[2 * a + 1]! - points[2 * b + 1]!);

describe("the ForceAtlas2 layout the worker runs", () => {
  it("uses Barnes-Hut at every size", () => {
    expect(layoutSettings(10).barnesHutOptimize).toBe(true);
    expect(layoutSettings(10_000).barnesHutOptimize).toBe(true);
  });

  it("stops by itself once settled, before its budget", () => {
    const layout = run(twoCliques());
    expect(layout.done).toBe(true);
    expect(layout.iterations).toBeGreaterThan(10);
    expect(layout.iterations).toBeLessThan(1_000);
  });

  it("stops at its budget when it has not settled", () => {
    const layout = run(twoCliques(30));
    expect(layout.iterations).toBe(30);
  });

  it("leaves a fixed node where it is, and draws linked nodes together", () => {
    const points = run(twoCliques()).positions();
    expect([points[0], points[1]]).toEqual([0, 0]);
    // Within a clique, closer than across the cliques.
    expect(distance(points, 6, 7)).toBeLessThan(distance(points, 1, 7));
    expect(distance(points, 1, 2)).toBeLessThan(distance(points, 2, 8));
  });

  it("gives the same picture for the same input", () => {
    expect(run(twoCliques()).positions()).toEqual(run(twoCliques()).positions());
  });

  it("is handed the graph as arrays, fixed nodes marked, and its positions are written back in order", () => {
    const answer: GraphAnswer = {
      nodes: [
        { id: 1, name: "Ada", type: "person", memoryCount: 2 },
        { id: 2, name: "Lyon", type: "location", memoryCount: 1 },
        { id: 3, name: "Joy", type: "emotion", memoryCount: 1 },
      ],
      edges: [
        { source: 1, target: 2, kind: "sharedMemories", weight: 2 },
        { source: 2, target: 3, kind: "sharedMemories", weight: 1 },
      ],
      sharedEdgesTotal: 2,
    };
    const built = buildGraph({ ...answer, myselfId: 1 } as GraphAnswer);
    const plan = placeNodes(built, null);
    const input = layoutInput(built.graph, plan);
    expect([...input.fixed]).toEqual([1, 0, 0]);
    expect([...input.edges]).toEqual([0, 1, 1, 2]);
    expect([...input.weights]).toEqual([2, 1]);
    expect(input.maxIterations).toBe(plan.maxIterations);
    applyPositions(built.graph, Float32Array.from([0, 0, 5, 6, -7, 8]));
    expect(built.graph.getNodeAttributes("3")).toMatchObject({ x: -7, y: 8 });
  });
});
