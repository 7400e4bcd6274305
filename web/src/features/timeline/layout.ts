/**
 * The timeline's arithmetic, free of React and of the DOM: where each period sits (rows per level),
 * the visible window (zoom and centre), the axis, the minimap, the selection and how much of a
 * label a bar has room for. Times are day numbers: whole days since 1970-01-01, a period covering
 * [start, end) with its end day included (so a one-day period is one day long).
 */
import type { TimelinePeriod } from "@/lib/api/types";

// docs/constants.md (SPEC §9) "Timeline".
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 50;
export const BUTTON_ZOOM = 1.5;
export const WHEEL_ZOOM = 1.15;
/** A focused period's span times this fills the view. */
export const FOCUS_PADDING = 1.4;
export const BAR_HEIGHT = 48;
/** Height of a parent of a selected period, and of the other unselected periods while some are selected. */
export const PARENT_SCALE = 0.7;
export const DIM_SCALE = 0.1;
/** A bar is at least this fraction of the visible track wide; in the minimap, of the whole life. */
export const BAR_MIN_WIDTH = 0.04;
export const MINIMAP_MIN_WIDTH = 0.005;
/** Up to two years the axis counts months, beyond it years. */
export const MONTH_AXIS_MAX_DAYS = 2 * 365.25;
/** About this many axis steps in the view, and this many year ticks on the minimap. */
export const AXIS_STEPS = 8;
export const MINIMAP_STEPS = 5;
/** Below these widths in pixels a bar shows its initial letter, then its name truncated. */
export const LABEL_NAME_MIN_PX = 44;
export const LABEL_FULL_MIN_PX = 160;

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Days

/** The day number of "YYYY-MM-DD" (extra characters after the date are ignored), NaN if invalid. */
export function dayNumber(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The calendar date of a day number, as a UTC Date. */
export function dateOfDay(day: number): Date {
  return new Date(Math.floor(day) * DAY_MS);
}

export function yearOfDay(day: number): number {
  return dateOfDay(day).getUTCFullYear();
}

/** Today in the browser's own calendar (its local date), as a day number: where ongoing periods end. */
export function localToday(now: Date = new Date()): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY_MS;
}

// ---------------------------------------------------------------------------------------------
// Placing the periods

export interface Domain {
  start: number;
  end: number;
}

export interface PlacedPeriod {
  id: number;
  period: TimelinePeriod;
  /** First day, and the day after the last (today's day after for an ongoing period). */
  start: number;
  end: number;
  ongoing: boolean;
  oneDay: boolean;
  level: number;
  /** Row on the track, 0 at the top; a level has one row, more only where its periods overlap. */
  row: number;
  /** The server's colour, and the text colour readable on it. */
  color: string;
  textColor: string;
}

export interface TimelineLayout {
  /** In row order, then by start: the order of the bars for Tab. */
  items: PlacedPeriod[];
  byId: Map<number, PlacedPeriod>;
  /** The whole life shown at 100 %: every period with a small margin. */
  domain: Domain;
  rowCount: number;
  /** The level of each row. */
  rowLevels: number[];
}

/** The time a period covers; null without a (valid) start date. */
export function periodExtent(period: TimelinePeriod, today: number): { start: number; end: number; ongoing: boolean; oneDay: boolean } | null {
  if (!period.startDate) return null;
  const start = dayNumber(period.startDate);
  if (Number.isNaN(start)) return null;
  const endDate = period.endDate ?? null;
  const oneDay = period.isOneDay || (endDate !== null && dayNumber(endDate) === start);
  const ongoing = !oneDay && endDate === null;
  const lastDay = oneDay ? start : ongoing ? today : dayNumber(endDate ?? "");
  // An end before the start (or unreadable) leaves the period one day long rather than backwards.
  const end = Number.isNaN(lastDay) ? start + 1 : Math.max(lastDay + 1, start + 1);
  return { start, end, ongoing, oneDay };
}

const FALLBACK_COLOR = "#64748b";

