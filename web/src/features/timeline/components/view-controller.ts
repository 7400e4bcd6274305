import { useSyncExternalStore } from "react";
import {
  axisScale,
  barWidthPx,
  centerOn,
  clampCenter,
  clampZoom,
  INITIAL_VIEW,
  interpolateView,
  labelMode,
  minimapRect,
  visibleRange,
  type AxisScale,
  type Domain,
  type LabelMode,
  type PlacedPeriod,
  type View,
} from "../layout";

/** Until the track is measured (and in test DOMs, which lay nothing out). */
const FALLBACK_TRACK_WIDTH = 960;
/** A label slid right to stay in view keeps at least this much of its bar to sit on. */
const STICKY_LABEL_ROOM = 48;
const ANIMATION_MS = 280;
/** The slower notifications (see subscribeSettled) come at most this often. */
const SETTLED_MS = 150;
/** Bars further than this many view widths from the view drop their words. */
const OFF_MARGIN = 0.5;
/** How long the view must rest before labels are slid into view. */
const SHIFT_DELAY_MS = 120;

/** The axis ticks drawn: a scale over a stretch around the view, redrawn only when the view leaves it. */
export interface AxisWindow extends AxisScale {
  from: number;
  to: number;
}

interface BarHandle {
  item: PlacedPeriod;
  element: HTMLElement;
  label: HTMLElement | null;
  mode: LabelMode | null;
  shift: number;
  /** Far outside the view: its words are not laid out (the button stays, with its accessible name). */
  off: boolean;
}

const nextFrame = (callback: (time: number) => void): number =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : (setTimeout(() => callback(performance.now()), 16) as unknown as number);

const cancelFrame = (frame: number) => (typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(frame) : clearTimeout(frame));

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The timeline's window (zoom and centre) outside React: pointer, wheel and key events change it
 * here, and once per animation frame it is written straight to the DOM (the track's width and
 * offset, the minimap's rectangle, the bars' label modes), then the few small components that show
 * it (zoom percentage, buttons, axis, readouts) are told. The bars never re-render for a move.
 */
export class ViewController {
  private view: View = INITIAL_VIEW;
  private domain: Domain;
  private trackWidth = 0;
  private listeners = new Set<() => void>();
  private settledListeners = new Set<() => void>();
  private settledTimer: ReturnType<typeof setTimeout> | null = null;
  private settledAt = -Infinity;
  private frame: number | null = null;
  private animation: { from: View; to: View; started: number | null } | null = null;
  private track: HTMLElement | null = null;
  private window: HTMLElement | null = null;
  private bars = new Map<number, BarHandle>();
  private shiftTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the label modes were last computed for. */
  private labelsFor = { zoom: Number.NaN, width: Number.NaN };

  private axis: AxisWindow | null = null;

  constructor(domain: Domain) {
    this.domain = domain;
  }

  readonly getView = (): View => this.view;
  readonly getDomain = (): Domain => this.domain;

  /** Stays the same object while the view stays inside it at the same scale. */
  readonly getAxisWindow = (): AxisWindow => {
    const range = visibleRange(this.view, this.domain);
    const scale = axisScale(range.span);
    const axis = this.axis;
    if (axis && axis.unit === scale.unit && axis.step === scale.step && range.start >= axis.from && range.end <= axis.to) return axis;
    this.axis = { ...scale, from: range.start - range.span, to: range.end + range.span };
    return this.axis;
  };

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Like subscribe, but told at most every 150 ms (and once more when the view rests): for texts
   * such as "Centred on 1995", which would otherwise be repainted at every frame of a pan.
   */
  readonly subscribeSettled = (listener: () => void) => {
    this.settledListeners.add(listener);
    return () => {
      this.settledListeners.delete(listener);
    };
  };

  /** The track's visible width in pixels (a measured 0 counts as unknown). */
  width(): number {
    return this.trackWidth > 0 ? this.trackWidth : FALLBACK_TRACK_WIDTH;
  }

  setDomain(domain: Domain) {
    if (domain.start === this.domain.start && domain.end === this.domain.end) return;
    this.domain = domain;
    if (this.view.center !== null) this.view = { ...this.view, center: clampCenter(this.view.center, domain) };
    this.labelsFor.zoom = Number.NaN;
    this.schedule();
  }

