import { LoaderCircle, Network, Search, Square } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { entityTypeIcons } from "@/components/entity-type-icon";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NewMemoryButton } from "@/features/memories";
import { errorMessage } from "@/lib/api/errors";
import type { Graph as GraphAnswer } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";
import { useGraph } from "../api/get-graph";
import { typeColors } from "../explorer/colors";
import { buildGraph, graphTypes, typeRoutes, type GraphType } from "../explorer/graph-model";
import { loadLayout, placeNodes, saveLayout } from "../explorer/positions";
import { countByType, defaultFocus, isLargeGraph, listOrder, neighbourhoodOf, searchNodes, visibleNodes } from "../explorer/view";
import { useGraphLayout } from "../layout/use-graph-layout";
import { GraphCanvas, type CameraRequest, type CanvasView } from "./graph-canvas";
import { GraphLoading } from "./graph-loading";
import { NodeList } from "./node-list";
import { NodePanel } from "./node-panel";
import { useNodeWords } from "./node-words";

/**
 * The dashboard's "Explore graph" tab: GET /api/graph drawn with sigma.js, laid out by
 * ForceAtlas2 in a worker, with type filters, a name search, a synced list of the entities for
 * keyboards and screen readers, and a panel on the selected entity.
 */
export default function GraphExplorer() {
  const { t } = useTranslation();
  const graph = useGraph();
  const user = useCurrentUser();
  if (graph.isPending) return <GraphLoading />;
  if (graph.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="font-semibold">{t("graph.loadFailed")}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(graph.error, t)}</p>
        <Button variant="outline" onClick={() => void graph.refetch()}>
          {t("common.retry")}
        </Button>
      </Card>
    );
  }
  if (graph.data.nodes.length === 0) {
    return (
      <EmptyState icon={<Network className="size-10" aria-hidden="true" />} title={t("graph.empty.title")} body={t("graph.empty.body")}>
        <NewMemoryButton />
      </EmptyState>
    );
  }
  return <Explorer answer={graph.data} userId={user.data?.id ?? null} />;
}