/** The server's colour when it is a "#rrggbb" colour, else a neutral grey. */
export function periodColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : FALLBACK_COLOR;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const DARK_TEXT = "#000000";
const LIGHT_TEXT = "#ffffff";

/** The WCAG contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(periodColor(a)), luminance(periodColor(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever contrasts more with the bar's colour: always at least 4.58:1. */
export function textColorOn(background: string): string {
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * Rows of the dated periods: level 0 on top, one row per level, and within a level as many rows as
 * its periods overlap in time (first fit, in order of start). Null when no period has a start date.
 */
export function layoutTimeline(periods: readonly TimelinePeriod[], today: number): TimelineLayout | null {
  const placed: Omit<PlacedPeriod, "row">[] = [];
  for (const period of periods) {
    const extent = periodExtent(period, today);
    if (!extent) continue;
    const color = periodColor(period.color);
    placed.push({ id: period.id, period, ...extent, level: Math.max(0, Math.floor(period.level)), color, textColor: textColorOn(color) });
  }
  if (placed.length === 0) return null;
  placed.sort((a, b) => a.level - b.level || a.start - b.start || a.end - b.end || a.id - b.id);

  const items: PlacedPeriod[] = [];
  const rowLevels: number[] = [];
  let index = 0;
  while (index < placed.length) {
    const level = placed[index]!.level;
    const firstRow = rowLevels.length;
    // The end of the last period put in each row of this level.
    const rowEnds: number[] = [];
    for (; index < placed.length && placed[index]!.level === level; index++) {
      const item = placed[index]!;
      let lane = rowEnds.findIndex((end) => end <= item.start);
      if (lane === -1) {
        lane = rowEnds.length;
        rowEnds.push(item.end);
        rowLevels.push(level);
      } else {
        rowEnds[lane] = item.end;
      }
      items.push({ ...item, row: firstRow + lane });
    }
  }
  items.sort((a, b) => a.row - b.row || a.start - b.start || a.id - b.id);

  let first = Infinity;
  let last = -Infinity;
  for (const item of items) {
    first = Math.min(first, item.start);
    last = Math.max(last, item.end);
  }
  // A margin of 2 % of the life (at least a fortnight) on each side.
  const margin = Math.max((last - first) * 0.02, 15);
  return {
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    domain: { start: first - margin, end: last + margin },
    rowCount: rowLevels.length,
    rowLevels,
  };
}

/** Where a bar sits on the whole track, in percent of it: its middle and its own width. */
export function barBox(item: { start: number; end: number }, domain: Domain): { middle: number; width: number } {
  const span = domain.end - domain.start;
  return {
    middle: (((item.start + item.end) / 2 - domain.start) / span) * 100,
    width: ((item.end - item.start) / span) * 100,
  };
}

// ---------------------------------------------------------------------------------------------
// The visible window

/** Zoom 1 shows the whole domain; `center` null is the domain's middle (the untouched view). */
export interface View {
  zoom: number;
  center: number | null;
}

export const INITIAL_VIEW: View = { zoom: 1, center: null };

/** Zoom kept within 50 %–5000 %, rounded to a millionth so that ×1.5 then ÷1.5 comes back exactly. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 1e6) / 1e6;
}

export function clampCenter(center: number, domain: Domain): number {
  return Math.min(domain.end, Math.max(domain.start, center));
}

export function visibleRange(view: View, domain: Domain): { start: number; end: number; span: number; center: number } {
  const span = (domain.end - domain.start) / view.zoom;
  const center = view.center ?? (domain.start + domain.end) / 2;
  return { start: center - span / 2, end: center + span / 2, span, center };
}

export const canZoomIn = (view: View) => view.zoom < MAX_ZOOM - 1e-9;
export const canZoomOut = (view: View) => view.zoom > MIN_ZOOM + 1e-9;
export const isInitialView = (view: View) => view.zoom === 1 && view.center === null;

/** The zoom shown to the writer: 100 for the whole life. */
export const zoomPercent = (view: View) => Math.round(view.zoom * 100);

/** Zoom by `factor` keeping the same centre (the buttons and keys). */
export function zoomBy(view: View, factor: number): View {
  const zoom = clampZoom(view.zoom * factor);
  return zoom === view.zoom ? view : { ...view, zoom };
}

/**
 * Zoom by `factor` keeping the moment under `anchor` (0 left edge, 1 right edge of the track) where
 * it is: the wheel and the pinch.
 */
export function zoomAround(view: View, factor: number, anchor: number, domain: Domain): View {
  const zoom = clampZoom(view.zoom * factor);
  if (zoom === view.zoom) return view;
  const before = visibleRange(view, domain);
  const moment = before.start + anchor * before.span;
  const span = (domain.end - domain.start) / zoom;
  const start = moment - anchor * span;
  return { zoom, center: clampCenter(start + span / 2, domain) };
}

/** Move the window by `fraction` of its width (positive: later in time). */
export function panBy(view: View, fraction: number, domain: Domain): View {
  if (fraction === 0) return view;
  const { center, span } = visibleRange(view, domain);
  return { zoom: view.zoom, center: clampCenter(center + fraction * span, domain) };
}

/** Centre on `center` keeping the zoom. */
export function centerOn(view: View, center: number, domain: Domain): View {
  return { zoom: view.zoom, center: clampCenter(center, domain) };
}

/** The view centred on a period, its span × 1.4 filling the track (within the zoom limits). */
export function focusView(item: { start: number; end: number }, domain: Domain): View {
  const span = Math.max(item.end - item.start, 1) * FOCUS_PADDING;
  return { zoom: clampZoom((domain.end - domain.start) / span), center: clampCenter((item.start + item.end) / 2, domain) };
}

/** A step of an animation from `from` to `to` (t from 0 to 1): zoom on a log scale, centre linearly. */
export function interpolateView(from: View, to: View, t: number, domain: Domain): View {
  if (t >= 1) return to;
  const a = visibleRange(from, domain).center;
  const b = visibleRange(to, domain).center;
  const zoom = Math.exp(Math.log(from.zoom) + (Math.log(to.zoom) - Math.log(from.zoom)) * t);
  return { zoom, center: a + (b - a) * t };
}

// ---------------------------------------------------------------------------------------------
// Labels

export type LabelMode = "initial" | "name" | "full";

/** What a bar shows at a width: its initial, its name (truncated if need be), or name, dates and aliases. */
export function labelMode(widthPx: number): LabelMode {
  if (widthPx < LABEL_NAME_MIN_PX) return "initial";
  if (widthPx < LABEL_FULL_MIN_PX) return "name";
  return "full";
}

/** A bar's width in pixels on a track `trackWidth` wide: its share of the view, at least 4 % of the track. */
export function barWidthPx(item: { start: number; end: number }, view: View, domain: Domain, trackWidth: number): number {
  const span = (domain.end - domain.start) / view.zoom;
  return Math.max(((item.end - item.start) / span) * trackWidth, BAR_MIN_WIDTH * trackWidth);
}

/** The first letter of a name (a whole character, not half of an emoji), upper-cased. */
export function initialOf(name: string): string {
  const [first = ""] = Array.from(name.trim());
  return first.toLocaleUpperCase();
}

/**
 * The dates of a period as a bar shows them: "1990 – 2001", "2019 – Present", one year when it
 * starts and ends in the same year, and the full date of a one-day period.
 */
export function periodDates(
  period: Pick<TimelinePeriod, "startDate" | "endDate" | "isOneDay" | "startYear" | "endYear">,
  { present, formatDate }: { present: string; formatDate: (iso: string) => string },
): string {
  if (!period.startDate) return "";
  const startYear = period.startYear ?? yearOfDay(dayNumber(period.startDate));
  if (period.isOneDay || period.endDate === period.startDate) return formatDate(period.startDate);
  if (!period.endDate) return `${startYear} – ${present}`;
  const endYear = period.endYear ?? yearOfDay(dayNumber(period.endDate));
  return endYear === startYear ? String(startYear) : `${startYear} – ${endYear}`;
}

// ---------------------------------------------------------------------------------------------
// Axis and minimap

export type AxisUnit = "month" | "year";

export interface AxisScale {
  unit: AxisUnit;
  /** In months or in years. */
  step: number;
}

/** The nice steps 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500…, the one nearest `raw` (at least 1). */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  let best = 1;
  for (let decade = 1; decade <= raw * 10; decade *= 10) {
    for (const base of decade === 1 ? [1, 2, 5] : [1, 2, 2.5, 5]) {
      const step = base * decade;
      if (Math.abs(Math.log(step / raw)) < Math.abs(Math.log(best / raw))) best = step;
    }
  }
  return best;
}