  /** The track's width, measured before the first paint and at each resize: label modes follow at once. */
  setTrackWidth(width: number) {
    if (width === this.trackWidth) return;
    this.trackWidth = width;
    this.labelsFor = { zoom: this.view.zoom, width: this.width() };
    for (const handle of this.bars.values()) this.writeMode(handle);
    this.schedule();
  }

  /** A new window at once (a gesture, a key, a button); stops any animation. */
  set(view: View) {
    this.animation = null;
    this.apply(view);
  }

  /** A new window from the current one. */
  update(change: (view: View, domain: Domain) => View) {
    this.set(change(this.view, this.domain));
  }

  /** Glide to a window (a period chosen), at once when the writer prefers less motion. */
  animateTo(view: View) {
    if (reducedMotion()) {
      this.set(view);
      return;
    }
    this.animation = { from: this.view, to: view, started: null };
    this.schedule();
  }

  /** Centre on a period the keyboard reached when none of it is in view. */
  reveal(item: { start: number; end: number }) {
    const range = visibleRange(this.view, this.domain);
    if (item.end > range.start && item.start < range.end) return;
    this.set(centerOn(this.view, (item.start + item.end) / 2, this.domain));
  }

  /** The element holding the whole life: its width and offset follow the window. */
  readonly attachTrack = (element: HTMLElement | null) => {
    this.track = element;
    if (element) this.writeTrack();
  };

  /** The minimap's viewport rectangle. */
  readonly attachWindow = (element: HTMLElement | null) => {
    this.window = element;
    if (element) this.writeWindow();
  };

  /** A bar whose label mode (and left-edge label offset) follows its width on screen. */
  registerBar(item: PlacedPeriod, element: HTMLElement): () => void {
    const handle: BarHandle = { item, element, label: null, mode: null, shift: 0, off: false };
    this.bars.set(item.id, handle);
    const range = visibleRange(this.view, this.domain);
    this.writeMode(handle);
    this.writeOff(handle, range);
    this.writeShift(handle, range);
    return () => {
      if (this.bars.get(item.id) === handle) this.bars.delete(item.id);
    };
  }

  /** Write the DOM again at the next frame (bars changed state, so their labels may have changed). */
  refresh() {
    this.schedule();
  }

  dispose() {
    if (this.frame !== null) cancelFrame(this.frame);
    if (this.shiftTimer !== null) clearTimeout(this.shiftTimer);
    if (this.settledTimer !== null) clearTimeout(this.settledTimer);
    this.frame = null;
    this.shiftTimer = null;
    this.settledTimer = null;
    this.animation = null;
  }

  private apply(view: View) {
    const zoom = clampZoom(view.zoom);
    const center = view.center === null ? null : clampCenter(view.center, this.domain);
    if (zoom === this.view.zoom && center === this.view.center) return;
    this.view = { zoom, center };
    this.schedule();
  }

  private schedule() {
    if (this.frame === null) this.frame = nextFrame(this.flush);
  }

  private readonly flush = (time: number) => {
    this.frame = null;
    const animation = this.animation;
    if (animation) {
      animation.started ??= time;
      const t = Math.min(1, (time - animation.started) / ANIMATION_MS);
      const eased = 1 - (1 - t) ** 3;
      const next = interpolateView(animation.from, animation.to, eased, this.domain);
      this.view = t >= 1 ? animation.to : { zoom: next.zoom, center: next.center };
      if (t >= 1) this.animation = null;
      else this.schedule();
    }
    this.writeTrack();
    this.writeWindow();
    if (this.labelsFor.zoom !== this.view.zoom || this.labelsFor.width !== this.width()) {
      this.labelsFor = { zoom: this.view.zoom, width: this.width() };
      for (const handle of this.bars.values()) this.writeMode(handle);
    }
    const range = visibleRange(this.view, this.domain);
    for (const handle of this.bars.values()) this.writeOff(handle, range);
    // Labels slid into view wait until the view rests: a frame of a pan then only moves the
    // track's and the minimap rectangle's layers, and repaints no bar.
    if (this.shiftTimer !== null) clearTimeout(this.shiftTimer);
    this.shiftTimer = setTimeout(this.writeShifts, SHIFT_DELAY_MS);
    for (const listener of this.listeners) listener();
    this.notifySettled();
  };

