// graphology-layout-forceatlas2 ships no types for its single-iteration module, which the layout
// worker drives directly (the package's own worker is built from a Blob URL, which the server's
// Content-Security-Policy forbids).
declare module "graphology-layout-forceatlas2/iterate.js" {
  import type { ForceAtlas2Settings } from "graphology-layout-forceatlas2";

  /** One ForceAtlas2 iteration over the node (10 floats each) and edge (3 each) matrices, in place. */
  export default function iterate(settings: Required<ForceAtlas2Settings>, nodes: Float32Array, edges: Float32Array): Record<string, never>;
}
