import { CalendarX, Pencil } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TimelinePeriod } from "@/lib/api/types";

/** Periods without a start date cannot be placed: they are listed apart, each with a button to date it. */
export function UndatedPeriods({ periods, onEdit }: { periods: readonly TimelinePeriod[]; onEdit: (id: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex items-center gap-2">
        <CalendarX className="size-5 text-muted-foreground" aria-hidden="true" />
        <h2 id={headingId} className="text-lg font-semibold">
          {t("timeline.undated.title")}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{t("timeline.undated.body")}</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {periods.map((period) => (
          <li key={period.id} className="flex items-center gap-3 rounded-lg border p-3">
            <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: period.color }} />
            <div className="grid min-w-0 flex-1">
              <span className="font-medium break-words">{period.name}</span>
              {period.aliases.length > 0 && (
                <span className="text-sm text-muted-foreground">{t("timeline.bar.aliases", { aliases: period.aliases.join(", ") })}</span>
              )}
            </div>
            <Button variant="outline" size="sm" aria-label={t("timeline.undated.addDate", { name: period.name })} onClick={() => onEdit(period.id)}>
              <Pencil aria-hidden="true" />
              {t("timeline.edit")}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
