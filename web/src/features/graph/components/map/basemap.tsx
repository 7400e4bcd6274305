import type { ZoomTransform } from "d3-zoom";
import { useEffect, useState } from "react";
import { WORLD, type Size } from "../../map-geometry";
import { basemapPaths, loadFineBasemap, type BasemapPaths } from "./world";

/** From this zoom on (the world three times the map's base width) the 1:50m borders are worth their weight. */
export const FINE_ZOOM = 3;

/**
 * The offline world map, drawn once in map units and moved by the zoom transform (an SVG
 * transform: panning and zooming redraw no path data). Strokes keep their width at any zoom.
 */
export function Basemap({ transform, size }: { transform: ZoomTransform; size: Size }) {
  const wantsFine = transform.k >= FINE_ZOOM;
  const [fine, setFine] = useState<BasemapPaths | null>(() => basemapPaths("fine"));

  useEffect(() => {
    if (!wantsFine || fine) return;
    let live = true;
    loadFineBasemap().then(
      (paths) => live && setFine(paths),
      // The coarse map stays; the next zoom tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wantsFine, fine]);

  const paths = (wantsFine && fine) || basemapPaths("coarse");
  return (
    <svg aria-hidden="true" focusable="false" width={size.width} height={size.height} className="pointer-events-none absolute inset-0 block">
      <g transform={`translate(${transform.x} ${transform.y}) scale(${transform.k})`}>
        <rect width={WORLD} height={WORLD} className="fill-primary/10 dark:fill-background" />
        <g className="fill-card stroke-input dark:fill-accent" strokeWidth={0.75}>
          {paths?.map((data, index) => (
            <path key={index} d={data} vectorEffect="non-scaling-stroke" />
          ))}
        </g>
      </g>
    </svg>
  );
}
