import { useTranslation } from "react-i18next";
import type { Language } from "@/lib/api/types";
import { isLanguage } from "@/lib/i18n";

/** The interface language, for dates. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/** Counts written as the interface language writes them ("1,234" in English, "1 234" in French). */
export function useNumberFormat(): (value: number) => string {
  const language = useLanguage();
  const format = new Intl.NumberFormat(language);
  return (value) => format.format(value);
}
