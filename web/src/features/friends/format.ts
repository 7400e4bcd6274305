import { format, parseISO } from "date-fns";
import { enUS, fr } from "date-fns/locale";
import type { Language } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { i18n, isLanguage } from "@/lib/i18n";

const locales = { en: enUS, fr } as const;

/** The interface language, for dates. */
export function dateLanguage(language: string = i18n.language): Language {
  return isLanguage(language) ? language : "en";
}

/** A moment as a date (docs/constants.md patterns) and a time of day in the locale ("3:45 PM", "15:45"). */
export function formatDateAndTime(value: string, language: Language): { date: string; time: string } {
  const moment = parseISO(value);
  return { date: formatDate(moment, language), time: format(moment, "p", { locale: locales[language] }) };
}
