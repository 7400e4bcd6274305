import { ArrowRight, Crosshair, Network, X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { entityTypeIcons } from "@/components/entity-type-icon";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMemories } from "@/features/memories";
import { errorMessage } from "@/lib/api/errors";
import type { Theme } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { typeColors } from "../explorer/colors";
import { neighboursByStrength, typeRoutes, type LifeGraph } from "../explorer/graph-model";
import { useNodeWords } from "./node-words";

interface NodePanelProps {
  graph: LifeGraph;
  node: string;
  theme: Theme;
  onClose: () => void;
  onShowOnGraph: () => void;
  /** Offered on large graphs: open the view on this entity's neighbourhood. */
  onExploreAround: (() => void) | null;
}

/**
 * The selected entity: name, type, memory count and links; its latest memories (the first page of
 * GET /api/memories?filterEntity=id); links to all its memories and to its entity list.
 */
export function NodePanel({ graph, node, theme, onClose, onShowOnGraph, onExploreAround }: NodePanelProps) {
  const { t, i18n } = useTranslation();
  const words = useNodeWords();
  const headingId = useId();
  const attributes = graph.getNodeAttributes(node);
  const Icon = entityTypeIcons[attributes.entityType];
  const id = Number(node);
  const memories = useMemories({ sortBy: "eventDate", sortOrder: "desc", filterEntity: id, search: "" });
  const firstPage = memories.data?.pages[0]?.items ?? [];
  const language = i18n.language === "fr" ? "fr" : "en";
  const route = typeRoutes[attributes.entityType];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-md">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg leading-tight font-semibold">
            {attributes.label}
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon className="size-4" style={{ color: typeColors[theme][attributes.entityType] }} aria-hidden="true" />
            {words.type(attributes.entityType)} · {words.memories(attributes.memoryCount)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{words.links(graph, neighboursByStrength(graph, node))}</p>
        </div>
        <Button variant="ghost" size="icon" className="-mt-2 -mr-2 size-9 shrink-0" onClick={onClose} aria-label={t("graph.panel.close")}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onShowOnGraph}>
          <Crosshair aria-hidden="true" />
          {t("graph.panel.showOnGraph")}
        </Button>
        {onExploreAround && (
          <Button variant="outline" size="sm" onClick={onExploreAround}>
            <Network aria-hidden="true" />
            {t("graph.panel.exploreAround")}
          </Button>
        )}
      </div>
      <div>
        <h4 className="mb-1 text-sm font-semibold">{t("graph.panel.memories")}</h4>
        {memories.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t("graph.panel.loadingMemories")}>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : memories.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("graph.panel.memoriesFailed")}: {errorMessage(memories.error, t)}
          </p>
        ) : firstPage.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("graph.panel.noMemories", { name: attributes.label })}</p>
        ) : (
          <ul className="grid max-h-56 gap-1 overflow-y-auto">
            {firstPage.map((memory) => (
              <li key={memory.id} className="text-sm">
                <Link to={`/memories/${memory.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {memory.title}
                </Link>
                <span className="block text-xs text-muted-foreground">
                  {memory.eventDate ? formatDate(memory.eventDate, language) : t("graph.panel.unknownDate")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to={`/memories?filterEntity=${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("graph.panel.seeAll")}
        </Link>
        <Link to={`/entities/${route}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          {t("graph.panel.openEntity", { list: t(`entityTypes.${route}`) })}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
