import { select, type Selection } from "d3-selection";
import "d3-transition";
import { zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import { useCallback, useEffect, useRef, useState } from "react";
import { fitTransform, MAX_ZOOM, minZoom, WORLD, type Size } from "../../map-geometry";

/** Until the element is measured (and in test DOMs, which lay nothing out): a typical map size. */
const FALLBACK_SIZE: Size = { width: 640, height: 400 };
const BUTTON_ZOOM = 2;
const KEY_PAN = 80;

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

interface Zoomer {
  selection: Selection<HTMLDivElement, unknown, null, undefined>;
  behavior: ZoomBehavior<HTMLDivElement, unknown>;
  size: () => Size;
}

/**
 * The map's viewport: its size, and its zoom transform driven by d3-zoom (wheel, drag, pinch,
 * double click) and by the controls. `points` (map units) are what the first view fits; the view
 * fits once, later changes of the places keep where the writer has moved to.
 */
export function useMapViewport(points: readonly [number, number][]) {
  const [size, setSize] = useState<Size | null>(null);
  const [transform, setTransform] = useState<ZoomTransform>(zoomIdentity);
  const zoomer = useRef<Zoomer | null>(null);
  // The first view fits the places once: at once (on a guessed size if the element has none yet,
  // as in a tab still hidden), and again at the first real size unless the writer moved the map.
  const fitted = useRef<"no" | "on a guess" | "yes">("no");
  const moved = useRef(false);

  /** Callback ref of the element the map is drawn in: measures it and attaches d3-zoom. */
  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    // Laid out by now in a browser: the first view fits the real size, not a guess.
    const rect = element.getBoundingClientRect();
    let measured: Size | null = rect.width > 0 && rect.height > 0 ? { width: rect.width, height: rect.height } : null;
    if (measured) setSize(measured);
    const currentSize = () => measured ?? FALLBACK_SIZE;
    const selection = select(element);
    const behavior = zoom<HTMLDivElement, unknown>()
      .extent(() => {
        const { width, height } = currentSize();
        return [
          [0, 0],
          [width, height],
        ];
      })
      .scaleExtent([minZoom(currentSize()), MAX_ZOOM])
      .translateExtent([
        [0, 0],
        [WORLD, WORLD],
      ])
      .on("zoom", (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        // A source event is the writer's wheel, drag or double click; the controls have none.
        if (event.sourceEvent) moved.current = true;
        setTransform(event.transform);
      });
    selection.call(behavior);
    zoomer.current = { selection, behavior, size: currentSize };

    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width <= 0 || height <= 0) return;
      measured = { width, height };
      behavior.scaleExtent([minZoom(measured), MAX_ZOOM]);
      setSize((previous) => (previous?.width === width && previous.height === height ? previous : { width, height }));
      // Keep the view within the world at the new size.
      behavior.translateBy(selection, 0, 0);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      selection.interrupt();
      selection.on(".zoom", null);
      zoomer.current = null;
    };
  }, []);

  const fit = useCallback(
    (animate: boolean) => {
      const current = zoomer.current;
      if (!current) return;
      const target = fitTransform(points, current.size());
      if (animate && !reducedMotion()) current.selection.transition().duration(400).call(current.behavior.transform, target);
      else current.behavior.transform(current.selection, target);
    },
    [points],
  );

  // The first view: every marker in sight.
  useEffect(() => {
    if (!zoomer.current || fitted.current === "yes") return;
    if (fitted.current === "on a guess" && (size === null || moved.current)) return;
    fitted.current = size ? "yes" : "on a guess";
    fit(false);
  }, [fit, size]);

  const zoomBy = useCallback((factor: number) => {
    const current = zoomer.current;
    if (!current) return;
    moved.current = true;
    if (reducedMotion()) current.behavior.scaleBy(current.selection, factor);
    else current.selection.transition().duration(250).call(current.behavior.scaleBy, factor);
  }, []);

  /** Moves the map by screen pixels (the content moves the other way round than the view). */
  const panBy = useCallback((dx: number, dy: number) => {
    const current = zoomer.current;
    if (!current) return;
    moved.current = true;
    const { k } = zoomTransform(current.selection.node()!);
    current.behavior.translateBy(current.selection, dx / k, dy / k);
  }, []);

  /** Centres a point (map units) in the viewport, keeping the zoom. */
  const centreOn = useCallback(([x, y]: [number, number]) => {
    const current = zoomer.current;
    if (!current) return;
    moved.current = true;
    current.behavior.translateTo(current.selection, x, y);
  }, []);

  const zoomIn = useCallback(() => zoomBy(BUTTON_ZOOM), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / BUTTON_ZOOM), [zoomBy]);
  const refit = useCallback(() => fit(true), [fit]);

  return {
    attach,
    size: size ?? FALLBACK_SIZE,
    transform,
    zoomIn,
    zoomOut,
    fit: refit,
    panBy,
    centreOn,
    keyPan: KEY_PAN,
  };
}
