import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { entityTypeIcons } from "@/components/entity-type-icon";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { typeColors } from "../explorer/colors";
import { neighboursByStrength, type LifeGraph } from "../explorer/graph-model";
import type { Theme } from "@/lib/api/types";
import { useNodeWords } from "./node-words";

/** Options per page: a graph of thousands of entities is read a page at a time. */
export const LIST_PAGE_SIZE = 100;

interface NodeListProps {
  graph: LifeGraph;
  /** The nodes to list, in order (filtered like the canvas). */
  items: readonly string[];
  selected: string | null;
  onSelect: (node: string) => void;
  theme: Theme;
  /** Shown instead of the list when there is nothing to list. */
  emptyText: string;
}

/**
 * The keyboard's and screen reader's way into the graph: a single-select listbox (arrows, Home,
 * End; selection follows focus) whose options say name, type, memory count and neighbours. It
 * pages through long lists, and turns to the page of a node selected on the canvas.
 */
export function NodeList({ graph, items, selected, onSelect, theme, emptyText }: NodeListProps) {
  const { t } = useTranslation();
  const words = useNodeWords();
  const listId = useId();
  const descriptionId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  const selectedIndex = selected === null ? -1 : items.indexOf(selected);
  const pageCount = Math.max(1, Math.ceil(items.length / LIST_PAGE_SIZE));
  // The page follows the selection (from the canvas too); the buttons turn it otherwise.
  const [paging, setPaging] = useState({ page: 0, selected, items });
  if (paging.selected !== selected || paging.items !== items) {
    const page = selectedIndex >= 0 ? Math.floor(selectedIndex / LIST_PAGE_SIZE) : paging.items !== items ? 0 : paging.page;
    setPaging({ page, selected, items });
  }
  const page = Math.min(paging.page, pageCount - 1);
  const start = page * LIST_PAGE_SIZE;
  const shown = items.slice(start, start + LIST_PAGE_SIZE);
  const active = selectedIndex >= start && selectedIndex < start + LIST_PAGE_SIZE ? selected : (shown[0] ?? null);

  useEffect(() => {
    if (!selected) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(selected)}"]`);
    if (!option) return;
    option.scrollIntoView({ block: "nearest" });
    // Keyboard moves keep the focus on the option; a click on the canvas leaves it where it is.
    if (focusNext.current) option.focus();
    focusNext.current = false;
  }, [selected, page]);

  if (items.length === 0) return <p className="p-4 text-sm text-muted-foreground">{emptyText}</p>;

  const moveTo = (index: number) => {
    const next = items[Math.max(0, Math.min(items.length - 1, index))];
    if (next === undefined) return;
    focusNext.current = true;
    onSelect(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active === null ? -1 : items.indexOf(active);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: current + 10,
      PageUp: current - 10,
    };
    const target = moves[event.key];
    if (target === undefined) {
      if ((event.key === "Enter" || event.key === " ") && active) {
        event.preventDefault();
        focusNext.current = true;
        onSelect(active);
      }
      return;
    }
    event.preventDefault();
    moveTo(target);
  };
  const turn = (next: number) => setPaging({ page: next, selected, items });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p id={descriptionId} className="sr-only">
        {t("graph.list.description")}
      </p>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t("graph.list.label")}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-y-auto p-1"
      >
        {shown.map((node, i) => {
          const attributes = graph.getNodeAttributes(node);
          const Icon = entityTypeIcons[attributes.entityType];
          const isSelected = node === selected;
          const type = words.type(attributes.entityType);
          const memories = words.memories(attributes.memoryCount);
          const links = words.links(graph, neighboursByStrength(graph, node));
          return (
            <div
              key={node}
              role="option"
              data-node={node}
              aria-selected={isSelected}
              aria-posinset={start + i + 1}
              aria-setsize={items.length}
              aria-label={t("graph.list.item", { name: attributes.label, type, memories, links })}
              tabIndex={node === active ? 0 : -1}
              onClick={() => onSelect(node)}
              className={cn(
                "flex cursor-pointer gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
                isSelected ? "bg-accent text-accent-foreground" : "hover:bg-muted",
              )}
            >
              <Icon className="mt-0.5 size-4 shrink-0" style={{ color: typeColors[theme][attributes.entityType] }} aria-hidden="true" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{attributes.label}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {type} · {memories} · {links}
                </span>
              </span>
            </div>
          );
        })}
      </div>
      {pageCount > 1 && (
        <div className="flex items-center justify-between gap-2 border-t p-2 text-xs text-muted-foreground">
          <Button variant="ghost" size="icon" className="size-8" disabled={page === 0} onClick={() => turn(page - 1)} aria-label={t("graph.list.previous")} aria-controls={listId}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span aria-live="polite">
            {t("graph.list.range", { from: start + 1, to: start + shown.length, total: items.length })}
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={page >= pageCount - 1}
            onClick={() => turn(page + 1)}
            aria-label={t("graph.list.next")}
            aria-controls={listId}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}