const MONTH_STEPS = [1, 2, 3, 6];

/** Months when the visible span is two years or less, else years stepping about span ÷ 8. */
export function axisScale(spanDays: number): AxisScale {
  if (spanDays <= MONTH_AXIS_MAX_DAYS) {
    const raw = spanDays / 30.44 / AXIS_STEPS;
    const step = MONTH_STEPS.reduce((best, step) => (Math.abs(Math.log(step / raw)) < Math.abs(Math.log(best / raw)) ? step : best), 1);
    return { unit: "month", step };
  }
  return { unit: "year", step: niceStep(spanDays / 365.25 / AXIS_STEPS) };
}

/** At most this many ticks, whatever is asked. */
const MAX_TICKS = 2000;

/** The first days of the months or years on the scale's steps, from `from` to `to` (day numbers). */
export function axisTicks(scale: AxisScale, from: number, to: number): number[] {
  const ticks: number[] = [];
  const first = dateOfDay(from);
  if (scale.unit === "year") {
    let year = Math.ceil(first.getUTCFullYear() / scale.step) * scale.step;
    for (; ticks.length < MAX_TICKS; year += scale.step) {
      const day = Date.UTC(year, 0, 1) / DAY_MS;
      if (day > to) break;
      if (day >= from) ticks.push(day);
    }
    return ticks;
  }
  let month = Math.ceil((first.getUTCFullYear() * 12 + first.getUTCMonth()) / scale.step) * scale.step;
  for (; ticks.length < MAX_TICKS; month += scale.step) {
    const day = Date.UTC(Math.floor(month / 12), month % 12, 1) / DAY_MS;
    if (day > to) break;
    if (day >= from) ticks.push(day);
  }
  return ticks;
}

