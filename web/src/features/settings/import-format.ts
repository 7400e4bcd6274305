import type { TFunction } from "i18next";

const known = ["lifegraph", "dayOne", "journiv", "memos"] as const;

/** The name of an import's source ("Day One"); an unknown one as the server wrote it. */
export function formatName(format: string, t: TFunction): string {
  return (known as readonly string[]).includes(format) ? t(`settings.import.formatNames.${format as (typeof known)[number]}`) : format;
}
