import { loadavg } from "node:os";
import type { CDPSession, Locator, Page } from "@playwright/test";
import { dismissOverlays, expect, signUp, test } from "../e2e/support";

// The graph explorer with 10,000 entities and 30,000 edges, in Debian's Chromium with
// --disable-gpu (WebGL in software, SwiftShader): time to the first frame, layout time until the
// layout stops by itself, and frames per second while panning and zooming (requestAnimationFrame
// counted during scripted drags, the mouse reporting every 8 ms, and wheel zooms; in all, and
// apart while the button is down and the rest of the time), with the longest frame and the
// machine's load average (another program running shows in the figures). Goal: 30 fps or more;
// figures are printed whatever they are.
//
// The graph is generated and served by intercepting GET /api/graph: the API answers at most 2,000
// shared-memory edges (the strongest) plus the stated relationships, and stated relationships
// cannot be created through the API in bulk, so 30,000 edges cannot be seeded through it. The
// generated answer has the API's shape: 2,000 shared-memory edges (strongest first), then
// relationships and period parents, and a "myself" entity.

const NODES = 10_000;
const EDGES = 30_000;
const SHARED = 2_000;
const FPS_GOAL = 30;
const FIRST_FRAME = "lifegraph:graph-first-frame";
const LAYOUT = "lifegraph:graph-layout";

type EntityType = "person" | "location" | "lifePeriod" | "emotion" | "object" | "activity";

/** A small deterministic generator (LCG), so that every run draws the same graph. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function generateGraph() {
  const next = random(20_261_124);
  const types: [EntityType, number][] = [
    ["person", 0.35],
    ["location", 0.2],
    ["lifePeriod", 0.1],
    ["emotion", 0.1],
    ["object", 0.15],
    ["activity", 0.1],
  ];
  const pickType = (): EntityType => {
    let roll = next();
    for (const [type, share] of types) {
      if ((roll -= share) < 0) return type;
    }
    return "person";
  };
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    id: i + 1,
    name: i === 0 ? "Me" : `Entity ${i + 1}`,
    type: i === 0 ? ("person" as EntityType) : pickType(),
    // A few entities in many memories, most in one or two.
    memoryCount: Math.max(1, Math.floor(3_000 / (i + 1) ** 0.9)),
  }));
  const seen = new Set<string>();
  const edges: { source: number; target: number; kind: string; weight: number; label?: string }[] = [];
  const add = (a: number, b: number, kind: string, weight: number, label?: string) => {
    if (a === b) return false;
    const [source, target] = a < b ? [a, b] : [b, a];
    const key = `${source}-${target}-${kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    edges.push({ source, target, kind, weight, ...(label && { label }) });
    return true;
  };
  // Hubs: earlier entities are named by more memories and linked more often.
  const hub = () => 1 + Math.floor(NODES * next() ** 2.2);
  const any = () => 1 + Math.floor(NODES * next());
  for (let i = 0; edges.length < SHARED; i++) {
    // "Me" shares memories with many; the strongest edges come first, as the API sends them.
    const weight = Math.max(1, Math.round(60 / (1 + edges.length / 40)));
    add(i < 300 ? 1 : hub(), i < 300 ? any() : any(), "sharedMemories", weight);
  }
  const periods = nodes.filter((node) => node.type === "lifePeriod").map((node) => node.id);
  while (edges.length < EDGES) {
    if (next() < 0.05) add(periods[Math.floor(next() * periods.length)]!, periods[Math.floor(next() * periods.length)]!, "parentPeriod", 1);
    else add(hub(), any(), "relationship", 1, "knows");
  }
  return { nodes, edges, sharedEdgesTotal: 45_000, myselfId: 1 };
}

interface FrameRate {
  fps: number;
  /** The longest time between two frames, in milliseconds. */
  longest: number;
}

/** The frame rate of the frames that end inside (or, `inside` false, outside) the intervals. */
function frameRate(frames: number[], intervals: [number, number][], inside = true): FrameRate {
  let count = 0;
  let total = 0;
  let longest = 0;
  for (let i = 1; i < frames.length; i++) {
    const end = frames[i]!;
    if (intervals.some(([from, to]) => end > from && end <= to) !== inside) continue;
    const took = end - frames[i - 1]!;
    count += 1;
    total += took;
    longest = Math.max(longest, took);
  }
  return { fps: count > 0 ? (count / total) * 1_000 : 0, longest };
}

/** A drag with the left button along `at` (0 to 1) for `duration` ms, the mouse moving every 8 ms. */
async function drag(input: CDPSession, at: (progress: number) => { x: number; y: number }, duration: number) {
  const send = (type: "mousePressed" | "mouseMoved" | "mouseReleased", { x, y }: { x: number; y: number }) =>
    input.send("Input.dispatchMouseEvent", { type, x, y, button: "left", buttons: type === "mouseReleased" ? 0 : 1, clickCount: type === "mouseMoved" ? 0 : 1 });
  await send("mousePressed", at(0));
  const start = Date.now();
  const moves: Promise<unknown>[] = [];
  for (let now = start; now - start < duration; now = Date.now()) {
    moves.push(send("mouseMoved", at((now - start) / duration)));
    await new Promise((resolve) => setTimeout(resolve, 8));
  }
  moves.push(send("mouseMoved", at(1)));
  await Promise.all(moves);
  await send("mouseReleased", at(1));
}

