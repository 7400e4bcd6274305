import fineWorldUrl from "world-atlas/countries-50m.json?url";
import { countryPaths, type BasemapPaths, type WorldTopology } from "./country-paths";

// The 1:50m basemap worker (a Vite module worker, same origin: the Content-Security-Policy allows
// it and the file it fetches). Reading 750 kB of TopoJSON and projecting 77,000 points takes a
// few hundred milliseconds: here they do not freeze the map the writer is zooming.

export type BasemapReply = { type: "paths"; paths: BasemapPaths } | { type: "error"; message: string };

async function fineBasemap(): Promise<BasemapReply> {
  try {
    const response = await fetch(fineWorldUrl);
    if (!response.ok) return { type: "error", message: `${response.status} ${response.statusText}` };
    return { type: "paths", paths: countryPaths((await response.json()) as WorldTopology) };
  } catch (error) {
    return { type: "error", message: error instanceof Error ? error.message : String(error) };
  }
}

self.onmessage = () => {
  void fineBasemap().then((reply) => self.postMessage(reply));
};
