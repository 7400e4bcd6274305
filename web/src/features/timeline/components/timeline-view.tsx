import { RotateCcw, X, ZoomIn, ZoomOut } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  barStates,
  BUTTON_ZOOM,
  canZoomIn,
  canZoomOut,
  focusView,
  INITIAL_VIEW,
  initialOf,
  isInitialView,
  zoomBy,
  zoomPercent,
  type PeriodGraph,
  type TimelineLayout,
} from "../layout";
import type { BarTexts } from "./timeline-bar";
import { TimelineMinimap } from "./timeline-minimap";
import { TimelineTrack } from "./timeline-track";
import { usePeriodDates } from "./use-period-dates";
import { useViewValue, ViewController } from "./view-controller";

interface TimelineViewProps {
  layout: TimelineLayout;
  graph: PeriodGraph;
  selection: ReadonlySet<number>;
  /** A period clicked (or Enter/Space on it): select it with its descendants, or deselect it. */
  onToggle: (id: number) => void;
  onClear: () => void;
}

/** The zoom controls, the track and the minimap, sharing one view controller. */
export function TimelineView({ layout, graph, selection, onToggle, onClear }: TimelineViewProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [controller] = useState(() => new ViewController(layout.domain));
  useLayoutEffect(() => controller.setDomain(layout.domain), [controller, layout.domain]);
  useEffect(() => () => controller.dispose(), [controller]);

  const stateOf = useMemo(() => barStates(selection, graph), [selection, graph]);
  // Bars changed state: their labels may have come or gone, the left-edge offsets are redone.
  useEffect(() => controller.refresh(), [controller, stateOf]);

  const datesOf = usePeriodDates();
  const texts = useMemo(() => {
    const result = new Map<number, BarTexts>();
    for (const item of layout.items) {
      const { period } = item;
      const dates = datesOf(period);
      const aliases = period.aliases.length > 0 ? t("timeline.bar.aliases", { aliases: period.aliases.join(", ") }) : "";
      result.set(item.id, {
        label: t("timeline.bar.label", { name: period.name, dates, level: item.level + 1 }),
        name: period.name,
        initial: initialOf(period.name),
        detail: [dates, aliases].filter(Boolean).join(" · "),
      });
    }
    return result;
  }, [layout, datesOf, t]);

  // Selected periods and the periods they are part of are linked to their parents.
  const linked = useMemo(
    () => layout.items.filter((item) => ["selected", "parent"].includes(stateOf(item.id))).map((item) => item.id),
    [layout, stateOf],
  );

  // Read at click time, so that the click handler (given to every bar) never changes.
  const selectionRef = useRef(selection);
  useLayoutEffect(() => {
    selectionRef.current = selection;
  }, [selection]);
  const onActivate = useCallback(
    (id: number) => {
      const item = layout.byId.get(id);
      // Selecting centres the period, its span × 1.4 filling the view; deselecting leaves the view.
      if (item && !selectionRef.current.has(id)) controller.animateTo(focusView(item, layout.domain));
      onToggle(id);
    },
    [controller, layout, onToggle],
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("timeline.toolbar")}>
        <ZoomControls controller={controller} />
        <Button variant="outline" size="sm" className="ml-auto" disabled={selection.size === 0} onClick={onClear}>
          <X aria-hidden="true" />
          {t("timeline.clearSelection")}
        </Button>
      </div>
      <TimelineTrack
        layout={layout}
        controller={controller}
        stateOf={stateOf}
        texts={texts}
        linked={linked}
        onActivate={onActivate}
        describedBy={hintId}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("timeline.track.hint")}
      </p>
      <TimelineMinimap layout={layout} controller={controller} />
    </div>
  );
}

/** Zoom out, the zoom in percent, zoom in, and reset; re-rendered only when what they show changes. */
function ZoomControls({ controller }: { controller: ViewController }) {
  const { t } = useTranslation();
  const percent = useViewValue(controller, zoomPercent);
  const zoomOut = useViewValue(controller, canZoomOut);
  const zoomIn = useViewValue(controller, canZoomIn);
  const initial = useViewValue(controller, isInitialView);
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t("timeline.zoom.out")}
        title={t("timeline.zoom.out")}
        disabled={!zoomOut}
        onClick={() => controller.update((view) => zoomBy(view, 1 / BUTTON_ZOOM))}
      >
        <ZoomOut aria-hidden="true" />
      </Button>
      <span className="min-w-16 text-center text-sm font-medium tabular-nums">
        <span className="sr-only">{t("timeline.zoom.level")} </span>
        <span data-testid="timeline-zoom">{t("timeline.zoom.value", { percent })}</span>
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t("timeline.zoom.in")}
        title={t("timeline.zoom.in")}
        disabled={!zoomIn}
        onClick={() => controller.update((view) => zoomBy(view, BUTTON_ZOOM))}
      >
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button variant="outline" size="sm" disabled={initial} onClick={() => controller.set(INITIAL_VIEW)}>
        <RotateCcw aria-hidden="true" />
        {t("timeline.zoom.reset")}
      </Button>
    </div>
  );
}