/**
 * Frames per second and the longest frame while the camera is dragged around and zoomed:
 * requestAnimationFrame's frames, all of them, and apart those that end while the mouse button
 * is down (dragging) and the others (wheel zooms, the waits between notches, and the redraws
 * with edges once each gesture ends).
 */
async function measureFrames(page: Page, canvas: Locator, seconds: number) {
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchDrags: [number, number][]; benchCounting: boolean };
    w.benchFrames = [];
    w.benchDrags = [];
    w.benchCounting = true;
    const tick = (time: number) => {
      w.benchFrames.push(time);
      if (w.benchCounting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    let down: number | null = null;
    window.addEventListener("pointerdown", () => (down = performance.now()), { capture: true });
    window.addEventListener(
      "pointerup",
      () => {
        if (down !== null && w.benchCounting) w.benchDrags.push([down, performance.now()]);
        down = null;
      },
      { capture: true },
    );
  });
  const input = await page.context().newCDPSession(page);
  const end = Date.now() + seconds * 1_000;
  let round = 0;
  while (Date.now() < end) {
    // Pan: a drag around a circle in 1.2 s, the mouse reporting every 8 ms (125 Hz, as a mouse
    // does) whether the page keeps up or not: Chromium merges the moves that queue up, so the
    // page draws at most once a frame, and a slow page shows as long frames, not as moves waiting.
    const sign = round % 2 ? 1 : -1;
    const at = (turn: number) => ({ x: cx + 160 * Math.sin(turn * 2 * Math.PI), y: cy + 110 * (1 - Math.cos(turn * 2 * Math.PI)) * sign });
    await page.mouse.move(cx, cy);
    await drag(input, at, 1_200);
    // Zoom: a few wheel notches in, then out.
    for (let notch = 0; notch < 4; notch++) await page.mouse.wheel(0, -120);
    await page.waitForTimeout(120);
    for (let notch = 0; notch < 4; notch++) await page.mouse.wheel(0, 120);
    await page.waitForTimeout(120);
    round += 1;
  }
  await input.detach();
  const { frames, drags } = await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchDrags: [number, number][]; benchCounting: boolean };
    w.benchCounting = false;
    return { frames: w.benchFrames, drags: w.benchDrags };
  });
  return {
    all: frameRate(frames, [[-Infinity, Infinity]]),
    dragging: frameRate(frames, drags),
    zooming: frameRate(frames, drags, false),
  };
}

/** "37.4 fps (goal ≥ 30: met), longest frame 117 ms; while dragging 40.1 fps (longest 50 ms), ..." */
function describeFrames({ all, dragging, zooming }: Awaited<ReturnType<typeof measureFrames>>) {
  return (
    `${all.fps.toFixed(1)} fps (goal ≥ ${FPS_GOAL}: ${all.fps >= FPS_GOAL ? "met" : "NOT met"}), longest frame ${ms(all.longest)}; ` +
    `while dragging ${dragging.fps.toFixed(1)} fps (longest ${ms(dragging.longest)}), ` +
    `while zooming and redrawing after each gesture ${zooming.fps.toFixed(1)} fps (longest ${ms(zooming.longest)})`
  );
}

const machineLoad = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

async function openExplorer(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { benchClickAt?: number };
    delete w.benchClickAt;
    document.addEventListener("pointerdown", () => (w.benchClickAt ??= performance.now()), { capture: true, once: true });
  });
  await page.getByRole("tab", { name: "Explore graph" }).click();
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_FRAME, { timeout: 60_000 });
  return page.evaluate((mark) => {
    const w = window as unknown as { benchClickAt: number };
    return performance.getEntriesByName(mark)[0]!.startTime - w.benchClickAt;
  }, FIRST_FRAME);
}

/** Main-thread tasks over 50 ms between two moments (PerformanceObserver "longtask"). */
async function longTasks(page: Page, from: number, to: number) {
  return page.evaluate(
    ([start, end]) => {
      const tasks = (window as unknown as { benchLongTasks: { start: number; duration: number }[] }).benchLongTasks;
      const inside = tasks.filter((task) => task.start >= start! && task.start <= end!);
      return {
        count: inside.length,
        total: inside.reduce((sum, task) => sum + task.duration, 0),
        longest: inside.reduce((max, task) => Math.max(max, task.duration), 0),
      };
    },
    [from, to],
  );
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Main-thread time in a CPU profile: JavaScript (with its garbage collection), native, and in all but idle. */
function scriptTime(profile: CpuProfile) {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let script = 0;
  let native = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const took = (profile.timeDeltas?.[i] ?? 0) / 1_000;
    const name = names.get(id);
    if (name === "(idle)") return;
    if (name === "(program)") native += took;
    else script += took;
  });
  return { script, native, total: script + native };
}

