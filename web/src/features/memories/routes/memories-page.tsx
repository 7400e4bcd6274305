import { BookOpen, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EntityCombobox } from "@/components/entity-combobox";
import { NewMemoryButton } from "../components/memory-form/create-memory-dialog";
import { EmptyState } from "@/components/empty-state";
import { NextPageSentinel } from "@/components/next-page-sentinel";
import { PageHeading } from "@/components/page-heading";
import { SortMenu } from "@/components/sort-menu";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api/errors";
import { useDebounced } from "@/lib/use-debounced";
import type { Memory } from "@/lib/api/types";
import { useEntities } from "@/features/entities";
import { SharedWithMeTab } from "@/features/sharing";
import { useMemories } from "../api/get-memories";
import type { MemoryListParams } from "../api/keys";
import { DeleteMemoryDialog } from "../components/delete-memory-dialog";
import { MemoryCard } from "../components/memory-card";

const sorts = {
  eventDesc: { sortBy: "eventDate", sortOrder: "desc" },
  eventAsc: { sortBy: "eventDate", sortOrder: "asc" },
  createdDesc: { sortBy: "createdAt", sortOrder: "desc" },
  createdAsc: { sortBy: "createdAt", sortOrder: "asc" },
} as const;
type SortName = keyof typeof sorts;

/** Reads `filterEntity` from the address: a positive id, else no filter. */
export function parseFilterEntity(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type TabName = "mine" | "shared";

/**
 * docs/screens.md memory list: my memories (search, sort, entity filter kept in the address) and
 * shared with me (`?tab=shared`, so a link can open it; its list is asked for only while shown).
 */
export function MemoriesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabName = searchParams.get("tab") === "shared" ? "shared" : "mine";
  const setTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === "shared") params.set("tab", "shared");
        else params.delete("tab");
        return params;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeading title={t("titles.memories")}>
        <NewMemoryButton />
      </PageHeading>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t("memories.tabs.label")}>
          <TabsTrigger value="mine">{t("memories.tabs.mine")}</TabsTrigger>
          <TabsTrigger value="shared">{t("memories.tabs.shared")}</TabsTrigger>
        </TabsList>
        <TabsContent value="mine">
          <MyMemories />
        </TabsContent>
        <TabsContent value="shared">
          <SharedWithMeTab />
        </TabsContent>
      </Tabs>
    </>
  );
}

function MyMemories() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filterEntity = parseFilterEntity(searchParams.get("filterEntity"));
  // The dashboard's search box opens this list with ?search=.
  const [search, setSearch] = useState(() => searchParams.get("search") ?? "");
  const debouncedSearch = useDebounced(search, 250);
  const [sort, setSort] = useState<SortName>("eventDesc");
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const { data: entities = [] } = useEntities();
  const params: MemoryListParams = { ...sorts[sort], filterEntity, search: debouncedSearch.trim() };
  const memories = useMemories(params);
  const items = memories.data?.pages.flatMap((page) => page.items) ?? [];

  const setFilter = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete("filterEntity");
        else next.set("filterEntity", String(id));
        return next;
      },
      { replace: true },
    );

  const filtering = params.search !== "" || filterEntity !== null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          className="w-full sm:max-w-xs"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t("memories.search.label")}
          placeholder={t("memories.search.placeholder")}
        />
        <SortMenu
          value={sort}
          options={Object.keys(sorts) as SortName[]}
          onChange={setSort}
          label={t("memories.sort.label")}
          optionLabel={(name) => t(`memories.sort.${name}`)}
        />
        <EntityCombobox
          className="sm:w-60"
          entities={entities}
          value={filterEntity}
          onChange={setFilter}
          label={t("memories.filter.label")}
          placeholder={t("memories.filter.all")}
          noneLabel={t("memories.filter.all")}
        />
      </div>
      {memories.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t("common.loading")}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : memories.isError ? (
        <EmptyState title={t("memories.loadFailed")} body={errorMessage(memories.error, t)}>
          <Button onClick={() => void memories.refetch()}>{t("common.retry")}</Button>
        </EmptyState>
      ) : items.length === 0 ? (
        filtering ? (
          <EmptyState icon={<SearchX className="size-10" aria-hidden="true" />} title={t("memories.noMatch.title")} body={t("memories.noMatch.body")} />
        ) : (
          <EmptyState icon={<BookOpen className="size-10" aria-hidden="true" />} title={t("memories.empty.title")} body={t("memories.empty.body")}>
            <NewMemoryButton />
          </EmptyState>
        )
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={memories.isPlaceholderData}>
            {items.map((memory) => (
              <li key={memory.id} className="grid">
                <MemoryCard memory={memory} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
          <NextPageSentinel
            hasNextPage={memories.hasNextPage}
            loading={memories.isFetchingNextPage}
            onVisible={() => void memories.fetchNextPage()}
            label={t("memories.loadingMore")}
          />
        </>
      )}
      <DeleteMemoryDialog memory={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
