import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type Sigma from "sigma";
import type { Settings } from "sigma/settings";
import type { EdgeDisplayData, NodeDisplayData, PartialButFor } from "sigma/types";
import type { Theme } from "@/lib/api/types";
import { canvasColors, typeColors, type CanvasColors } from "../explorer/colors";
import { copyPositions, displayGraph, frameOf } from "../explorer/display";
import type { EdgeAttributes, LifeGraph, NodeAttributes } from "../explorer/graph-model";

// The WebGL drawing of the graph (sigma.js), and nothing else: what is shown, highlighted and
// selected comes in as props, clicks go out as `onSelect`. Sigma is loaded on first use, so a
// browser (or jsdom) without WebGL gets a sentence instead, and the list beside still works.

export interface CanvasView {
  /** The nodes drawn; the others (and their edges) are hidden. */
  visible: ReadonlySet<string>;
  /** Search matches, drawn strong while the others fade; null without a search. */
  matches: ReadonlySet<string> | null;
  selected: string | null;
  /** The selected node's neighbours, kept strong beside it. */
  neighbours: ReadonlySet<string>;
  /** The writer's own person, whose name is always shown. */
  myself: string | null;
}

/** Where the camera should go: `seq` grows with each request, so the same node can be asked twice. */
export type CameraRequest = { kind: "node"; node: string; seq: number } | { kind: "fit"; seq: number };

export interface GraphCanvasProps {
  graph: LifeGraph;
  view: CanvasView;
  theme: Theme;
  camera: CameraRequest | null;
  onSelect: (node: string | null) => void;
  /** What the canvas shows, for assistive technology. */
  label: string;
  /** A panel that may lie over the canvas: a node brought into view is centred beside it. */
  overlay?: RefObject<HTMLElement | null>;
}

/** Above this many edges drawn, edges are thin lines and hidden while the camera moves. */
export const LINE_EDGES_ABOVE = 5_000;

/**
 * Many edges are drawn as one-pixel lines (a quad per edge costs too much fill without a GPU) and
 * left out while the camera moves, so that a large graph still follows the mouse.
 */
function edgeSettings(edges: number) {
  const many = edges > LINE_EDGES_ABOVE;
  return { hideEdgesOnMove: many, defaultEdgeType: many ? "thin" : "line" };
}

/** User Timing mark the benchmark reads: the first frame drawn. */
export const FIRST_FRAME_MARK = "lifegraph:graph-first-frame";

