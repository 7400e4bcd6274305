import { describe, expect, it } from "vitest";
import type { TimelinePeriod } from "@/lib/api/types";
import {
  axisScale,
  axisTicks,
  barHeight,
  barStates,
  barWidthPx,
  canZoomIn,
  canZoomOut,
  centerAtFraction,
  centerYear,
  clampZoom,
  contrastRatio,
  dateOfDay,
  dayNumber,
  focusView,
  initialOf,
  INITIAL_VIEW,
  interpolateView,
  isInitialView,
  labelMode,
  layoutTimeline,
  localToday,
  minimapBox,
  minimapRect,
  minimapTicks,
  minimapWindow,
  niceStep,
  panBy,
  periodDates,
  periodExtent,
  periodGraph,
  selectionRoots,
  textColorOn,
  toggleSelection,
  viewedPercent,
  visibleRange,
  zoomAround,
  zoomBy,
  zoomPercent,
  type Domain,
  type View,
} from "./layout";

function period(id: number, name: string, overrides: Partial<TimelinePeriod> = {}): TimelinePeriod {
  return {
    id,
    name,
    aliases: [],
    notes: null,
    startDate: "2000-01-01",
    endDate: "2000-12-31",
    isOneDay: false,
    startYear: 2000,
    endYear: 2000,
    level: 0,
    color: "#3b82f6",
    parents: [],
    children: [],
    memoryCount: 0,
    ...overrides,
  };
}

const day = (iso: string) => dayNumber(iso);
const iso = (value: number) => dateOfDay(value).toISOString().slice(0, 10);
const today = day("2026-03-10");

describe("days and extents", () => {
  it("counts whole days and takes today from the local calendar", () => {
    expect(day("1970-01-02")).toBe(1);
    expect(iso(day("1990-05-31"))).toBe("1990-05-31");
    expect(Number.isNaN(day("soon"))).toBe(true);
    // 23:30 local time is still that local day, whatever the offset from UTC.
    expect(iso(localToday(new Date(2026, 2, 10, 23, 30)))).toBe("2026-03-10");
  });

  it("includes the end day, makes a one-day period one day long and ends an ongoing one today", () => {
    expect(periodExtent(period(1, "School", { startDate: "1996-09-01", endDate: "2001-06-30" }), today)).toEqual({
      start: day("1996-09-01"),
      end: day("2001-07-01"),
      ongoing: false,
      oneDay: false,
    });
    const wedding = periodExtent(period(2, "Wedding", { startDate: "2015-06-20", endDate: "2015-06-20", isOneDay: true }), today)!;
    expect(wedding.end - wedding.start).toBe(1);
    expect(wedding.oneDay).toBe(true);
    const job = periodExtent(period(3, "Job", { startDate: "2019-01-07", endDate: null, endYear: null }), today)!;
    expect(job).toMatchObject({ ongoing: true, end: today + 1 });
  });

  it("leaves out undated periods and never runs a period backwards", () => {
    expect(periodExtent(period(1, "Someday", { startDate: null }), today)).toBeNull();
    const backwards = periodExtent(period(2, "Typo", { startDate: "2010-05-01", endDate: "2009-01-01" }), today)!;
    expect(backwards.end).toBe(backwards.start + 1);
  });
});

