/** Colour tones for confidences (docs/constants.md). */
export type ConfidenceTone = "high" | "medium" | "low" | "none";

/** The extraction dialog: at least 90 green, 75-89 yellow, below 75 red (0-100). */
export function extractionConfidenceTone(confidence: number): ConfidenceTone {
  if (confidence >= 90) return "high";
  if (confidence >= 75) return "medium";
  return "low";
}

/** Entity tags on memories: 80+ green, 60-79 yellow, below 60 red; no confidence is neutral. */
export function linkConfidenceTone(confidence: number | null | undefined): ConfidenceTone {
  if (confidence === null || confidence === undefined) return "none";
  if (confidence >= 80) return "high";
  if (confidence >= 60) return "medium";
  return "low";
}

/** Badge classes per tone, with enough contrast in both themes. */
export const toneClasses: Record<ConfidenceTone, string> = {
  high: "border-green-700/30 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-950 dark:text-green-100",
  medium: "border-yellow-700/30 bg-yellow-100 text-yellow-900 dark:border-yellow-400/30 dark:bg-yellow-950 dark:text-yellow-100",
  low: "border-red-700/30 bg-red-100 text-red-900 dark:border-red-400/30 dark:bg-red-950 dark:text-red-100",
  none: "border-border bg-secondary text-secondary-foreground",
};