  private notifySettled() {
    if (this.settledTimer !== null) return;
    const wait = this.settledAt + SETTLED_MS - performance.now();
    const notify = () => {
      this.settledTimer = null;
      this.settledAt = performance.now();
      for (const listener of this.settledListeners) listener();
    };
    if (wait <= 0) notify();
    else this.settledTimer = setTimeout(notify, wait);
  }

  private readonly writeShifts = () => {
    this.shiftTimer = null;
    const range = visibleRange(this.view, this.domain);
    for (const handle of this.bars.values()) this.writeShift(handle, range);
  };

  private writeTrack() {
    if (!this.track) return;
    const range = visibleRange(this.view, this.domain);
    const offset = ((range.start - this.domain.start) / (this.domain.end - this.domain.start)) * 100;
    const width = `${this.view.zoom * 100}%`;
    if (this.track.style.width !== width) this.track.style.width = width;
    // The track is its own compositing layer (will-change): moving it repaints nothing.
    const pixels = Math.round((offset / 100) * this.view.zoom * this.width() * 100) / 100;
    this.track.style.transform = `translate3d(${-pixels}px, 0, 0)`;
  }

  /** The rectangle moves by a transform (its own layer) and is resized only when the zoom changes. */
  private writeWindow() {
    if (!this.window) return;
    const { left, width } = minimapRect(this.view, this.domain);
    const shown = `${Math.max(width, 0.001) * 100}%`;
    if (this.window.style.width !== shown) this.window.style.width = shown;
    this.window.style.transform = `translate3d(${(left / Math.max(width, 0.001)) * 100}%, 0, 0)`;
  }

  private writeMode(handle: BarHandle) {
    const mode = labelMode(barWidthPx(handle.item, this.view, this.domain, this.width()));
    if (mode !== handle.mode) {
      handle.mode = mode;
      handle.element.dataset.label = mode;
    }
  }

  /**
   * Bars more than half a view away lose their words (data-off): a zoom then lays out only the
   * text near the view. Their buttons stay, named, focusable and in the accessibility tree.
   */
  private writeOff(handle: BarHandle, range: { start: number; end: number; span: number }) {
    const { item } = handle;
    const margin = range.span * OFF_MARGIN;
    const off = item.end < range.start - margin || item.start > range.end + margin;
    if (off !== handle.off) {
      handle.off = off;
      if (off) handle.element.dataset.off = "";
      else delete handle.element.dataset.off;
    }
  }

  /** A bar that starts left of the view keeps its label in view, as long as the bar has room. */
  private writeShift(handle: BarHandle, range: { start: number; span: number }) {
    // The label comes and goes with the bar's state: a shrunk bar has none.
    const label = handle.element.firstElementChild as HTMLElement | null;
    if (label !== handle.label) {
      handle.label = label;
      handle.shift = 0;
    }
    if (!label) return;
    const trackWidth = this.width();
    const widthPx = barWidthPx(handle.item, this.view, this.domain, trackWidth);
    const middle = (handle.item.start + handle.item.end) / 2;
    const left = ((middle - range.start) * trackWidth) / range.span - widthPx / 2;
    const shift = handle.mode === "initial" || left >= 0 ? 0 : Math.max(0, Math.min(-left, widthPx - STICKY_LABEL_ROOM));
    if (Math.abs(shift - handle.shift) >= 0.5 || (shift === 0 && handle.shift !== 0)) {
      handle.shift = shift;
      // Slid right, the label is narrowed by as much, so that it still ends inside the bar.
      label.style.transform = shift === 0 ? "" : `translateX(${Math.round(shift)}px)`;
      label.style.maxWidth = shift === 0 ? "" : `calc(100% - ${Math.round(shift)}px)`;
    }
  }
}

/**
 * A value derived from the window, re-rendering only when it changes (keep it a primitive);
 * `settled`: checked at most every 150 ms.
 */
export function useViewValue<T extends string | number | boolean>(
  controller: ViewController,
  select: (view: View, domain: Domain) => T,
  { settled = false } = {},
): T {
  const snapshot = () => select(controller.getView(), controller.getDomain());
  return useSyncExternalStore(settled ? controller.subscribeSettled : controller.subscribe, snapshot, snapshot);
}