type Renderer = Sigma<NodeAttributes, EdgeAttributes>;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A hovered node's label on a box of the theme's colour (sigma's own box is always white). */
function hoverDrawer(colors: CanvasColors) {
  return (context: CanvasRenderingContext2D, data: PartialButFor<NodeDisplayData, "x" | "y" | "size" | "label" | "color">, settings: Settings<NodeAttributes, EdgeAttributes>) => {
    const size = settings.labelSize;
    context.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`;
    const padding = 4;
    const text = typeof data.label === "string" ? data.label : "";
    const width = text ? context.measureText(text).width + 2 * padding : 0;
    const radius = data.size + 3;
    context.fillStyle = colors.labelBackground;
    context.shadowColor = "rgba(0, 0, 0, 0.35)";
    context.shadowBlur = 6;
    context.beginPath();
    context.arc(data.x, data.y, radius, 0, Math.PI * 2);
    if (text) context.roundRect(data.x + radius - 2, data.y - size / 2 - padding, width + 4, size + 2 * padding, 4);
    context.fill();
    context.shadowBlur = 0;
    if (text) {
      context.fillStyle = colors.label;
      context.fillText(text, data.x + radius + padding, data.y + size / 3);
    }
  };
}

/**
 * The centre of the part of the canvas that `overlay` leaves uncovered, in pixels from the canvas's
 * corner; null when nothing covers it (the panel sits below the canvas on narrow screens).
 */
function uncoveredCentre(canvas: HTMLElement, overlay: HTMLElement | null | undefined) {
  if (!overlay) return null;
  const area = canvas.getBoundingClientRect();
  const cover = overlay.getBoundingClientRect();
  const overlaps = cover.left > area.left && cover.left < area.right && cover.top < area.bottom && cover.bottom > area.top;
  if (!overlaps) return null;
  return { x: (cover.left - area.left) / 2, y: area.height / 2 };
}

export function GraphCanvas({ graph, view, theme, camera, onSelect, label, overlay }: GraphCanvasProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<Renderer | null>(null);
  // What sigma draws: the visible part of the graph (see explorer/display.ts), and for which view.
  const drawn = useRef<{ graph: LifeGraph; visible: ReadonlySet<string> } | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  // What the reducers read: refs, so that a change refreshes the drawing without a new renderer.
  const viewRef = useRef(view);
  const themeRef = useRef(theme);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let instance: Renderer | null = null;
    let onLayout: (() => void) | null = null;
    void (async () => {
      try {
        // Without WebGL at all (jsdom, some locked-down browsers) sigma cannot even load.
        if (typeof WebGLRenderingContext === "undefined") throw new Error("No WebGL");
        const [{ default: SigmaRenderer }, { EdgeLineProgram }, { NodeDiscProgram }] = await Promise.all([
          import("sigma"),
          import("sigma/rendering"),
          import("./node-disc-program"),
        ]);
        if (cancelled) return;
        const colors = () => canvasColors[themeRef.current];
        const display = displayGraph(graph, viewRef.current.visible);
        drawn.current = { graph: display, visible: viewRef.current.visible };
        instance = new SigmaRenderer<NodeAttributes, EdgeAttributes>(display, element, {
          allowInvalidContainer: true,
          renderEdgeLabels: false,
          enableEdgeEvents: false,
          zIndex: true,
          labelFont: "ui-sans-serif, system-ui, sans-serif",
          labelSize: 12,
          labelWeight: "500",
          labelColor: { color: colors().label },
          labelRenderedSizeThreshold: 7,
          defaultEdgeColor: colors().edge,
          defaultDrawNodeHover: hoverDrawer(colors()),
          minCameraRatio: 0.02,
          maxCameraRatio: 4,
          stagePadding: 24,
          // Sigma's discs, drawn without instancing and picked only when read while the camera
          // moves: in software WebGL, 10,000 nodes went from some 200 ms a frame to some 20.
          nodeProgramClasses: { circle: NodeDiscProgram },
          edgeProgramClasses: { thin: EdgeLineProgram },
          ...edgeSettings(display.size),
          // Sigma hands the reducers a copy of the attributes: they change it in place rather than
          // copy 10,000 nodes and 30,000 edges again at each redraw.
          nodeReducer: (node, data) => {
            const { visible, matches, selected, neighbours, myself } = viewRef.current;
            const shown: Partial<NodeDisplayData> = data;
            shown.color = typeColors[themeRef.current][data.entityType];
            if (!visible.has(node)) {
              shown.hidden = true;
              return shown;
            }
            if (node === myself) shown.forceLabel = true;
            const faint = () => {
              shown.color = canvasColors[themeRef.current].nodeFaint;
              shown.label = null;
              shown.forceLabel = false;
              return shown;
            };
            if (selected) {
              if (node === selected) return Object.assign(shown, { highlighted: true, forceLabel: true, zIndex: 3 });
              if (neighbours.has(node)) return Object.assign(shown, { forceLabel: neighbours.size <= 25, zIndex: 2 });
              if (!matches?.has(node)) return faint();
            }
            if (matches) {
              if (matches.has(node)) return Object.assign(shown, { highlighted: true, forceLabel: matches.size <= 25, zIndex: 1 });
              return faint();
            }
            return shown;
          },
          edgeReducer: (edge, data) => {
            const { selected, matches } = viewRef.current;
            const palette = canvasColors[themeRef.current];
            const shown: Partial<EdgeDisplayData> = data;
            if (selected) {
              const [source, target] = (drawn.current?.graph ?? graph).extremities(edge);
              const touches = source === selected || target === selected;
              shown.color = touches ? palette.edgeStrong : palette.edgeFaint;
              shown.zIndex = touches ? 1 : 0;
              return shown;
            }
            shown.color = matches ? palette.edgeFaint : palette.edge;
            return shown;
          },
        });
        instance.setCustomBBox(frameOf(graph, viewRef.current.myself));
        instance.on("clickNode", ({ node }) => selectRef.current(node));
        instance.on("clickStage", () => selectRef.current(null));
        instance.on("enterNode", () => element.style.setProperty("cursor", "pointer"));
        instance.on("leaveNode", () => element.style.removeProperty("cursor"));
        instance.once("afterRender", () => performance.mark(FIRST_FRAME_MARK));
        // The layout moves the whole graph's nodes: their copies follow, and the frame with them.
        onLayout = () => {
          if (drawn.current) copyPositions(graph, drawn.current.graph);
          instance?.setCustomBBox(frameOf(graph, viewRef.current.myself));
        };
        graph.on("eachNodeAttributesUpdated", onLayout);
        renderer.current = instance;
        setState("ready");
      } catch {
        // No WebGL (or no sigma): the list and the panel still work.
        instance?.kill();
        instance = null;
        if (!cancelled) setState("unavailable");
      }
    })();
    return () => {
      cancelled = true;
      if (onLayout) graph.off("eachNodeAttributesUpdated", onLayout);
      instance?.kill();
      renderer.current = null;
      drawn.current = null;
    };
  }, [graph]);

  useEffect(() => {
    viewRef.current = view;
    themeRef.current = theme;
    const instance = renderer.current;
    if (!instance) return;
    const colors = canvasColors[theme];
    instance.setSettings({ labelColor: { color: colors.label }, defaultEdgeColor: colors.edge, defaultDrawNodeHover: hoverDrawer(colors) });
    if (drawn.current && drawn.current.visible !== view.visible) {
      const display = displayGraph(graph, view.visible);
      drawn.current = { graph: display, visible: view.visible };
      instance.setSettings(edgeSettings(display.size));
      instance.setGraph(display);
    } else {
      instance.refresh();
    }
  }, [graph, view, theme, state]);

  useEffect(() => {
    const instance = renderer.current;
    if (!instance || !camera) return;
    const duration = prefersReducedMotion() ? 0 : 500;
    const sigmaCamera = instance.getCamera();
    if (camera.kind === "node") {
      const data = instance.getNodeDisplayData(camera.node);
      if (!data) return;
      const ratio = Math.min(sigmaCamera.ratio, 0.6);
      let target = { x: data.x, y: data.y };
      const free = container.current ? uncoveredCentre(container.current, overlay?.current) : null;
      if (free) {
        // Where the canvas's centre and the uncovered part's centre fall with the node in the middle:
        // the camera moves by their difference, so the node lands beside the panel, not under it.
        const cameraState = { x: data.x, y: data.y, ratio, angle: sigmaCamera.angle };
        const { width, height } = instance.getDimensions();
        const centre = instance.viewportToFramedGraph({ x: width / 2, y: height / 2 }, { cameraState });
        const beside = instance.viewportToFramedGraph(free, { cameraState });
        target = { x: data.x + centre.x - beside.x, y: data.y + centre.y - beside.y };
      }
      void sigmaCamera.animate({ ...target, ratio }, { duration });
      return;
    }
    // Fit the visible nodes: their frame in sigma's normalised coordinates.
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const node of viewRef.current.visible) {
      const data = instance.getNodeDisplayData(node);
      if (!data) continue;
      minX = Math.min(minX, data.x);
      maxX = Math.max(maxX, data.x);
      minY = Math.min(minY, data.y);
      maxY = Math.max(maxY, data.y);
    }
    if (!Number.isFinite(minX)) return;
    const ratio = Math.min(1.2, Math.max(0.1, Math.max(maxX - minX, maxY - minY) * 1.25));
    void sigmaCamera.animate({ x: (minX + maxX) / 2, y: (minY + maxY) / 2, ratio }, { duration });
  }, [camera, state, overlay]);

  return (
    <div className="relative size-full">
      <div ref={container} role="img" aria-label={label} className="size-full" />
      {state === "unavailable" && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-muted-foreground">
          {t("graph.canvas.unavailable")}
        </p>
      )}
    </div>
  );
}
