import { memo, useCallback, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  centerAtFraction,
  centerOn,
  centerYear,
  minimapBox,
  minimapTicks,
  panBy,
  viewedPercent,
  visibleRange,
  yearOfDay,
  type TimelineLayout,
} from "../layout";
import { useViewValue, type ViewController } from "./view-controller";

/** A keyboard step of the minimap's viewport, in widths of the view. */
const KEY_STEP = 0.1;

/**
 * The whole life at a glance, with a rectangle over the part in view: drag it (or press on the
 * minimap) to move the view; as a slider it also moves with the arrow keys.
 */
export function TimelineMinimap({ layout, controller }: { layout: TimelineLayout; controller: ViewController }) {
  const { t } = useTranslation();
  const { domain } = layout;
  // Texts, checked a few times a second rather than at each frame of a pan.
  const percent = useViewValue(controller, viewedPercent, { settled: true });
  const year = useViewValue(controller, centerYear, { settled: true });
  const drag = useRef<{ pointerId: number; x: number; center: number; width: number } | null>(null);
  const attachWindow = useCallback((element: HTMLDivElement | null) => controller.attachWindow(element), [controller]);
  const rowHeight = Math.max(2, Math.min(8, Math.floor(48 / Math.max(1, layout.rowCount))));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const area = event.currentTarget.getBoundingClientRect();
    if (area.width <= 0) return;
    const onWindow = (event.target as HTMLElement).closest("[data-minimap-window]") !== null;
    // Pressed beside the rectangle: the view jumps there first, then follows the drag.
    if (!onWindow) controller.set(centerOn(controller.getView(), centerAtFraction((event.clientX - area.left) / area.width, domain), domain));
    drag.current = { pointerId: event.pointerId, x: event.clientX, center: visibleRange(controller.getView(), domain).center, width: area.width };
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a comfort (the drag goes on outside the minimap); the drag works without it.
    }
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const days = ((event.clientX - current.x) / current.width) * (domain.end - domain.start);
    controller.set(centerOn(controller.getView(), current.center + days, domain));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const view = controller.getView();
    const moves: Record<string, () => void> = {
      ArrowLeft: () => controller.set(panBy(view, -KEY_STEP, domain)),
      ArrowDown: () => controller.set(panBy(view, -KEY_STEP, domain)),
      ArrowRight: () => controller.set(panBy(view, KEY_STEP, domain)),
      ArrowUp: () => controller.set(panBy(view, KEY_STEP, domain)),
      PageDown: () => controller.set(panBy(view, -1, domain)),
      PageUp: () => controller.set(panBy(view, 1, domain)),
      Home: () => controller.set(centerOn(view, domain.start, domain)),
      End: () => controller.set(centerOn(view, domain.end, domain)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className="grid gap-1.5">
      <div
        data-testid="timeline-minimap"
        className="relative touch-none overflow-hidden rounded-md border bg-muted/40 select-none"
        style={{ height: layout.rowCount * rowHeight + 24 }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <MinimapBars layout={layout} rowHeight={rowHeight} />
        <div
          ref={attachWindow}
          data-minimap-window=""
          data-testid="timeline-minimap-viewport"
          role="slider"
          tabIndex={0}
          aria-label={t("timeline.minimap.window")}
          aria-valuemin={yearOfDay(domain.start)}
          aria-valuemax={yearOfDay(domain.end)}
          aria-valuenow={year}
          aria-valuetext={t("timeline.minimap.valueText", { year, percent })}
          onKeyDown={onKeyDown}
          className="absolute top-0 bottom-0 left-0 cursor-grab rounded-sm border-2 will-change-transform border-primary bg-primary/15 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 active:cursor-grabbing"
        />
      </div>
      <div className="flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground">
        <span data-testid="timeline-viewed">{t("timeline.minimap.viewed", { percent })}</span>
        <span data-testid="timeline-centred">{t("timeline.minimap.centred", { year })}</span>
      </div>
    </div>
  );
}

/** The periods in miniature, with a year about every fifth of the life; drawn once per layout. */
const MinimapBars = memo(function MinimapBars({ layout, rowHeight }: { layout: TimelineLayout; rowHeight: number }) {
  const { domain } = layout;
  const span = domain.end - domain.start;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {minimapTicks(domain).map((day) => (
        <div key={day} className="absolute top-0 bottom-0 border-l border-border" style={{ left: `${((day - domain.start) / span) * 100}%` }}>
          <span className="absolute bottom-0.5 left-1 text-[10px] leading-none text-muted-foreground">{yearOfDay(day)}</span>
        </div>
      ))}
      {/* One SVG rather than hundreds of boxes: less for the browser to lay out and paint. */}
      <svg className="absolute inset-0 size-full">
        {layout.items.map((item) => {
          const { left, width } = minimapBox(item, domain);
          return (
            <rect
              key={item.id}
              x={`${left}%`}
              width={`${width}%`}
              y={4 + item.row * rowHeight}
              height={Math.max(1, rowHeight - 1)}
              rx={1}
              fill={item.color}
            />
          );
        })}
      </svg>
    </div>
  );
});
