import { useCallback, useEffect, useRef, useState } from "react";
import type { LifeGraph } from "../explorer/graph-model";
import type { LayoutPlan } from "../explorer/positions";
import type { LayoutInput } from "./force-layout";
import type { LayoutReply, LayoutRequest } from "./layout.worker";

export type LayoutStatus = "idle" | "running" | "done" | "stopped" | "failed";

/** Layouts give up after this long, settled or not (the iteration budget usually ends them first). */
export const LAYOUT_MAX_MILLIS = 20_000;

/** User Timing names the benchmark reads (web/bench/graph.bench.ts). */
export const LAYOUT_MEASURE = "lifegraph:graph-layout";

/** The graph as flat arrays for the worker, nodes in graph order. */
export function layoutInput(graph: LifeGraph, plan: LayoutPlan): LayoutInput {
  const index = new Map<string, number>();
  const positions = new Float32Array(graph.order * 2);
  const sizes = new Float32Array(graph.order);
  const fixed = new Uint8Array(graph.order);
  let i = 0;
  graph.forEachNode((node, attributes) => {
    index.set(node, i);
    positions[2 * i] = attributes.x;
    positions[2 * i + 1] = attributes.y;
    sizes[i] = attributes.size;
    fixed[i] = plan.fixed.has(node) ? 1 : 0;
    i += 1;
  });
  const edges = new Uint32Array(graph.size * 2);
  const weights = new Float32Array(graph.size);
  let e = 0;
  graph.forEachEdge((_edge, attributes, source, target) => {
    edges[2 * e] = index.get(source)!;
    edges[2 * e + 1] = index.get(target)!;
    weights[e] = attributes.weight;
    e += 1;
  });
  return { positions, sizes, fixed, edges, weights, maxIterations: plan.maxIterations };
}

/** Writes the worker's positions (graph order) into the graph; sigma redraws on the change. */
export function applyPositions(graph: LifeGraph, positions: Float32Array): void {
  let i = 0;
  graph.updateEachNodeAttributes(
    (_node, attributes) => {
      attributes.x = positions[2 * i]!;
      attributes.y = positions[2 * i + 1]!;
      i += 1;
      return attributes;
    },
    { attributes: ["x", "y"] },
  );
}

/**
 * Milliseconds between two redraws while the layout runs: every frame for a small graph; for a
 * large one, where a redraw of everything costs the main thread much more, down to two a second.
 */
export function redrawInterval(order: number): number {
  return Math.min(500, order / 20);
}

function canRunLayout(): boolean {
  return typeof Worker !== "undefined";
}

function createWorker(): Worker | null {
  try {
    return new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module" });
  } catch {
    return null;
  }
}

let runs = 0;

/**
 * Runs the plan's layout in a web worker, moving the nodes as batches come back (at most once a
 * frame), and calls `onSettled` when it ends (settled, out of budget, or stopped) so the positions
 * can be saved. A plan with nothing to do is done at once; without workers the seeded picture stays.
 */
export function useGraphLayout(graph: LifeGraph | null, plan: LayoutPlan | null, onSettled: () => void) {
  // How the last run ended, for the plan it ran; a plan with no run yet reads as running.
  const [ended, setEnded] = useState<{ plan: LayoutPlan; status: LayoutStatus } | null>(null);
  const stopRef = useRef<() => void>(() => {});
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  }, [onSettled]);

  useEffect(() => {
    if (!graph || !plan || plan.mode === "none" || !canRunLayout()) return;
    const worker = createWorker();
    if (!worker) {
      // Workers exist but this one could not start (see `canRunLayout` for none at all).
      void Promise.resolve().then(() => setEnded({ plan, status: "failed" }));
      return;
    }
    const runId = ++runs;
    let pending: Float32Array | null = null;
    let frame: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastFlush = -Infinity;
    let finished = false;
    let iterations = 0;
    const interval = redrawInterval(graph.order);
    const flush = () => {
      frame = null;
      lastFlush = performance.now();
      if (pending) applyPositions(graph, pending);
      pending = null;
    };
    // At most one redraw a frame, and fewer on large graphs (see redrawInterval).
    const schedule = () => {
      if (frame !== null || timer !== null) return;
      const wait = lastFlush + interval - performance.now();
      if (wait <= 0) frame = requestAnimationFrame(flush);
      else
        timer = setTimeout(() => {
          timer = null;
          frame = requestAnimationFrame(flush);
        }, wait);
    };
    const cancel = () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
      frame = null;
      timer = null;
    };
    const finish = (status: LayoutStatus) => {
      if (finished) return;
      finished = true;
      cancel();
      flush();
      worker.terminate();
      performance.mark(`${LAYOUT_MEASURE}-end`);
      performance.measure(LAYOUT_MEASURE, {
        start: `${LAYOUT_MEASURE}-start`,
        end: `${LAYOUT_MEASURE}-end`,
        detail: { status, iterations, nodes: graph.order, edges: graph.size },
      });
      setEnded({ plan, status });
      if (status !== "failed") settledRef.current();
    };
    worker.onmessage = (event: MessageEvent<LayoutReply>) => {
      const reply = event.data;
      if (reply.runId !== runId || finished) return;
      if (reply.type === "error") {
        finish("failed");
        return;
      }
      pending = reply.positions;
      iterations = reply.iterations;
      if (reply.done) finish("done");
      else schedule();
    };
    worker.onerror = () => finish("failed");
    stopRef.current = () => finish("stopped");
    performance.clearMarks(`${LAYOUT_MEASURE}-start`);
    performance.clearMarks(`${LAYOUT_MEASURE}-end`);
    performance.clearMeasures(LAYOUT_MEASURE);
    performance.mark(`${LAYOUT_MEASURE}-start`);
    const input = layoutInput(graph, plan);
    const request: LayoutRequest = { type: "start", runId, maxMillis: LAYOUT_MAX_MILLIS, ...input };
    worker.postMessage(request, [input.positions.buffer, input.sizes.buffer, input.fixed.buffer, input.edges.buffer, input.weights.buffer]);
    return () => {
      // Leaving (or a new graph) ends the run without saving: a half-done layout is not kept.
      finished = true;
      cancel();
      worker.terminate();
      stopRef.current = () => {};
    };
  }, [graph, plan]);

  const stop = useCallback(() => stopRef.current(), []);
  let status: LayoutStatus = "idle";
  // Without workers (jsdom, say) the seeded picture stays as it is.
  if (plan) status = plan.mode === "none" || !canRunLayout() ? "done" : ended?.plan === plan ? ended.status : "running";
  return { status, stop };
}
