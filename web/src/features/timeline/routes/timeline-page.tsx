import { useQueryClient } from "@tanstack/react-query";
import { CalendarRange, Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EntityFormDialog, entitiesQueryOptions } from "@/features/entities";
import { errorMessage } from "@/lib/api/errors";
import type { Entity, TimelinePeriod } from "@/lib/api/types";
import { useTimeline } from "../api/timeline";
import { MobileNotice } from "../components/mobile-notice";
import { SelectedPeriods } from "../components/selected-periods";
import { TimelineMemories } from "../components/timeline-memories";
import { TimelineView } from "../components/timeline-view";
import { UndatedPeriods } from "../components/undated-periods";
import { layoutTimeline, localToday, periodGraph, selectionRoots, toggleSelection } from "../layout";

const noPeriods: TimelinePeriod[] = [];

/**
 * docs/screens.md "Timeline": the writer's periods as bars on a zoomable time line, one row per
 * level, with a minimap; selected periods show their memories; periods without a start date are
 * listed apart. Adding and editing use the entities' period dialog.
 */
export function TimelinePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timeline = useTimeline();
  // Ongoing periods end today, the browser's local date (fixed while the page is open).
  const [today] = useState(localToday);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<{ open: boolean; entity: Entity | null }>({ open: false, entity: null });

  const periods = timeline.data?.periods ?? noPeriods;
  const undated = timeline.data?.undated ?? noPeriods;
  const layout = useMemo(() => layoutTimeline(periods, today), [periods, today]);
  const graph = useMemo(() => periodGraph([...periods, ...undated]), [periods, undated]);
  const byId = useMemo(() => new Map([...periods, ...undated].map((period) => [period.id, period])), [periods, undated]);

  // A period deleted meanwhile (the timeline refetched) leaves the selection.
  const selection = useMemo(() => {
    const alive = [...chosen].filter((id) => graph.has(id));
    return alive.length === chosen.size ? chosen : new Set(alive);
  }, [chosen, graph]);
  const roots = useMemo(() => {
    const order = (id: number) => layout?.byId.get(id)?.start ?? Infinity;
    return selectionRoots(selection, graph).sort((a, b) => order(a) - order(b) || a - b);
  }, [selection, graph, layout]);

  const toggle = useCallback((id: number) => setChosen((current) => toggleSelection(current, id, graph)), [graph]);
  const clear = useCallback(() => setChosen(new Set()), []);

  const openAdd = () => setDialog({ open: true, entity: null });
  // The dialog edits the entity itself (its metadata as stored), read from the period list.
  const openEdit = async (id: number) => {
    try {
      const entities = await queryClient.fetchQuery(entitiesQueryOptions("lifePeriod"));
      const entity = entities.find((candidate) => candidate.id === id);
      if (entity) setDialog({ open: true, entity });
      else toast.error(t("timeline.periodGone"));
    } catch (error) {
      toast.error(t("timeline.periodLoadFailed"), { description: errorMessage(error, t) });
    }
  };
  const edit = (id: number) => void openEdit(id);

  let content;
  if (timeline.isPending) {
    content = (
      <div role="status" aria-label={t("timeline.loading")} className="grid gap-3">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-64 w-full rounded-lg" />
        <Skeleton className="h-12 w-full rounded-md" />
      </div>
    );
  } else if (timeline.isError) {
    content = (
      <EmptyState title={t("timeline.loadFailed")} body={errorMessage(timeline.error, t)}>
        <Button onClick={() => void timeline.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  } else if (periods.length === 0 && undated.length === 0) {
    content = (
      <EmptyState icon={<CalendarRange className="size-10" aria-hidden="true" />} title={t("timeline.empty.title")} body={t("timeline.empty.body")}>
        <Button onClick={openAdd}>
          <Plus aria-hidden="true" />
          {t("timeline.empty.addFirst")}
        </Button>
      </EmptyState>
    );
  } else {
    content = (
      <div className="grid gap-6">
        {layout ? (
          <TimelineView layout={layout} graph={graph} selection={selection} onToggle={toggle} onClear={clear} />
        ) : (
          <Card className="p-6 text-sm text-muted-foreground">{t("timeline.noDatedPeriods")}</Card>
        )}
        {selection.size > 0 ? (
          <>
            <SelectedPeriods periods={roots.map((id) => byId.get(id)!)} total={selection.size} onEdit={edit} />
            <TimelineMemories periodIds={roots} />
          </>
        ) : (
          layout && <p className="text-sm text-muted-foreground">{t("timeline.selectHint")}</p>
        )}
        {undated.length > 0 && <UndatedPeriods periods={undated} onEdit={edit} />}
      </div>
    );
  }

  return (
    <div>
      <PageHeading title={t("titles.timeline")}>
        <Button onClick={openAdd}>
          <Plus aria-hidden="true" />
          {t("timeline.addPeriod")}
        </Button>
      </PageHeading>
      <MobileNotice />
      {content}
      <EntityFormDialog type="lifePeriod" entity={dialog.entity} open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} />
    </div>
  );
}
