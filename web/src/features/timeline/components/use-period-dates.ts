import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import type { TimelinePeriod } from "@/lib/api/types";
import { periodDates } from "../layout";

/** A period's dates in the interface language: "1990 – 2001", "2019 – Present", or a one-day date. */
export function usePeriodDates() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return useCallback(
    (period: Pick<TimelinePeriod, "startDate" | "endDate" | "isOneDay" | "startYear" | "endYear">) =>
      periodDates(period, { present: t("timeline.present"), formatDate: (iso) => formatDate(iso, language) }),
    [language, t],
  );
}
