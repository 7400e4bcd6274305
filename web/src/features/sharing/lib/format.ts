import { format, parseISO } from "date-fns";
import { enUS, fr } from "date-fns/locale";
import type { TFunction } from "i18next";
import { formatDate } from "@/lib/dates";

function languageOf(language: string): "en" | "fr" {
  return language === "fr" ? "fr" : "en";
}

/** A memory's event date by locale, or 'Unknown date'. */
export function eventDateText(eventDate: string | null | undefined, language: string, t: TFunction): string {
  if (!eventDate) return t("sharing.unknownDate");
  return formatDate(eventDate, languageOf(language));
}

/** A moment with its time (a link's expiry): 'June 17, 2026 at 3:05 PM' / '17 juin 2026 à 15:05'. */
export function dateTimeText(value: string, language: string): string {
  const date = parseISO(value);
  return languageOf(language) === "fr"
    ? format(date, "d MMMM yyyy 'à' HH:mm", { locale: fr })
    : format(date, "MMMM d, yyyy 'at' h:mm a", { locale: enUS });
}
