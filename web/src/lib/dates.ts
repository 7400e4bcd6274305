import { format, parseISO } from "date-fns";
import { enUS, fr } from "date-fns/locale";
import type { Language } from "@/lib/api/types";

const patterns: Record<Language, { pattern: string; locale: typeof enUS }> = {
  en: { pattern: "MMMM d, yyyy", locale: enUS },
  fr: { pattern: "d MMMM yyyy", locale: fr },
};

/** A calendar date or a moment shown as docs/constants.md says: 'MMMM d, yyyy' (en), 'd MMMM yyyy' (fr). */
export function formatDate(value: Date | string, language: Language): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  const { pattern, locale } = patterns[language];
  return format(date, pattern, { locale });
}

/** The value of a date input: yyyy-MM-dd. */
export function toDateInputValue(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** The browser's IANA time zone ("Europe/Paris"): the server counts "this month" and "today" in it. */
export function writerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
