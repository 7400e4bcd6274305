import coarseWorld from "world-atlas/countries-110m.json";
import type { BasemapReply } from "./basemap.worker";
import { countryPaths, type BasemapPaths, type WorldTopology } from "./country-paths";

// The offline basemap: Natural Earth's countries (public domain), as redistributed in TopoJSON by
// the world-atlas package (ISC). The 1:110m file ships with the map's code; the finer 1:50m file
// is a separate asset, read and projected by a worker the first time the writer zooms in to a
// country (without workers, as in test DOMs, the map keeps the 1:110m borders).

export type { BasemapPaths };
export type Detail = "coarse" | "fine";

const cache = new Map<Detail, BasemapPaths>();
let fineLoading: Promise<BasemapPaths> | null = null;

/** The basemap at a detail, if already at hand (the coarse one always is). */
export function basemapPaths(detail: Detail): BasemapPaths | null {
  if (detail === "coarse" && !cache.has("coarse")) cache.set("coarse", countryPaths(coarseWorld as unknown as WorldTopology));
  return cache.get(detail) ?? null;
}

function inWorker(): Promise<BasemapPaths> {
  return new Promise((resolve, reject) => {
    if (typeof Worker === "undefined") {
      reject(new Error("No web workers here"));
      return;
    }
    const worker = new Worker(new URL("./basemap.worker.ts", import.meta.url), { type: "module" });
    const end = (settle: () => void) => {
      worker.terminate();
      settle();
    };
    worker.onmessage = ({ data }: MessageEvent<BasemapReply>) =>
      end(() => (data.type === "paths" ? resolve(data.paths) : reject(new Error(data.message))));
    worker.onerror = (event) => end(() => reject(new Error(event.message)));
    worker.postMessage("load");
  });
}

/** Loads the 1:50m basemap once; later calls share the same promise. */
export function loadFineBasemap(): Promise<BasemapPaths> {
  fineLoading ??= inWorker().then((paths) => {
    cache.set("fine", paths);
    return paths;
  });
  // A failed load (the app updated, the network dropped) may be tried again at the next zoom.
  fineLoading.catch(() => {
    fineLoading = null;
  });
  return fineLoading;
}
