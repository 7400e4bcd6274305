import { useMemo, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { axisTicks, dateOfDay, localToday, type Domain } from "../layout";
import type { ViewController } from "./view-controller";

/** Height of the axis labels above the rows. */
export const AXIS_HEIGHT = 28;

const percentOf = (day: number, domain: Domain) => ((day - domain.start) / (domain.end - domain.start)) * 100;

/**
 * The ticks (months or years) and their grid lines, placed in percent of the whole track like the
 * bars: a pan moves them with the track, and they are redrawn only when the scale changes or the
 * view leaves the stretch they cover.
 */
export function TimelineAxis({ controller, domain }: { controller: ViewController; domain: Domain }) {
  const { i18n } = useTranslation();
  const axis = useSyncExternalStore(controller.subscribe, controller.getAxisWindow, controller.getAxisWindow);
  const formats = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(i18n.language, { month: "short", timeZone: "UTC" }),
      monthYear: new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" }),
    }),
    [i18n.language],
  );
  const ticks = axisTicks(axis, axis.from, axis.to);
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {ticks.map((day, index) => {
        const date = dateOfDay(day);
        const label =
          axis.unit === "year"
            ? String(date.getUTCFullYear())
            : date.getUTCMonth() === 0 || index === 0
              ? formats.monthYear.format(date)
              : formats.month.format(date);
        return (
          <div key={day} className="absolute top-0 bottom-0 border-l border-border" style={{ left: `${percentOf(day, domain)}%` }}>
            <span className="absolute top-1 left-1 text-xs whitespace-nowrap text-muted-foreground">{label}</span>
          </div>
        );
      })}
    </div>
  );
}

/** A dashed line at today, where ongoing periods end. */
export function TodayLine({ domain, label }: { domain: Domain; label: string }) {
  const today = localToday();
  if (today < domain.start || today > domain.end) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-0 bottom-0 border-l-2 border-dashed border-primary/70"
      style={{ left: `${percentOf(today + 0.5, domain)}%` }}
    >
      <span className="absolute right-1 bottom-0 text-xs font-medium whitespace-nowrap text-primary">{label}</span>
    </div>
  );
}
