import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  BAR_HEIGHT,
  barBox,
  barHeight,
  BUTTON_ZOOM,
  INITIAL_VIEW,
  panBy,
  WHEEL_ZOOM,
  zoomAround,
  zoomBy,
  type BarState,
  type PlacedPeriod,
  type TimelineLayout,
  type View,
} from "../layout";
import { AXIS_HEIGHT, TimelineAxis, TodayLine } from "./timeline-axis";
import { ROW_HEIGHT, TimelineBar, type BarTexts } from "./timeline-bar";
import type { ViewController } from "./view-controller";

/** Below the rows: room for the "Today" mark. */
const BOTTOM_SPACE = 20;
/** A press that moves less than this (pixels) is a click, not a drag. */
const DRAG_THRESHOLD = 4;
/** An arrow key moves the view by this share of its width. */
const KEY_PAN = 0.1;

interface TimelineTrackProps {
  layout: TimelineLayout;
  controller: ViewController;
  stateOf: (id: number) => BarState;
  texts: ReadonlyMap<number, BarTexts>;
  /** Selected and context periods: drawn linked to their parents. */
  linked: readonly number[];
  onActivate: (id: number) => void;
  describedBy: string;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number; type: string }>;
  /** The view, pointer position and pinch distance when the current gesture (re)started. */
  view: View;
  x: number;
  y: number;
  distance: number;
  mode: "press" | "pan" | "scroll" | "pinch";
  /** A drag just ended: the click that follows it is not a click on a period. */
  dragged: boolean;
}

/**
 * The track: a viewport clipping the whole life, which the view controller stretches (zoom) and
 * shifts (pan). Drag or one finger pans, the wheel and two fingers zoom around the pointer, keys
 * zoom and pan; each period is a button (Tab, arrows between periods, Enter or Space to select).
 */
