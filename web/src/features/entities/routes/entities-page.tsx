import { Activity, Box, CalendarRange, MapPin, Smile, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeading } from "@/components/page-heading";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useEntityCounts } from "../api/entity-pages";
import { usePrefetchEntityList } from "../api/prefetch";
import { entityRoutes, type EntityRoute } from "../entity-types";

const icons: Record<EntityRoute, LucideIcon> = {
  people: Users,
  locations: MapPin,
  periods: CalendarRange,
  emotions: Smile,
  objects: Box,
  activities: Activity,
};

/** docs/screens.md "Entities index": the six types with how many of each the writer has. */
export function EntitiesPage() {
  const { t } = useTranslation();
  const counts = useEntityCounts();
  const prefetch = usePrefetchEntityList();
  return (
    <>
      <PageHeading title={t("titles.entities")} />
      <p className="-mt-4 mb-6 text-muted-foreground">{t("entities.index.description")}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {(Object.keys(entityRoutes) as EntityRoute[]).map((route) => {
          const Icon = icons[route];
          const count = counts.data?.[entityRoutes[route]];
          return (
            <li key={route}>
              <Card className="relative flex flex-row items-center gap-4 p-5 transition-colors hover:bg-accent">
                <Icon className="size-8 text-primary" aria-hidden="true" />
                <div className="grid gap-1">
                  <Link
                    to={`/entities/${route}`}
                    onMouseEnter={() => prefetch(route)}
                    onFocus={() => prefetch(route)}
                    className="text-lg font-semibold outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
                  >
                    {t(`entityTypes.${route}`)}
                  </Link>
                  {count === undefined ? (
                    <Skeleton className="h-4 w-20" />
                  ) : (
                    <span className="text-sm text-muted-foreground">{t("entities.index.count", { count })}</span>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