function Explorer({ answer, userId }: { answer: GraphAnswer; userId: number | null }) {
  const { t, i18n } = useTranslation();
  const words = useNodeWords();
  const theme = useTheme();
  const hintId = useId();
  // The graph, with every node placed: at its saved position, or seeded for the layout to run.
  const built = useMemo(() => {
    const result = buildGraph(answer);
    const plan = placeNodes(result, userId === null ? null : loadLayout(userId));
    return { ...result, plan };
  }, [answer, userId]);
  const { graph, myself } = built;
  const large = isLargeGraph(graph);

  const [types, setTypes] = useState<ReadonlySet<GraphType>>(() => new Set(graphTypes));
  // A large graph opens on one entity's neighbourhood; null shows everything.
  const [home, setHome] = useState(() => defaultFocus(graph, myself));
  const [focus, setFocus] = useState<string | null>(() => (large ? home : null));
  const focusNode = large && focus !== null && graph.hasNode(focus) ? focus : null;
  const homeNode = home !== null && graph.hasNode(home) ? home : defaultFocus(graph, myself);
  const neighbourhood = useMemo(() => (focusNode ? neighbourhoodOf(graph, focusNode) : null), [graph, focusNode]);
  const scope = neighbourhood?.nodes ?? null;

  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(() => visibleNodes(graph, { types, scope }), [graph, types, scope]);
  const matches = useMemo(() => (deferredSearch.trim() ? searchNodes(graph, visible, deferredSearch) : null), [graph, visible, deferredSearch]);
  const outsideMatches = useMemo(() => {
    if (!scope || !matches) return 0;
    return searchNodes(graph, visibleNodes(graph, { types, scope: null }), deferredSearch).length - matches.length;
  }, [graph, types, scope, matches, deferredSearch]);
  const items = useMemo(() => matches ?? listOrder(graph, visible, i18n.language), [graph, matches, visible, i18n.language]);
  const counts = useMemo(() => countByType(graph, scope), [graph, scope]);

  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen !== null && visible.has(chosen) ? chosen : null;
  const [announcement, setAnnouncement] = useState("");
  const view = useMemo<CanvasView>(
    () => ({
      visible,
      matches: matches ? new Set(matches) : null,
      selected,
      neighbours: new Set(selected ? graph.neighbors(selected) : []),
      myself,
    }),
    [graph, visible, matches, selected, myself],
  );

  const panelRef = useRef<HTMLDivElement>(null);
  const seq = useRef(0);
  const [camera, setCamera] = useState<CameraRequest | null>(() => (large ? { kind: "fit", seq: 0 } : null));
  const moveCamera = useCallback((request: { kind: "node"; node: string } | { kind: "fit" }) => {
    seq.current += 1;
    setCamera({ ...request, seq: seq.current });
  }, []);

  const focusRef = useRef(focusNode);
  useEffect(() => {
    focusRef.current = focusNode;
  }, [focusNode]);
  const onSettled = useCallback(() => {
    if (userId !== null) saveLayout(userId, built.signature, graph);
    // The neighbourhood in view has moved with the layout: frame it again.
    if (focusRef.current) moveCamera({ kind: "fit" });
  }, [userId, built.signature, graph, moveCamera]);
  const layout = useGraphLayout(graph, built.plan, onSettled);

  const select = (node: string | null, from: "list" | "canvas" | "search") => {
    setChosen(node);
    if (node === null) return;
    const attributes = graph.getNodeAttributes(node);
    setAnnouncement(
      t("graph.announce.selected", { name: attributes.label, type: words.type(attributes.entityType), memories: words.memories(attributes.memoryCount) }),
    );
    // A click on the canvas is where the node already is; the list and the search bring it into view.
    if (from !== "canvas") moveCamera({ kind: "node", node });
  };
  const onSearchChange = (value: string) => {
    setSearch(value);
    const best = value.trim() ? searchNodes(graph, visible, value)[0] : undefined;
    if (best !== undefined) moveCamera({ kind: "node", node: best });
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const best = search.trim() ? searchNodes(graph, visible, search)[0] : undefined;
    if (best !== undefined) select(best, "search");
  };
  const showAround = (node: string | null) => {
    setFocus(node);
    if (node !== null) setHome(node);
    moveCamera({ kind: "fit" });
  };
  const toggleType = (type: GraphType) => {
    const next = new Set(types);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setTypes(next);
  };
  const name = (node: string) => graph.getNodeAttribute(node, "label");

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="relative w-full sm:max-w-xs">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            className="pl-9"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={onSearchKeyDown}
            aria-label={t("graph.search.label")}
            aria-describedby={hintId}
            placeholder={t("graph.search.placeholder")}
          />
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {matches === null
            ? t("graph.search.hint")
            : matches.length === 0
              ? t("graph.search.none", { search: deferredSearch.trim() })
              : t("graph.search.matches", { count: matches.length })}
        </p>
        {outsideMatches > 0 && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => showAround(null)}>
            {t("graph.search.outside", { count: outsideMatches })}
          </Button>
        )}
      </div>

      <div role="group" aria-label={t("graph.filters.label")} className="flex flex-wrap gap-2">
        {graphTypes.map((type) => {
          const Icon = entityTypeIcons[type];
          const on = types.has(type);
          return (
            <Button
              key={type}
              variant="outline"
              size="sm"
              aria-pressed={on}
              onClick={() => toggleType(type)}
              className={cn("gap-1.5", !on && "text-muted-foreground line-through")}
            >
              <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: on ? typeColors[theme][type] : "transparent", boxShadow: `inset 0 0 0 1.5px ${typeColors[theme][type]}` }} />
              <Icon aria-hidden="true" />
              {t(`entityTypes.${typeRoutes[type]}`)}
              <span className="text-muted-foreground tabular-nums">{counts[type]}</span>
            </Button>
          );
        })}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {large && neighbourhood && (
          <>
            <p>
              {neighbourhood.truncated
                ? t("graph.scope.strongest", { name: name(neighbourhood.focus), count: neighbourhood.nodes.size - 1, total: graph.order })
                : t(neighbourhood.hops === 2 ? "graph.scope.twoHops" : "graph.scope.oneHop", {
                    name: name(neighbourhood.focus),
                    count: neighbourhood.nodes.size,
                    total: graph.order,
                  })}
            </p>
            <Button variant="outline" size="sm" onClick={() => showAround(null)}>
              {t("graph.scope.showAll")}
            </Button>
          </>
        )}
        {large && !neighbourhood && homeNode && (
          <>
            <p>{t("graph.scope.all", { count: graph.order })}</p>
            <Button variant="outline" size="sm" onClick={() => showAround(homeNode)}>
              {t("graph.scope.back", { name: name(homeNode) })}
            </Button>
          </>
        )}
        {built.sharedEdgesTotal > built.sharedEdgesShown && (
          <p>{t("graph.sharedCapped", { shown: built.sharedEdgesShown, total: built.sharedEdgesTotal })}</p>
        )}
        <div className="flex items-center gap-2">
          <p role="status" className="flex items-center gap-2">
            {layout.status === "running" && (
              <>
                <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
                {t("graph.layout.running")}
              </>
            )}
            {layout.status === "failed" && t("graph.layout.failed")}
          </p>
          {layout.status === "running" && (
            <Button variant="ghost" size="sm" onClick={layout.stop}>
              <Square aria-hidden="true" />
              {t("graph.layout.stop")}
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="relative">
          <div className="h-[26rem] overflow-hidden rounded-xl border bg-card md:h-[34rem]">
            <GraphCanvas
              graph={graph}
              view={view}
              theme={theme}
              camera={camera}
              onSelect={(node) => select(node, "canvas")}
              label={t("graph.canvas.label", { count: visible.size })}
              overlay={panelRef}
            />
          </div>
          {selected && (
            <div ref={panelRef} className="mt-3 md:absolute md:top-2 md:right-2 md:mt-0 md:max-h-[calc(100%-1rem)] md:w-80 md:overflow-y-auto">
              <NodePanel
                graph={graph}
                node={selected}
                theme={theme}
                onClose={() => setChosen(null)}
                onShowOnGraph={() => moveCamera({ kind: "node", node: selected })}
                onExploreAround={large && selected !== focusNode ? () => showAround(selected) : null}
              />
            </div>
          )}
        </div>
        <Card className="flex h-[26rem] flex-col overflow-hidden md:h-[34rem]">
          <div className="border-b px-3 py-2">
            <h2 className="text-sm font-semibold">{t("graph.list.heading")}</h2>
            <p className="text-xs text-muted-foreground">{t("graph.list.count", { count: items.length })}</p>
          </div>
          <NodeList
            graph={graph}
            items={items}
            selected={selected}
            onSelect={(node) => select(node, "list")}
            theme={theme}
            emptyText={t("graph.list.empty")}
          />
        </Card>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