/** The minimap's year ticks: about every fifth of the life. */
export function minimapTicks(domain: Domain): number[] {
  const step = niceStep((domain.end - domain.start) / 365.25 / MINIMAP_STEPS);
  return axisTicks({ unit: "year", step }, domain.start, domain.end);
}

/** A bar on the minimap, in percent of the whole life: at least 0.5 % wide, centred on its middle. */
export function minimapBox(item: { start: number; end: number }, domain: Domain): { left: number; width: number } {
  const { middle, width } = barBox(item, domain);
  const shown = Math.max(width, MINIMAP_MIN_WIDTH * 100);
  return { left: middle - shown / 2, width: shown };
}

/** The part of the life in view, as fractions of it (0 to 1), for the minimap's viewport rectangle. */
export function minimapWindow(view: View, domain: Domain): { left: number; width: number } {
  const span = domain.end - domain.start;
  const range = visibleRange(view, domain);
  const left = Math.min(1, Math.max(0, (range.start - domain.start) / span));
  const right = Math.min(1, Math.max(0, (range.end - domain.start) / span));
  return { left, width: right - left };
}

/**
 * The minimap's rectangle, as fractions of the life: as wide as the view (the whole minimap when
 * all of the life is in view) and kept inside the minimap, so that a pan only moves it.
 */
