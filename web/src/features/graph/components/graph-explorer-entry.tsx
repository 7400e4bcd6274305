import { lazy, Suspense } from "react";
import { GraphLoading } from "./graph-loading";

// The explorer's code (sigma, graphology, the layout worker) loads when the tab first opens, not
// with the app.
const LazyGraphExplorer = lazy(() => import("./graph-explorer"));

/** The "Explore graph" tab's content, loaded on first use. */
export function GraphExplorer() {
  return (
    <Suspense fallback={<GraphLoading />}>
      <LazyGraphExplorer />
    </Suspense>
  );
}