const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const s = (value: number) => `${(value / 1_000).toFixed(1)} s`;

test("graph explorer: 10,000 entities and 30,000 edges", async ({ page }) => {
  test.setTimeout(300_000);
  const graph = generateGraph();
  const body = JSON.stringify(graph);
  await page.route("**/api/graph", (route) => route.fulfill({ status: 200, contentType: "application/json", body }));
  await page.addInitScript(() => {
    // Functionality storage allowed: the explorer keeps its positions for the reopening.
    window.localStorage.setItem("lifegraph.cookieConsent", JSON.stringify({ essential: true, analytics: false, functionality: true }));
    const w = window as unknown as { benchLongTasks: { start: number; duration: number }[] };
    w.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await dismissOverlays(page);
  await signUp(page);

  const webgl = await page.evaluate(() => {
    const gl = document.createElement("canvas").getContext("webgl2");
    const info = gl?.getExtension("WEBGL_debug_renderer_info");
    return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "unknown";
  });
  const load = machineLoad();
  const lines: string[] = [
    "Graph explorer benchmark (Chromium --disable-gpu: WebGL drawn in software)",
    `  WebGL renderer: ${webgl}; machine load average at the start: ${load}`,
    `  graph: ${NODES.toLocaleString("en")} entities, ${graph.edges.length.toLocaleString("en")} edges ` +
      `(${SHARED.toLocaleString("en")} shared-memory, the rest relationships and period parents), generated and served ` +
      "by intercepting GET /api/graph (page.route): the API caps shared-memory edges at 2,000 and has no bulk way to state relationships",
  ];

  // First open: no saved positions, the layout runs in its worker.
  const firstFrame = await openExplorer(page);
  lines.push(`  first open: first frame ${ms(firstFrame)} after the tab click (code, answer, graph built, first WebGL frame)`);
  const cpu = await page.context().newCDPSession(page);
  await cpu.send("Profiler.enable");
  await cpu.send("Profiler.start");
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, LAYOUT, { timeout: 120_000 });
  const javascript = scriptTime((await cpu.send("Profiler.stop")).profile);
  const layout = await page.evaluate((name) => {
    const entry = performance.getEntriesByName(name)[0] as PerformanceMeasure;
    return { start: entry.startTime, duration: entry.duration, detail: entry.detail as { status: string; iterations: number } };
  }, LAYOUT);
  const blocked = await longTasks(page, layout.start, layout.start + layout.duration);
  lines.push(
    `  layout: ForceAtlas2 (Barnes-Hut) in a web worker stopped by itself (${layout.detail.status}) after ${s(layout.duration)}, ` +
      `${layout.detail.iterations} iterations`,
  );
  lines.push(
    `  main thread during the layout: ${blocked.count} tasks over 50 ms, ${ms(blocked.total)} in all ` +
      `(${((blocked.total / layout.duration) * 100).toFixed(0)}% of the time), longest ${ms(blocked.longest)}; ` +
      `JavaScript ${ms(javascript.script)} of ${ms(javascript.total)} sampled (${((javascript.script / javascript.total) * 100).toFixed(1)}%), ` +
      `native ${ms(javascript.native)}: in software mode Chromium reads the WebGL canvas back at each compositor commit ` +
      "(GLES2::ReadPixels in a trace), waiting for the software rasteriser; a GPU composites without it",
  );
  await expect(page.getByText("Arranging the graph…")).toBeHidden();

  const canvas = page.getByRole("img", { name: /^Graph of/ });
  const scope = (await page.getByText(/^Showing the /).textContent()) ?? "";
  const around = await measureFrames(page, canvas, 6);
  lines.push(`  pan and zoom, opening view (${scope.replace(/^Showing /, "").replace(/\.$/, "")}): ${describeFrames(around)}; load average ${machineLoad()}`);

  await page.getByRole("button", { name: "Show everything" }).click();
  await expect(page.getByText(`Showing all ${NODES.toLocaleString("en")} entities.`)).toBeVisible();
  await page.waitForTimeout(1_000);
  const everything = await measureFrames(page, canvas, 6);
  lines.push(
    `  pan and zoom, everything (${NODES.toLocaleString("en")} entities, ${graph.edges.length.toLocaleString("en")} edges): ${describeFrames(everything)}; ` +
      `load average ${machineLoad()}`,
  );

  // Reopen: the saved positions are drawn at once, and no layout runs.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const again = await openExplorer(page);
  await page.waitForTimeout(2_000);
  const relaid = await page.evaluate((name) => performance.getEntriesByName(name).length, LAYOUT);
  lines.push(`  reopen with saved positions: first frame ${ms(again)} after the tab click; layout runs: ${relaid}`);

  console.log(`\n${lines.join("\n")}\n`);
});
