import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { AdminStats } from "@/lib/api/types";
import { useNumberFormat } from "../format";

type Breakdown = "personCategories" | "locationCategories" | "objectCategories";

const breakdowns: Breakdown[] = ["personCategories", "locationCategories", "objectCategories"];

/**
 * How many entities carry each stored category (docs/rules.md: `none` without one), per type: the
 * categories read as the entity forms name them; one the interface does not know shows as stored.
 */
export function CategoryBreakdowns({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useTranslation();
  const number = useNumberFormat();
  const categoryName = (breakdown: Breakdown, category: string) => {
    if (category === "none") return t("admin.categories.none");
    const key = `${breakdown}.${category}`;
    return i18n.exists(key) ? t(key as "personCategories.friend") : category;
  };

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {breakdowns.map((breakdown) => {
        const rows = Object.entries(stats[breakdown]).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
        const title = t(`admin.categories.${breakdown}`);
        return (
          <Card key={breakdown}>
            <CardHeader className="pb-3">
              <h3 className="font-semibold">{title}</h3>
            </CardHeader>
            <CardContent>
              {rows.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("admin.categories.empty")}</p>
              ) : (
                <table className="w-full text-sm">
                  <caption className="sr-only">{title}</caption>
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">{t("admin.categories.category")}</th>
                      <th scope="col">{t("admin.categories.count")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map(([category, count]) => (
                      <tr key={category} className="border-b last:border-b-0">
                        <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                          {categoryName(breakdown, category)}
                        </th>
                        <td className="py-1.5 text-right font-semibold tabular-nums">{number(count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
