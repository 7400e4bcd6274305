import { ForceLayout, type LayoutInput } from "./force-layout";

// The layout worker (a Vite module worker, same origin: the Content-Security-Policy allows it).
// It runs ForceAtlas2 in batches of about BATCH_MS, posts the positions after each batch, and
// stops by itself: settled, out of iterations, or out of time.

export type LayoutRequest = ({ type: "start"; runId: number; maxMillis: number } & LayoutInput) | { type: "stop"; runId: number };

export interface LayoutProgress {
  type: "positions";
  runId: number;
  positions: Float32Array;
  iterations: number;
  done: boolean;
}

export interface LayoutFailure {
  type: "error";
  runId: number;
  message: string;
}

export type LayoutReply = LayoutProgress | LayoutFailure;

const BATCH_MS = 40;

let current: { runId: number; layout: ForceLayout; started: number; maxMillis: number; timer: ReturnType<typeof setTimeout> | null } | null = null;

function post(reply: LayoutReply) {
  if (reply.type === "positions") self.postMessage(reply, { transfer: [reply.positions.buffer] });
  else self.postMessage(reply);
}

function batch() {
  const run = current;
  if (!run) return;
  run.timer = null;
  try {
    const { layout } = run;
    const until = performance.now() + BATCH_MS;
    // A few iterations at a time, so a large graph still reports back every batch.
    while (!layout.done && performance.now() < until) layout.step(Math.max(1, Math.min(10, Math.round(20_000 / Math.max(1, layout.order)))));
    const outOfTime = performance.now() - run.started > run.maxMillis;
    const done = layout.done || outOfTime;
    post({ type: "positions", runId: run.runId, positions: layout.positions(), iterations: layout.iterations, done });
    if (done) current = null;
    // Yield between batches, so that a "stop" message is heard.
    else run.timer = setTimeout(batch, 0);
  } catch (error) {
    current = null;
    post({ type: "error", runId: run.runId, message: error instanceof Error ? error.message : String(error) });
  }
}

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const request = event.data;
  if (current?.timer) clearTimeout(current.timer);
  current = null;
  if (request.type === "start") {
    current = { runId: request.runId, layout: new ForceLayout(request), started: performance.now(), maxMillis: request.maxMillis, timer: null };
    batch();
  }
};
