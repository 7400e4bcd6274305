import { memo, useCallback } from "react";
import { BAR_HEIGHT, barHeight, type BarState, type PlacedPeriod } from "../layout";

/** A row's height: a bar and the gap under it. */
export const ROW_HEIGHT = BAR_HEIGHT + 8;

/** What a bar says, worked out once per period and language. */
export interface BarTexts {
  /** Its accessible name: "Childhood, 1990 – 2001, level 1". */
  label: string;
  name: string;
  initial: string;
  /** Dates, then aliases: the second line of a wide bar. */
  detail: string;
}

interface TimelineBarProps {
  item: PlacedPeriod;
  state: BarState;
  /** Middle and width on the whole track, in percent of it. */
  middle: number;
  width: number;
  texts: BarTexts;
  /** The one bar the Tab key reaches (roving tabindex); arrows move between bars. */
  tabbable: boolean;
  register: (item: PlacedPeriod, element: HTMLElement) => () => void;
  onActivate: (id: number) => void;
  onFocusBar: (id: number) => void;
}

/**
 * One period: a button placed in percent of the whole track (which the view stretches and moves),
 * at least 4 % of the visible track wide (4cqw: the track's viewport is the size container).
 * Its label mode (`data-label`: initial, name or full) is written by the view controller as the
 * bar's width on screen changes, so a zoom does not re-render it.
 */
export const TimelineBar = memo(function TimelineBar({ item, state, middle, width, texts, tabbable, register, onActivate, onFocusBar }: TimelineBarProps) {
  const height = barHeight(state);
  const ref = useCallback((element: HTMLButtonElement | null) => (element ? register(item, element) : undefined), [item, register]);
  return (
    <button
      ref={ref}
      type="button"
      data-period-id={item.id}
      tabIndex={tabbable ? 0 : -1}
      data-state={state}
      aria-label={texts.label}
      aria-pressed={state === "selected"}
      title={texts.detail ? `${texts.name}\n${texts.detail}` : texts.name}
      onClick={() => onActivate(item.id)}
      onFocus={() => onFocusBar(item.id)}
      className="group absolute flex items-center rounded-md px-2 text-left text-sm transition-[top,height] duration-200 outline-none focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[label=initial]:px-0 data-[state=selected]:shadow-lg data-[state=selected]:outline-2 data-[state=selected]:outline-offset-2 data-[state=selected]:outline-foreground data-[state=selected]:outline-solid motion-reduce:transition-none"
      style={{
        left: `calc(${middle}% - max(${width}%, 4cqw) / 2)`,
        width: `max(${width}%, 4cqw)`,
        top: item.row * ROW_HEIGHT + (BAR_HEIGHT - height) / 2,
        height,
        // Shrunk bars are paler: a lighter colour rather than opacity, which would make each its own layer of effects.
        backgroundColor: state === "dim" ? `color-mix(in srgb, ${item.color} 55%, transparent)` : item.color,
        color: item.textColor,
      }}
    >
      {/* A shrunk bar (10 % high) has no room for words; its name stays its accessible name. Only
          the texts that may be cut clip (most bars show an initial and clip nothing): fewer clips
          are less work for the browser at each frame of a zoom. */}
      {state !== "dim" && (
        <span data-part="label" className="flex min-w-0 flex-col leading-tight group-data-off:hidden group-data-[label=initial]:w-full group-data-[label=initial]:items-center">
          <span className="hidden font-semibold group-data-[label=initial]:inline">{texts.initial}</span>
          <span className="truncate font-medium group-data-[label=initial]:hidden">{texts.name}</span>
          {state !== "parent" && texts.detail && (
            <span className="hidden truncate text-xs group-data-[label=full]:block">{texts.detail}</span>
          )}
        </span>
      )}
    </button>
  );
});
