import type { ForceAtlas2Settings } from "graphology-layout-forceatlas2";
import iterate from "graphology-layout-forceatlas2/iterate.js";

// ForceAtlas2 over flat arrays, as the layout worker runs it: the matrices of the package's own
// helpers (10 floats per node, 3 per edge), iterated in batches, stopping by itself once the nodes
// barely move or the iteration budget is spent. No DOM, no graphology: testable in Node.

/** What the main thread sends: nodes by index. */
export interface LayoutInput {
  /** x, y of each node. */
  positions: Float32Array;
  /** Node sizes (ForceAtlas2 ignores them unless adjustSizes). */
  sizes: Float32Array;
  /** 1 for a node that must not move. */
  fixed: Uint8Array;
  /** Source and target indices of each edge. */
  edges: Uint32Array;
  weights: Float32Array;
  maxIterations: number;
}

const PPN = 10;
const PPE = 3;

/**
 * Settings for a graph of `order` nodes: the package's inferred ones (strong gravity, scaling 10,
 * slowing down with size), with Barnes-Hut always on, so each iteration costs n log n, not n², at
 * Gephi's coarser precision (theta 1, not 0.5: half the time per iteration at 10,000 nodes).
 */
export function layoutSettings(order: number): Required<ForceAtlas2Settings> {
  return {
    linLogMode: false,
    outboundAttractionDistribution: false,
    adjustSizes: false,
    edgeWeightInfluence: 1,
    scalingRatio: 10,
    strongGravityMode: true,
    gravity: 0.05,
    slowDown: 1 + Math.log(Math.max(1, order)),
    barnesHutOptimize: true,
    barnesHutTheta: 1,
  };
}

/**
 * The layout stops once the nodes move, on average over an iteration, less than this share of the
 * layout's spread (its root mean square distance from the centre).
 */
export const SETTLED = 0.0015;

export class ForceLayout {
  readonly order: number;
  readonly maxIterations: number;
  private readonly nodes: Float32Array;
  private readonly edges: Float32Array;
  private readonly settings: Required<ForceAtlas2Settings>;
  private readonly moving: number;
  iterations = 0;
  /** Relative movement per iteration over the last step (see SETTLED). */
  lastMovement = Infinity;
  /** Steps in a row below SETTLED: two are needed, so one quiet step of a swinging layout is not enough. */
  private calmSteps = 0;

  constructor(input: LayoutInput) {
    const order = input.positions.length / 2;
    this.order = order;
    this.maxIterations = input.maxIterations;
    this.settings = layoutSettings(order);
    const nodes = new Float32Array(order * PPN);
    for (let i = 0; i < order; i++) {
      const j = i * PPN;
      nodes[j] = input.positions[2 * i]!;
      nodes[j + 1] = input.positions[2 * i + 1]!;
      nodes[j + 6] = 1; // mass: 1 + weighted degree, below
      nodes[j + 7] = 1; // convergence
      nodes[j + 8] = input.sizes[i] ?? 1;
      nodes[j + 9] = input.fixed[i] ? 1 : 0;
    }
    const size = input.weights.length;
    const edges = new Float32Array(size * PPE);
    for (let e = 0; e < size; e++) {
      const source = input.edges[2 * e]!;
      const target = input.edges[2 * e + 1]!;
      const weight = input.weights[e]!;
      // The matrices index nodes by their offset in the node matrix.
      edges[e * PPE] = source * PPN;
      edges[e * PPE + 1] = target * PPN;
      edges[e * PPE + 2] = weight;
      nodes[source * PPN + 6]! += weight;
      nodes[target * PPN + 6]! += weight;
    }
    this.nodes = nodes;
    this.edges = edges;
    this.moving = input.fixed.reduce((count, flag) => count + (flag ? 0 : 1), 0);
  }

  get done(): boolean {
    return this.moving === 0 || this.order < 2 || this.iterations >= this.maxIterations || this.calmSteps >= 2;
  }

  /** Runs up to `count` iterations (fewer at the end of the budget) and measures the movement. */
  step(count: number): void {
    const runs = Math.min(count, this.maxIterations - this.iterations);
    if (runs <= 0 || this.done) return;
    const before = this.positions();
    for (let i = 0; i < runs; i++) iterate(this.settings, this.nodes, this.edges);
    this.iterations += runs;
    const after = this.positions();
    let moved = 0;
    for (let i = 0; i < this.order; i++) moved += Math.hypot(after[2 * i]! - before[2 * i]!, after[2 * i + 1]! - before[2 * i + 1]!);
    this.lastMovement = this.moving > 0 ? moved / this.moving / runs / Math.max(spread(after), 1e-9) : 0;
    this.calmSteps = this.lastMovement < SETTLED ? this.calmSteps + 1 : 0;
  }

  /** x, y of each node, in input order. */
  positions(): Float32Array {
    const out = new Float32Array(this.order * 2);
    for (let i = 0; i < this.order; i++) {
      out[2 * i] = this.nodes[i * PPN]!;
      out[2 * i + 1] = this.nodes[i * PPN + 1]!;
    }
    return out;
  }
}

/** Root mean square distance of the points from their centre. */
export function spread(points: Float32Array): number {
  const n = points.length / 2;
  if (n === 0) return 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += points[2 * i]!;
    cy += points[2 * i + 1]!;
  }
  cx /= n;
  cy /= n;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (points[2 * i]! - cx) ** 2 + (points[2 * i + 1]! - cy) ** 2;
  return Math.sqrt(sum / n);
}