export function TimelineTrack({ layout, controller, stateOf, texts, linked, onActivate, describedBy }: TimelineTrackProps) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLElement>(null);
  const bounds = useRef<DOMRect | null>(null);
  const gesture = useRef<Gesture>({ pointers: new Map(), view: INITIAL_VIEW, x: 0, y: 0, distance: 0, mode: "press", dragged: false });
  const { domain } = layout;

  // The viewport's width drives label modes and the pixels-to-days of a drag; its position on the
  // page is read once per gesture or wheel burst, not at each move.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    controller.setTrackWidth(element.clientWidth);
    const forget = () => (bounds.current = null);
    const observer = new ResizeObserver(([entry]) => {
      forget();
      if (entry) controller.setTrackWidth(entry.contentRect.width);
    });
    observer.observe(element);
    window.addEventListener("scroll", forget, { passive: true, capture: true });
    window.addEventListener("resize", forget, { passive: true });
    // Wheel: zoom ×1.15 around the pointer (a sideways swipe pans). Not passive: the page must not scroll.
    const onWheel = (event: WheelEvent) => {
      const rect = (bounds.current ??= element.getBoundingClientRect());
      if (rect.width <= 0) return;
      const { deltaX, deltaY } = event;
      if (deltaX === 0 && deltaY === 0) return;
      event.preventDefault();
      if (!event.ctrlKey && Math.abs(deltaX) > Math.abs(deltaY)) {
        controller.update((view) => panBy(view, deltaX / rect.width, domain));
        return;
      }
      const factor = deltaY < 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM;
      controller.update((view) => zoomAround(view, factor, (event.clientX - rect.left) / rect.width, domain));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", forget, { capture: true });
      window.removeEventListener("resize", forget);
      element.removeEventListener("wheel", onWheel);
    };
  }, [controller, domain]);

  const restart = (mode: Gesture["mode"]) => {
    const current = gesture.current;
    const points = [...current.pointers.values()];
    current.view = controller.getView();
    current.mode = mode;
    current.x = points.reduce((sum, point) => sum + point.x, 0) / Math.max(1, points.length);
    current.y = points.reduce((sum, point) => sum + point.y, 0) / Math.max(1, points.length);
    current.distance = points.length >= 2 ? Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y) : 0;
  };

  // While dragging, the bars take no pointer events: no hit testing of 500 buttons at each move.
  const setDragging = (dragging: boolean) => {
    const element = viewport.current;
    if (!element) return;
    if (dragging) element.dataset.dragging = "";
    else delete element.dataset.dragging;
  };

  const capture = (pointerId: number) => {
    try {
      viewport.current?.setPointerCapture(pointerId);
    } catch {
      // A pointer already gone cannot be captured; the gesture ends with it.
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const current = gesture.current;
    if (current.pointers.size === 0) current.dragged = false;
    current.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, type: event.pointerType });
    bounds.current ??= viewport.current?.getBoundingClientRect() ?? null;
    if (current.pointers.size >= 2) {
      for (const id of current.pointers.keys()) capture(id);
      current.dragged = true;
      setDragging(true);
      restart("pinch");
    } else {
      restart("press");
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    const pointer = current.pointers.get(event.pointerId);
    if (!pointer) return;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    const width = bounds.current?.width || controller.width();
    if (current.mode === "pinch") {
      const [a, b] = [...current.pointers.values()];
      if (!a || !b || current.distance === 0) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const middle = (a.x + b.x) / 2;
      const left = bounds.current?.left ?? 0;
      const zoomed = zoomAround(current.view, distance / current.distance, (current.x - left) / width, domain);
      controller.set(panBy(zoomed, -(middle - current.x) / width, domain));
      return;
    }
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (current.mode === "press") {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      // A finger moving up or down scrolls the page (the track itself takes no touch scrolling).
      current.mode = pointer.type === "touch" && Math.abs(dy) > Math.abs(dx) ? "scroll" : "pan";
      current.dragged = true;
      setDragging(true);
      capture(event.pointerId);
    }
    if (current.mode === "scroll") {
      window.scrollBy(0, -dy);
      current.y = event.clientY;
      return;
    }
    controller.set(panBy(current.view, -dx / width, domain));
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current.pointers.delete(event.pointerId)) return;
    // One finger left of a pinch goes on panning from where it is.
    if (current.pointers.size === 1) restart("pan");
    if (current.pointers.size > 0) return;
    setDragging(false);
    // The click that follows the end of a drag (same task) is swallowed below; later ones are not.
    if (current.dragged) setTimeout(() => (current.dragged = false), 0);
  };

  // A mouse that leaves before it moved enough to drag has not started anything.
  const onPointerLeave = (event: PointerEvent<HTMLElement>) => {
    if (gesture.current.mode === "press") onPointerEnd(event);
  };

  // After a drag the browser still sends a click: it must not select the period under the pointer.
  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    if (!gesture.current.dragged) return;
    gesture.current.dragged = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const rows = useMemo(() => {
    const byRow: PlacedPeriod[][] = Array.from({ length: layout.rowCount }, () => []);
    for (const item of layout.items) byRow[item.row]!.push(item);
    return byRow;
  }, [layout]);

  const focusBar = (id: number) => {
    viewport.current?.querySelector<HTMLElement>(`[data-period-id="${id}"]`)?.focus({ preventScroll: true });
  };

  /** Arrow keys on a period move to the next one in its row, or to the nearest in the row above or below. */
  const neighbour = (id: number, key: string): number | null => {
    const item = layout.byId.get(id);
    if (!item) return null;
    const row = rows[item.row] ?? [];
    const index = row.indexOf(item);
    if (key === "ArrowLeft") return row[index - 1]?.id ?? null;
    if (key === "ArrowRight") return row[index + 1]?.id ?? null;
    if (key === "Home") return row[0]?.id ?? null;
    if (key === "End") return row.at(-1)?.id ?? null;
    const other = rows[item.row + (key === "ArrowUp" ? -1 : 1)];
    if (!other || other.length === 0) return null;
    const middle = (item.start + item.end) / 2;
    const distance = (candidate: PlacedPeriod) =>
      middle < candidate.start ? candidate.start - middle : middle > candidate.end ? middle - candidate.end : 0;
    return other.reduce((best, candidate) => (distance(candidate) < distance(best) ? candidate : best)).id;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    const zoomKeys: Record<string, () => void> = {
      "+": () => controller.update((view) => zoomBy(view, BUTTON_ZOOM)),
      "=": () => controller.update((view) => zoomBy(view, BUTTON_ZOOM)),
      "-": () => controller.update((view) => zoomBy(view, 1 / BUTTON_ZOOM)),
      _: () => controller.update((view) => zoomBy(view, 1 / BUTTON_ZOOM)),
      "0": () => controller.set(INITIAL_VIEW),
    };
    if (zoomKeys[key]) {
      event.preventDefault();
      zoomKeys[key]();
      return;
    }
    const bar = (event.target as HTMLElement).closest<HTMLElement>("[data-period-id]");
    if (bar && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) {
      event.preventDefault();
      const next = neighbour(Number(bar.dataset.periodId), key);
      if (next !== null) focusBar(next);
      return;
    }
    if (!bar && (key === "ArrowLeft" || key === "ArrowRight")) {
      event.preventDefault();
      controller.update((view) => panBy(view, key === "ArrowLeft" ? -KEY_PAN : KEY_PAN, domain));
    }
  };

  // Roving tabindex: Tab reaches one period (the last one focused), the arrows the others.
  const [active, setActive] = useState<number | null>(null);
  const tabbableId = active !== null && layout.byId.has(active) ? active : (layout.items[0]?.id ?? null);
  const onFocusBar = useCallback(
    (id: number) => {
      setActive(id);
      const item = layout.byId.get(id);
      if (item) controller.reveal(item);
    },
    [controller, layout],
  );

  const register = useCallback((item: PlacedPeriod, element: HTMLElement) => controller.registerBar(item, element), [controller]);
  const attachTrack = useCallback((element: HTMLDivElement | null) => controller.attachTrack(element), [controller]);
  const rowsHeight = layout.rowCount * ROW_HEIGHT;

  return (
    <section
      ref={viewport}
      data-testid="timeline-track"
      tabIndex={0}
      aria-label={t("timeline.track.label")}
      aria-describedby={describedBy}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={onPointerLeave}
      onClickCapture={onClickCapture}
      onKeyDown={onKeyDown}
      className="relative cursor-grab touch-none overflow-clip rounded-lg border bg-card outline-none [container-type:inline-size] select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background active:cursor-grabbing"
      style={{ height: AXIS_HEIGHT + rowsHeight + BOTTOM_SPACE }}
    >
      <div ref={attachTrack} className="absolute top-0 left-0 h-full will-change-transform [[data-dragging]_&]:pointer-events-none">
        <TimelineAxis controller={controller} domain={domain} />
        <TodayLine domain={domain} label={t("timeline.track.today")} />
        <div className="absolute inset-x-0" style={{ top: AXIS_HEIGHT, height: rowsHeight }}>
          <ParentLinks layout={layout} linked={linked} stateOf={stateOf} />
          {layout.items.map((item) => {
            const { middle, width } = barBox(item, domain);
            return (
              <TimelineBar
                key={item.id}
                item={item}
                state={stateOf(item.id)}
                middle={middle}
                width={width}
                texts={texts.get(item.id)!}
                tabbable={item.id === tabbableId}
                register={register}
                onActivate={onActivate}
                onFocusBar={onFocusBar}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** Lines from each selected period (and each period it is part of) down from its parents. */
function ParentLinks({ layout, linked, stateOf }: { layout: TimelineLayout; linked: readonly number[]; stateOf: (id: number) => BarState }) {
  const { domain, byId } = layout;
  const lines = useMemo(() => {
    const result: { key: string; x1: number; x2: number; y1: number; y2: number; color: string }[] = [];
    const percent = (day: number) => ((day - domain.start) / (domain.end - domain.start)) * 100;
    for (const id of linked) {
      const child = byId.get(id);
      if (!child) continue;
      for (const parentId of child.period.parents) {
        const parent = byId.get(parentId);
        if (!parent) continue;
        const middle = (child.start + child.end) / 2;
        const parentHeight = barHeight(stateOf(parent.id));
        const childHeight = barHeight(stateOf(child.id));
        result.push({
          key: `${parent.id}-${child.id}`,
          x1: percent(Math.min(parent.end, Math.max(parent.start, middle))),
          x2: percent(middle),
          y1: parent.row * ROW_HEIGHT + (BAR_HEIGHT + parentHeight) / 2,
          y2: child.row * ROW_HEIGHT + (BAR_HEIGHT - childHeight) / 2,
          color: parent.color,
        });
      }
    }
    return result;
  }, [byId, domain, linked, stateOf]);
  if (lines.length === 0) return null;
  return (
    <svg aria-hidden="true" data-testid="timeline-links" className="pointer-events-none absolute inset-0 size-full overflow-visible">
      {lines.map((line) => (
        <g key={line.key}>
          <line x1={`${line.x1}%`} x2={`${line.x2}%`} y1={line.y1} y2={line.y2} stroke="currentColor" className="text-foreground" strokeWidth={2} strokeDasharray="4 3" />
          <circle cx={`${line.x1}%`} cy={line.y1} r={3} fill={line.color} stroke="currentColor" className="text-foreground" />
        </g>
      ))}
    </svg>
  );
}
