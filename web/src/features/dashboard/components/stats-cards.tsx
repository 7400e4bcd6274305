import { BookOpen, Camera, Network, Shapes, Star, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import type { DashboardStats, EntityType, TopEntity } from "@/lib/api/types";
import { useDashboardStats } from "../api/dashboard";

/** The entity-type rows of the breakdown card: the list route and the type it counts. */
const typeRows = [
  ["people", "person"],
  ["locations", "location"],
  ["periods", "lifePeriod"],
  ["emotions", "emotion"],
  ["objects", "object"],
  ["activities", "activity"],
] as const satisfies readonly (readonly [string, EntityType])[];

/** docs/screens.md "Dashboard": the statistics block, 4 skeleton cards while it loads. */
export function StatsCards() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  if (stats.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" role="status" aria-label={t("dashboard.stats.loading")}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-32 rounded-xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Card className="flex flex-col items-start gap-3 p-6" role="alert">
        <h2 className="text-lg font-semibold">{t("dashboard.stats.failed")}</h2>
        <p className="text-sm text-muted-foreground">{errorMessage(stats.error, t)}</p>
        <Button variant="outline" onClick={() => void stats.refetch()}>
          {t("common.retry")}
        </Button>
      </Card>
    );
  }
  return <StatsGrid stats={stats.data} />;
}

function StatsGrid({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const { memories, entities, activity } = stats;
  return (
    <section aria-label={t("dashboard.stats.label")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        to="/memories"
        icon={<BookOpen aria-hidden="true" />}
        title={t("dashboard.stats.memories")}
        value={memories.total}
        detail={t("dashboard.stats.thisMonth", { count: memories.thisMonth })}
      />
      <FigureCard
        to="/entities/people"
        icon={<Network aria-hidden="true" />}
        title={t("dashboard.stats.entities")}
        value={entities.total}
        detail={t("dashboard.stats.thisMonth", { count: entities.thisMonth })}
      />
      <FigureCard
        icon={<Camera aria-hidden="true" />}
        title={t("dashboard.stats.withPhotos")}
        value={memories.withPhotos}
        detail={t("dashboard.stats.textOnly", { count: memories.withoutPhotos })}
      />
      <Card className="p-5">
        <CardHeading icon={<Shapes aria-hidden="true" />} title={t("dashboard.stats.byType")} />
        <ul className="mt-3 grid gap-1">
          {typeRows.map(([route, type]) => (
            <li key={route}>
              <Link
                to={`/entities/${route}`}
                aria-label={t("dashboard.stats.rowLabel", { name: t(`entityTypes.${route}`), value: entities.byType[type] })}
                className="flex items-center justify-between rounded-md px-2 py-1 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span>{t(`entityTypes.${route}`)}</span>
                <span className="font-semibold tabular-nums">{entities.byType[type]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <TopCard icon={<Users aria-hidden="true" />} title={t("dashboard.stats.topPeople")} rows={activity.topPeople} empty={t("dashboard.stats.noPeople")} />
      <TopCard icon={<Star aria-hidden="true" />} title={t("dashboard.stats.topEvents")} rows={activity.topEvents} empty={t("dashboard.stats.noEvents")} />
    </section>
  );
}

function CardHeading({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4">
      {icon}
      {title}
    </h2>
  );
}

interface FigureCardProps {
  to?: string;
  icon: ReactNode;
  title: string;
  value: number;
  detail: string;
}

/** A figure with a line under it; with `to`, the whole card is a link. */
function FigureCard({ to, icon, title, value, detail }: FigureCardProps) {
  const { t, i18n } = useTranslation();
  const body = (
    <>
      <CardHeading icon={icon} title={title} />
      <p className="mt-2 text-3xl font-bold tabular-nums">{value.toLocaleString(i18n.language)}</p>
      <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
    </>
  );
  if (!to) return <Card className="p-5">{body}</Card>;
  return (
    <Card className="relative p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {body}
      <Link to={to} className="absolute inset-0 rounded-xl outline-none" aria-label={t("dashboard.stats.cardLabel", { title, value, detail })} />
    </Card>
  );
}

/** The most-named people or periods; each row opens the memories that name it. */
function TopCard({ icon, title, rows, empty }: { icon: ReactNode; title: string; rows: TopEntity[]; empty: string }) {
  const { t } = useTranslation();
  return (
    <Card className="p-5">
      <CardHeading icon={icon} title={title} />
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="mt-3 grid gap-1">
          {rows.map((row) => (
            <li key={row.id}>
              <Link
                to={`/memories?filterEntity=${row.id}`}
                aria-label={t("dashboard.stats.rowLabel", { name: row.name, value: t("dashboard.stats.memoryCount", { count: row.count }) })}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="truncate">{row.name}</span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{t("dashboard.stats.memoryCount", { count: row.count })}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
