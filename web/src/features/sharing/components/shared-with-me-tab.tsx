import { SearchX, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { SortMenu } from "@/components/sort-menu";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import { useDebounced } from "@/lib/use-debounced";
import type { SharedListParams } from "../api/keys";
import { useSharedWithMe } from "../api/shared-with-me";
import { SharedMemoryCard } from "./shared-memory-card";

const sorts = {
  createdDesc: { sortBy: "createdAt", sortOrder: "desc" },
  createdAsc: { sortBy: "createdAt", sortOrder: "asc" },
  eventDesc: { sortBy: "eventDate", sortOrder: "desc" },
  eventAsc: { sortBy: "eventDate", sortOrder: "asc" },
} as const;
type SortName = keyof typeof sorts;

/**
 * SPEC §2 memory list, "Shared with me": its own search and sort (the server's default order first:
 * creation, newest first), cards naming who shared each memory. Mounted only while its tab is shown,
 * so the list is asked for only then (SPEC §7).
 */
export function SharedWithMeTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebounced(search, 250);
  const [sort, setSort] = useState<SortName>("createdDesc");
  const params: SharedListParams = { ...sorts[sort], search: debouncedSearch.trim() };
  const shared = useSharedWithMe(params);
  const items = shared.data ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          className="w-full sm:max-w-xs"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t("sharing.sharedWithMe.searchLabel")}
          placeholder={t("sharing.sharedWithMe.searchPlaceholder")}
        />
        <SortMenu
          value={sort}
          options={Object.keys(sorts) as SortName[]}
          onChange={setSort}
          label={t("sharing.sharedWithMe.sortLabel")}
          optionLabel={(name) => t(`memories.sort.${name}`)}
        />
      </div>
      {shared.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t("common.loading")}>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : shared.isError ? (
        <EmptyState title={t("sharing.sharedWithMe.loadFailed")} body={errorMessage(shared.error, t)}>
          <Button onClick={() => void shared.refetch()}>{t("common.retry")}</Button>
        </EmptyState>
      ) : items.length === 0 ? (
        params.search !== "" ? (
          <EmptyState
            icon={<SearchX className="size-10" aria-hidden="true" />}
            title={t("sharing.sharedWithMe.noMatch.title")}
            body={t("sharing.sharedWithMe.noMatch.body")}
          />
        ) : (
          <EmptyState icon={<Users className="size-10" aria-hidden="true" />} title={t("sharing.sharedWithMe.empty.title")} body={t("sharing.sharedWithMe.empty.body")}>
            <Button asChild variant="outline">
              <Link to="/friends">{t("sharing.sharedWithMe.empty.friends")}</Link>
            </Button>
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("sharing.sharedWithMe.list")} aria-busy={shared.isPlaceholderData}>
          {items.map((item) => (
            <li key={item.id} className="grid">
              <SharedMemoryCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