describe("layoutTimeline", () => {
  const periods = [
    period(1, "Childhood", { startDate: "1990-03-02", endDate: "2001-08-31", level: 0, color: "#EF4444", children: [3, 4] }),
    period(2, "Paris", { startDate: "1999-01-01", endDate: "2004-12-31", level: 0, color: "#22c55e" }),
    period(3, "Primary school", { startDate: "1996-09-01", endDate: "2001-06-30", level: 1, parents: [1] }),
    period(4, "First bike", { startDate: "1997-05-04", endDate: "1997-05-04", isOneDay: true, level: 1, parents: [1] }),
    period(5, "College", { startDate: "2002-09-01", endDate: "2005-06-30", level: 0, color: "not a colour" }),
    period(6, "Someday", { startDate: null, endDate: null }),
  ];
  const layout = layoutTimeline(periods, today)!;
  const row = (id: number) => layout.byId.get(id)!.row;

  it("puts level 0 on top, one row per level, and overlapping periods of a level on rows of their own", () => {
    // Childhood and Paris overlap: two rows for level 0; College fits after Childhood on the first.
    expect(row(1)).toBe(0);
    expect(row(2)).toBe(1);
    expect(row(5)).toBe(0);
    // Level 1 comes below, in one row: the bike's day falls inside school, so it overlaps.
    expect(row(3)).toBe(2);
    expect(row(4)).toBe(3);
    expect(layout.rowLevels).toEqual([0, 0, 1, 1]);
    expect(layout.rowCount).toBe(4);
    expect(layout.items.map((item) => item.id)).toEqual([1, 5, 2, 3, 4]);
  });

  it("keeps the server's colours (a bad one turns grey) with a readable text colour", () => {
    expect(layout.byId.get(1)!.color).toBe("#ef4444");
    expect(layout.byId.get(2)!.color).toBe("#22c55e");
    expect(layout.byId.get(5)!.color).toBe("#64748b");
    expect(textColorOn("#fde047")).toBe("#000000");
    // Whichever is chosen reaches 4.5:1 (WCAG AA), mid-tones included.
    for (let value = 0; value < 256; value += 5) {
      for (const color of [`#${value.toString(16).padStart(2, "0").repeat(3)}`, `#6366${value.toString(16).padStart(2, "0")}`, `#${value.toString(16).padStart(2, "0")}80c0`]) {
        expect(contrastRatio(textColorOn(color), color)).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(textColorOn("#1e3a8a")).toBe("#ffffff");
  });

  it("spans every dated period with a margin, leaving out the undated ones", () => {
    expect(layout.byId.has(6)).toBe(false);
    expect(layout.domain.start).toBeLessThan(day("1990-03-02"));
    expect(layout.domain.end).toBeGreaterThan(day("2005-07-01"));
    const margin = day("1990-03-02") - layout.domain.start;
    expect(margin).toBeCloseTo((day("2005-07-01") - day("1990-03-02")) * 0.02);
    expect(layoutTimeline([periods[5]!], today)).toBeNull();
  });
});

const domain: Domain = { start: 0, end: 36_500 };

describe("the view", () => {
  it("zooms by the buttons between 50 % and 5000 %, and back exactly", () => {
    let view: View = INITIAL_VIEW;
    view = zoomBy(view, 1.5);
    expect(zoomPercent(view)).toBe(150);
    view = zoomBy(view, 1 / 1.5);
    expect(view).toEqual(INITIAL_VIEW);
    expect(isInitialView(view)).toBe(true);
    for (let i = 0; i < 20; i++) view = zoomBy(view, 1.5);
    expect(view.zoom).toBe(50);
    expect(canZoomIn(view)).toBe(false);
    for (let i = 0; i < 30; i++) view = zoomBy(view, 1 / 1.5);
    expect(view.zoom).toBe(0.5);
    expect(canZoomOut(view)).toBe(false);
    expect(canZoomIn(view)).toBe(true);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it("zooms the wheel around the pointer: the moment under it stays put", () => {
    const view: View = { zoom: 2, center: 20_000 };
    const before = visibleRange(view, domain);
    const anchor = 0.25;
    const moment = before.start + anchor * before.span;
    const after = zoomAround(view, 1.15, anchor, domain);
    expect(after.zoom).toBeCloseTo(2.3);
    const range = visibleRange(after, domain);
    expect(range.start + anchor * range.span).toBeCloseTo(moment);
    // At a limit nothing moves.
    const full: View = { zoom: 50, center: 1000 };
    expect(zoomAround(full, 1.15, 0.9, domain)).toBe(full);
  });

  it("pans by a share of the view and keeps the centre inside the life", () => {
    const view = panBy(INITIAL_VIEW, 0.1, domain);
    expect(view.center).toBeCloseTo(18_250 + 3650);
    expect(panBy({ zoom: 1, center: 36_000 }, 1, domain).center).toBe(36_500);
    expect(panBy({ zoom: 1, center: 100 }, -1, domain).center).toBe(0);
    expect(isInitialView(view)).toBe(false);
  });

  it("centres a chosen period with its span × 1.4 filling the view", () => {
    const view = focusView({ start: 10_000, end: 13_650 }, domain);
    expect(view.center).toBe(11_825);
    expect(visibleRange(view, domain).span).toBeCloseTo(3650 * 1.4);
    // A one-day period: as close as the zoom allows.
    expect(focusView({ start: 5000, end: 5001 }, domain)).toEqual({ zoom: 50, center: 5000.5 });
    // A whole life: zoomed out so that it fits with its margin.
    expect(focusView({ start: 0, end: 36_500 }, domain).zoom).toBeCloseTo(1 / 1.4);
  });

  it("glides from one view to another: zoom on a log scale, centre in a line", () => {
    const from: View = { zoom: 1, center: 0 };
    const to: View = { zoom: 16, center: 1000 };
    expect(interpolateView(from, to, 0.5, domain)).toEqual({ zoom: 4, center: 500 });
    expect(interpolateView(from, to, 1, domain)).toBe(to);
  });
});

describe("labels", () => {
  it("shows an initial, then a name, then everything as the bar widens", () => {
    expect(labelMode(20)).toBe("initial");
    expect(labelMode(43.9)).toBe("initial");
    expect(labelMode(44)).toBe("name");
    expect(labelMode(159)).toBe("name");
    expect(labelMode(160)).toBe("full");
  });

  it("measures a bar at its share of the view, at least 4 % of the track", () => {
    const decade = { start: 0, end: 3650 };
    expect(barWidthPx(decade, INITIAL_VIEW, domain, 1000)).toBeCloseTo(100);
    expect(barWidthPx(decade, { zoom: 5, center: 0 }, domain, 1000)).toBeCloseTo(500);
    expect(barWidthPx({ start: 0, end: 1 }, INITIAL_VIEW, domain, 1000)).toBe(40);
  });

  it("writes dates as years, Present, one year, or a one-day date", () => {
    const words = { present: "Present", formatDate: (value: string) => `[${value}]` };
    expect(periodDates(period(1, "Childhood", { startDate: "1990-03-02", endDate: "2001-08-31", startYear: 1990, endYear: 2001 }), words)).toBe(
      "1990 – 2001",
    );
    expect(periodDates(period(2, "Job", { startDate: "2019-01-07", endDate: null, startYear: 2019, endYear: null }), words)).toBe("2019 – Present");
    expect(periodDates(period(3, "Wedding", { startDate: "2015-06-20", endDate: "2015-06-20", isOneDay: true }), words)).toBe("[2015-06-20]");
    expect(periodDates(period(4, "Summer job", { startDate: "2018-06-01", endDate: "2018-08-31", startYear: 2018, endYear: 2018 }), words)).toBe("2018");
    expect(initialOf("  école")).toBe("É");
    expect(initialOf("🎉 Party")).toBe("🎉");
  });
});

describe("axis", () => {
  it("rounds to nice steps: 1, 2, 5, 10, 20, 25, 50…", () => {
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(1.8)).toBe(2);
    expect(niceStep(4)).toBe(5);
    expect(niceStep(11.25)).toBe(10);
    expect(niceStep(23)).toBe(25);
    expect(niceStep(60)).toBe(50);
    expect(niceStep(180)).toBe(200);
  });

  it("counts months up to two years, else years about span ÷ 8", () => {
    expect(axisScale(365)).toEqual({ unit: "month", step: 2 });
    expect(axisScale(90)).toEqual({ unit: "month", step: 1 });
    expect(axisScale(730)).toEqual({ unit: "month", step: 3 });
    expect(axisScale(800)).toEqual({ unit: "year", step: 1 });
    expect(axisScale(90 * 365.25)).toEqual({ unit: "year", step: 10 });
    expect(axisScale(16 * 365.25)).toEqual({ unit: "year", step: 2 });
  });

  it("ticks on the first day of the months or years on the step", () => {
    expect(axisTicks({ unit: "year", step: 10 }, day("1985-06-01"), day("2020-01-01")).map(iso)).toEqual([
      "1990-01-01",
      "2000-01-01",
      "2010-01-01",
      "2020-01-01",
    ]);
    expect(axisTicks({ unit: "month", step: 3 }, day("2019-11-15"), day("2020-08-01")).map(iso)).toEqual([
      "2020-01-01",
      "2020-04-01",
      "2020-07-01",
    ]);
  });
});

describe("minimap", () => {
  it("places the viewport rectangle and says how much is viewed and the centre's year", () => {
    expect(minimapWindow(INITIAL_VIEW, domain)).toEqual({ left: 0, width: 1 });
    expect(viewedPercent(INITIAL_VIEW, domain)).toBe(100);
    expect(viewedPercent({ zoom: 0.5, center: null }, domain)).toBe(100);
    const view: View = { zoom: 4, center: 9125 };
    const window = minimapWindow(view, domain);
    expect(window.left).toBeCloseTo(0.125);
    expect(window.width).toBeCloseTo(0.25);
    expect(viewedPercent(view, domain)).toBe(25);
    expect(viewedPercent({ zoom: 50, center: 0 }, domain)).toBe(1);
    expect(centerYear(view, domain)).toBe(1994);
    // Half of the view past the end of the life: only the other half counts.
    expect(viewedPercent({ zoom: 4, center: 36_500 }, domain)).toBe(13);
    expect(centerAtFraction(0.5, domain)).toBe(18_250);
    // The drawn rectangle keeps the view's width and stays inside the minimap.
    expect(minimapRect(view, domain)).toEqual({ left: 0.125, width: 0.25 });
    expect(minimapRect({ zoom: 4, center: 36_500 }, domain)).toEqual({ left: 0.75, width: 0.25 });
    expect(minimapRect({ zoom: 0.5, center: 0 }, domain)).toEqual({ left: 0, width: 1 });
  });

  it("keeps every bar at least 0.5 % wide and ticks about every fifth of the life", () => {
    const box = minimapBox({ start: 1000, end: 1001 }, domain);
    expect(box.width).toBe(0.5);
    expect(box.left + box.width / 2).toBeCloseTo((1000.5 / 36_500) * 100);
    const life: Domain = { start: day("1950-01-01"), end: day("2040-01-01") };
    expect(minimapTicks(life).map((tick) => iso(tick).slice(0, 4))).toEqual(["1960", "1980", "2000", "2020", "2040"]);
  });
});

describe("selection", () => {
  // Life > School > Exams; Life > Travels; Exams also under Summer (two parents).
  const graph = periodGraph([
    period(1, "Life", { children: [2, 4] }),
    period(2, "School", { parents: [1], children: [3] }),
    period(3, "Exams", { parents: [2, 5], children: [] }),
    period(4, "Travels", { parents: [1] }),
    period(5, "Summer", { children: [3] }),
  ]);

  it("selects a period with all its descendants", () => {
    expect([...toggleSelection(new Set(), 2, graph)].sort()).toEqual([2, 3]);
    expect([...toggleSelection(new Set(), 1, graph)].sort()).toEqual([1, 2, 3, 4]);
    expect([...toggleSelection(new Set([4]), 5, graph)].sort()).toEqual([3, 4, 5]);
  });

  it("deselects a period with its descendants, and the periods it is part of", () => {
    const all = toggleSelection(new Set(), 1, graph);
    expect([...toggleSelection(all, 2, graph)].sort()).toEqual([4]);
    expect([...toggleSelection(all, 1, graph)]).toEqual([]);
  });

  it("never loops, even on a cycle the server should have refused", () => {
    const loop = periodGraph([period(1, "A", { parents: [2], children: [2] }), period(2, "B", { parents: [1], children: [1] })]);
    expect([...toggleSelection(new Set(), 1, loop)].sort()).toEqual([1, 2]);
    expect([...toggleSelection(new Set([1, 2]), 2, loop)]).toEqual([]);
  });

  it("asks the server for what the writer picked: the selected periods whose parents are not selected", () => {
    expect(selectionRoots(toggleSelection(new Set(), 1, graph), graph)).toEqual([1]);
    expect(selectionRoots(new Set([3, 4, 5]), graph).sort()).toEqual([4, 5]);
  });

  it("highlights the selected, shows their parents at 70 % and shrinks the rest to 10 %", () => {
    const none = barStates(new Set(), graph);
    expect([1, 2, 3].map(none)).toEqual(["normal", "normal", "normal"]);
    const states = barStates(toggleSelection(new Set(), 2, graph), graph);
    expect([1, 2, 3, 4, 5].map(states)).toEqual(["parent", "selected", "selected", "dim", "parent"]);
    expect(barHeight("selected")).toBe(48);
    expect(barHeight("parent")).toBeCloseTo(33.6);
    expect(barHeight("dim")).toBeCloseTo(4.8);
  });
});
