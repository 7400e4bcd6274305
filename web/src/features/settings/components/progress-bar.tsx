import { cn } from "@/lib/utils";

interface ProgressBarProps {
  /** Done so far, of `max`. */
  value: number;
  max: number;
  /** The bar's accessible name; the visible text is the caller's. */
  label: string;
  /** What a screen reader says of the value ("3 of 10 memories"). */
  valueText?: string;
  className?: string;
}

/** A determinate progress bar (role progressbar) that stays readable in both themes. */
export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
    </div>
  );
}
