import { BookOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import type { Memory } from "@/lib/api/types";
import { useMemories } from "../api/get-memories";
import { DeleteMemoryDialog } from "./delete-memory-dialog";
import { MemoryCard } from "./memory-card";

/** How many of the latest memories the dashboard shows. */
const RECENT = 6;

/** The writer's latest memories by the day they were written, as cards, with a link to all of them. */
export function RecentMemories() {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const memories = useMemories({ sortBy: "createdAt", sortOrder: "desc", filterEntity: null, search: "" });
  const items = (memories.data?.pages[0]?.items ?? []).slice(0, RECENT);
  if (memories.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t("common.loading")}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  }
  if (memories.isError) {
    return (
      <EmptyState title={t("memories.loadFailed")} body={errorMessage(memories.error, t)}>
        <Button onClick={() => void memories.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      // The dashboard's heading has the New Memory button.
      <EmptyState icon={<BookOpen className="size-10" aria-hidden="true" />} title={t("memories.empty.title")} body={t("memories.empty.body")} />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("dashboard.tabs.recent")}>
        {items.map((memory) => (
          <li key={memory.id} className="grid">
            <MemoryCard memory={memory} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="/memories">{t("dashboard.allMemories")}</Link>
      </Button>
      <DeleteMemoryDialog memory={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
