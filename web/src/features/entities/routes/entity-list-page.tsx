import { ArrowLeft, GitMerge, Pencil, Plus, SearchX, Shapes, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { NextPageSentinel } from "@/components/next-page-sentinel";
import { PageHeading } from "@/components/page-heading";
import { SortMenu } from "@/components/sort-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import type { Entity, EntitySort, EntityType } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { usePageTitle } from "@/lib/page-title";
import { useDebounced } from "@/lib/use-debounced";
import { useEntityPages } from "../api/entity-pages";
import { DeleteEntityDialog, MergeEntityDialog } from "../components/entity-dialogs";
import { EntityFormDialog } from "../components/entity-form-dialog";
import { entityRoutes, isEntityRoute } from "../entity-types";

const sorts: EntitySort[] = ["nameAsc", "nameDesc", "oldest", "newest"];

export function EntityListPage() {
  const { entityType } = useParams();
  if (!isEntityRoute(entityType)) return <EntityTypeNotFound />;
  // A new type starts a new page: search, sort and dialogs do not carry over.
  return <EntityList key={entityType} route={entityType} />;
}

/** docs/screens.md "Entity list": search, four sorts, counts, and the add, edit, merge and delete dialogs. */
function EntityList({ route }: { route: keyof typeof entityRoutes }) {
  const { t } = useTranslation();
  const type: EntityType = entityRoutes[route];
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebounced(search, 250);
  const [sort, setSort] = useState<EntitySort>("nameAsc");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Entity | null>(null);
  const [merging, setMerging] = useState<Entity | null>(null);
  const [deleting, setDeleting] = useState<Entity | null>(null);
  const pages = useEntityPages({ type, search: debouncedSearch.trim(), sort });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const first = pages.data?.pages[0];
  const searching = debouncedSearch.trim() !== "";

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {t("entities.list.back")}
        </Link>
      </Button>
      <PageHeading title={t(`entityTypes.${route}`)}>
        <div className="flex items-center gap-3">
          {first && (
            <Badge variant="secondary" aria-label={t("entities.list.countLabel", { matching: first.matching, total: first.total })}>
              {searching ? t("entities.list.countFiltered", { matching: first.matching, total: first.total }) : first.total}
            </Badge>
          )}
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t("entities.list.add")}
          </Button>
        </div>
      </PageHeading>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="search"
            className="w-full sm:max-w-xs"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={t("entities.list.searchLabel")}
            placeholder={t("entities.list.searchPlaceholder")}
          />
          <SortMenu
            value={sort}
            options={sorts}
            onChange={setSort}
            label={t("entities.list.sortLabel")}
            optionLabel={(name) => t(`entities.list.sort.${name}`)}
          />
        </div>
        {pages.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t("common.loading")}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : pages.isError ? (
          <EmptyState title={t("entities.list.loadFailed")} body={errorMessage(pages.error, t)}>
            <Button onClick={() => void pages.refetch()}>{t("common.retry")}</Button>
          </EmptyState>
        ) : items.length === 0 ? (
          searching ? (
            <EmptyState
              icon={<SearchX className="size-10" aria-hidden="true" />}
              title={t("entities.list.noMatch.title")}
              body={t("entities.list.noMatch.body", { search: debouncedSearch.trim() })}
            >
              <Button variant="outline" onClick={() => setSearch("")}>
                {t("entities.list.noMatch.clear")}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<Shapes className="size-10" aria-hidden="true" />}
              title={t("entities.list.empty.title")}
              body={t("entities.list.empty.body")}
            >
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                {t("entities.list.add")}
              </Button>
            </EmptyState>
          )
        ) : (
          <>
            <ul className="grid gap-2" aria-busy={pages.isPlaceholderData} aria-label={t(`entityTypes.${route}`)}>
              {items.map((entity) => (
                <li key={entity.id}>
                  <EntityRow entity={entity} onEdit={setEditing} onMerge={setMerging} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
            <NextPageSentinel
              hasNextPage={pages.hasNextPage}
              loading={pages.isFetchingNextPage}
              onVisible={() => void pages.fetchNextPage()}
              label={t("entities.list.loadingMore")}
            />
          </>
        )}
      </div>
      <EntityFormDialog type={type} entity={null} open={adding} onOpenChange={setAdding} />
      <EntityFormDialog type={type} entity={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <MergeEntityDialog source={merging} onOpenChange={(open) => !open && setMerging(null)} />
      <DeleteEntityDialog entity={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}

interface EntityRowProps {
  entity: Entity;
  onEdit: (entity: Entity) => void;
  onMerge: (entity: Entity) => void;
  onDelete: (entity: Entity) => void;
}

/** One entity: its name leads to its memories; its details; edit, merge and delete. */
function EntityRow({ entity, onEdit, onMerge, onDelete }: EntityRowProps) {
  const { t } = useTranslation();
  const summary = useSummary(entity);
  return (
    <Card className="flex flex-row flex-wrap items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <Link
          to={`/memories?filterEntity=${entity.id}`}
          className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t("entities.list.showMemories", { name: entity.name, count: entity.memoryCount })}
        >
          {entity.name}
        </Link>
        {summary && <p className="truncate text-sm text-muted-foreground">{summary}</p>}
        {entity.aliases.length > 0 && (
          <p className="truncate text-xs text-muted-foreground">{t("entities.list.aliases", { aliases: entity.aliases.join(", ") })}</p>
        )}
      </div>
      <Badge variant="outline">{t("entities.list.memories", { count: entity.memoryCount })}</Badge>
      <div className="flex gap-1">
        <Button variant="ghost" size="icon" onClick={() => onEdit(entity)} aria-label={t("entities.list.edit", { name: entity.name })}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => onMerge(entity)} aria-label={t("entities.list.merge", { name: entity.name })}>
          <GitMerge aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => onDelete(entity)} aria-label={t("entities.list.delete", { name: entity.name })}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}

/** A line of what matters most for the type: a category, a period's dates, an appreciation. */
function useSummary(entity: Entity): string {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "fr" ? "fr" : "en";
  const m = entity.metadata;
  const parts: string[] = [];
  const category = (labels: string) =>
    m.category && parts.push(t(`${labels}.${m.category}` as "personCategories.friend", { defaultValue: m.category }));
  switch (entity.type) {
    case "person":
      category("personCategories");
      if (m.occupation) parts.push(m.occupation);
      break;
    case "location":
      category("locationCategories");
      if (m.address) parts.push(m.address);
      break;
    case "object":
      category("objectCategories");
      if (m.appreciation) parts.push(t("entities.list.appreciation", { value: m.appreciation }));
      break;
    case "activity":
      category("activityCategories");
      if (m.frequency) parts.push(m.frequency);
      break;
    case "emotion":
      if (m.intensity) parts.push(t("entities.list.intensity", { value: m.intensity }));
      break;
    case "lifePeriod":
    case "event": {
      const start = m.startDate ?? m.eventDate;
      if (start) {
        const from = formatDate(start, language);
        if (m.isOneDay || entity.type === "event") parts.push(from);
        else parts.push(`${from} – ${m.endDate ? formatDate(m.endDate, language) : t("entities.list.present")}`);
      }
      break;
    }
  }
  return parts.join(" · ");
}

/** docs/screens.md ("Entity list"): an unknown entity type shows this card with a way back to the dashboard. */
function EntityTypeNotFound() {
  const { t } = useTranslation();
  usePageTitle(t("titles.entityTypeNotFound"));
  return (
    <Card className="mx-auto mt-8 max-w-md text-center">
      <CardHeader className="items-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t("entities.notFound.title")}</h1>
        <CardDescription>{t("entities.notFound.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/">{t("common.goToDashboard")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
