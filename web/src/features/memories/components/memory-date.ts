import type { TFunction } from "i18next";
import { formatDate } from "@/lib/dates";

/** A memory's event date by locale (docs/constants.md "Display"), or 'Unknown date'. */
export function memoryDate(eventDate: string | null | undefined, language: string, t: TFunction): string {
  if (!eventDate) return t("memories.unknownDate");
  return formatDate(eventDate, language === "fr" ? "fr" : "en");
}
