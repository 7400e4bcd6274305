import { Pencil } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TimelinePeriod } from "@/lib/api/types";
import { usePeriodDates } from "./use-period-dates";

/**
 * The periods the writer picked (their descendants are selected with them): dates, aliases,
 * description and memory count, and a button to edit each.
 */
export function SelectedPeriods({ periods, total, onEdit }: { periods: readonly TimelinePeriod[]; total: number; onEdit: (id: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const datesOf = usePeriodDates();
  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("timeline.selected.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("timeline.selected.count", { count: total })}</p>
      </div>
      <ul className="grid gap-2">
        {periods.map((period) => (
          <li key={period.id} className="flex items-start gap-3 rounded-lg border p-3">
            <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-full" style={{ backgroundColor: period.color }} />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <h3 className="font-medium break-words">{period.name}</h3>
              <p className="text-sm text-muted-foreground">
                {[datesOf(period), t("timeline.selected.memories", { count: period.memoryCount })].filter(Boolean).join(" · ")}
              </p>
              {period.aliases.length > 0 && (
                <p className="text-sm text-muted-foreground">{t("timeline.bar.aliases", { aliases: period.aliases.join(", ") })}</p>
              )}
              {period.notes && <p className="line-clamp-3 text-sm whitespace-pre-line">{period.notes}</p>}
            </div>
            <Button variant="outline" size="sm" aria-label={t("timeline.editPeriod", { name: period.name })} onClick={() => onEdit(period.id)}>
              <Pencil aria-hidden="true" />
              {t("timeline.edit")}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
