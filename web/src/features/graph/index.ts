import { lazy } from "react";
// What other features may use of the graph feature; everything else in this folder is its own.
// The explorer is loaded lazily (its own chunk, with sigma and graphology) behind a Suspense
// fallback, so the dashboard can render it as is.
export { GraphExplorer } from "./components/graph-explorer-entry";
// The map of places, also loaded on first use (d3-geo and the world basemap in their own chunk);
// the caller wraps it in Suspense.
export const PlacesMap = lazy(() => import("./components/places-map"));