export function minimapRect(view: View, domain: Domain): { left: number; width: number } {
  const width = Math.min(1, 1 / view.zoom);
  const center = (visibleRange(view, domain).center - domain.start) / (domain.end - domain.start);
  return { left: Math.min(1 - width, Math.max(0, center - width / 2)), width };
}

/** "N % viewed": the share of the life in view, rounded, at least 1 while anything is in view. */
export function viewedPercent(view: View, domain: Domain): number {
  const { width } = minimapWindow(view, domain);
  return width > 0 ? Math.max(1, Math.round(width * 100)) : 0;
}

/** "Centred on YEAR". */
export function centerYear(view: View, domain: Domain): number {
  return yearOfDay(visibleRange(view, domain).center);
}

/** The centre that puts the minimap's viewport at `fraction` (0 to 1) of the life. */
export function centerAtFraction(fraction: number, domain: Domain): number {
  return clampCenter(domain.start + fraction * (domain.end - domain.start), domain);
}

// ---------------------------------------------------------------------------------------------
// Selection

/** Each period's parents and children (dated or not), by id. */
export type PeriodGraph = ReadonlyMap<number, { parents: readonly number[]; children: readonly number[] }>;

export function periodGraph(periods: Iterable<Pick<TimelinePeriod, "id" | "parents" | "children">>): PeriodGraph {
  return new Map([...periods].map((period) => [period.id, { parents: period.parents, children: period.children }]));
}

/** `id` and everything reachable through `next`; a visited set keeps any loop from looping. */
function walk(id: number, graph: PeriodGraph, next: "parents" | "children"): Set<number> {
  const seen = new Set<number>([id]);
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const other of graph.get(current)?.[next] ?? []) {
      if (!seen.has(other)) {
        seen.add(other);
        stack.push(other);
      }
    }
  }
  return seen;
}

/** The period and all the periods inside it, at any depth. */
export const withDescendants = (id: number, graph: PeriodGraph) => walk(id, graph, "children");

/** The period and all the periods it is part of, at any depth. */
export const withAncestors = (id: number, graph: PeriodGraph) => walk(id, graph, "parents");

/**
 * Click on a period. Unselected: it and its descendants join the selection. Selected: it and its
 * descendants leave, and so do its ancestors, since a selected period stands for all its
 * descendants (the memories shown are those of the selected periods and everything inside them).
 */
export function toggleSelection(selection: ReadonlySet<number>, id: number, graph: PeriodGraph): Set<number> {
  const next = new Set(selection);
  if (selection.has(id)) {
    for (const other of withDescendants(id, graph)) next.delete(other);
    for (const other of withAncestors(id, graph)) next.delete(other);
  } else {
    for (const other of withDescendants(id, graph)) next.add(other);
  }
  return next;
}

/** The selected periods none of whose parents is selected: what the writer picked. */
export function selectionRoots(selection: ReadonlySet<number>, graph: PeriodGraph): number[] {
  return [...selection].filter((id) => !(graph.get(id)?.parents ?? []).some((parent) => selection.has(parent)));
}

export type BarState = "normal" | "selected" | "parent" | "dim";

/**
 * How each bar looks: without a selection all are normal; with one, the selected stand out, the
 * periods they are part of (parents, and theirs) are 70 % high and the rest shrink to 10 %.
 */
export function barStates(selection: ReadonlySet<number>, graph: PeriodGraph): (id: number) => BarState {
  if (selection.size === 0) return () => "normal";
  const context = new Set<number>();
  for (const id of selection) {
    for (const ancestor of withAncestors(id, graph)) if (!selection.has(ancestor)) context.add(ancestor);
  }
  return (id) => (selection.has(id) ? "selected" : context.has(id) ? "parent" : "dim");
}

/** A bar's height for its state. */
export function barHeight(state: BarState): number {
  if (state === "parent") return BAR_HEIGHT * PARENT_SCALE;
  if (state === "dim") return BAR_HEIGHT * DIM_SCALE;
  return BAR_HEIGHT;
}
