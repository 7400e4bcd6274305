import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminStats, EntityType, Metric } from "@/lib/api/types";
import { useNumberFormat } from "../format";

const noMetric: Metric = { total: 0, last24h: 0, last7d: 0, last30d: 0 };

/** The entity types counted by the server, with the key of their plural name (`entityTypes.*`). */
const entityTypes = [
  ["person", "people"],
  ["location", "locations"],
  ["lifePeriod", "periods"],
  ["emotion", "emotions"],
  ["object", "objects"],
  ["activity", "activities"],
] as const satisfies readonly (readonly [EntityType, string])[];

interface Row {
  key: string;
  label: string;
  metric: Metric;
  /** A total the server does not count per period (its windows are 0). */
  totalOnly?: boolean;
}

interface Group {
  key: string;
  label: string;
  rows: Row[];
}

const windows = ["last24h", "last7d", "last30d"] as const;

/**
 * docs/data.md "Admin stats": one row per metric, in total and over the last 24 hours, 7 and 30 days
 * (docs/rules.md: by creation; the tutorial by completion and dismissal; friendships by their last
 * answer; revoked shares by revocation).
 */
export function MetricsTable({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const captionId = useId();
  const groups: Group[] = [
    {
      key: "content",
      label: t("admin.metrics.groups.content"),
      rows: [
        { key: "users", label: t("admin.metrics.users"), metric: stats.users },
        { key: "memories", label: t("admin.metrics.memories"), metric: stats.memories },
        { key: "memoriesWithPictures", label: t("admin.metrics.memoriesWithPictures"), metric: stats.memoriesWithPictures },
      ],
    },
    {
      key: "entities",
      label: t("admin.metrics.groups.entities"),
      rows: entityTypes.map(([type, route]) => ({
        key: `entities.${type}`,
        label: t(`entityTypes.${route}`),
        metric: stats.entities[type] ?? noMetric,
      })),
    },
    {
      key: "tutorial",
      label: t("admin.metrics.groups.tutorial"),
      rows: [
        { key: "tutorialCompleted", label: t("admin.metrics.tutorialCompleted"), metric: stats.tutorialCompleted },
        { key: "tutorialDismissed", label: t("admin.metrics.tutorialDismissed"), metric: stats.tutorialDismissed },
      ],
    },
    {
      key: "friendships",
      label: t("admin.metrics.groups.friendships"),
      rows: (["total", "pending", "accepted", "declined"] as const).map((status) => ({
        key: `friendships.${status}`,
        label: t(`admin.metrics.friendships.${status}`),
        metric: stats.friendships[status] ?? noMetric,
        totalOnly: status === "total",
      })),
    },
    {
      key: "sharedMemories",
      label: t("admin.metrics.groups.sharedMemories"),
      rows: (["total", "active", "revoked"] as const).map((state) => ({
        key: `sharedMemories.${state}`,
        label: t(`admin.metrics.sharedMemories.${state}`),
        metric: stats.sharedMemories[state] ?? noMetric,
        totalOnly: state === "total",
      })),
    },
  ];

  return (
    <div className="grid gap-2">
      {/* On a phone the table scrolls sideways; the region is reachable by keyboard to do so. */}
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full min-w-[20rem] border-collapse text-sm">
          <caption id={captionId} className="sr-only">
            {t("admin.metrics.caption")}
          </caption>
          <thead>
            <tr className="border-b bg-muted/50">
              <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
                {t("admin.metrics.metric")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                {t("admin.metrics.total")}
              </th>
              {windows.map((window) => (
                <th key={window} scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap sm:px-3">
                  {/* Short on a phone ("24 h"), whole for screen readers and wider screens. */}
                  <span aria-hidden="true" className="sm:hidden">
                    {t(`admin.metrics.windowsShort.${window}`)}
                  </span>
                  <span className="sr-only sm:not-sr-only">{t(`admin.metrics.windows.${window}`)}</span>
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.key} data-testid={`metrics-${group.key}`}>
              <tr className="border-b">
                <td colSpan={5} className="bg-muted/30 px-2 pt-3 sm:px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {group.label}
                </td>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.key} className="border-b last:border-b-0 hover:bg-muted/30">
                  <th scope="row" className="px-2 py-2 text-left font-normal sm:px-3">
                    {row.label}
                    {row.totalOnly && (
                      <sup aria-hidden="true" className="ml-0.5 text-muted-foreground">
                        *
                      </sup>
                    )}
                  </th>
                  <td className="px-2 py-2 text-right font-semibold tabular-nums sm:px-3">{number(row.metric.total)}</td>
                  {windows.map((window) => (
                    <td key={window} className="px-2 py-2 text-right tabular-nums sm:px-3">
                      {number(row.metric[window])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        * {t("admin.metrics.totalOnlyNote")}
      </p>
    </div>
  );
}
