import { BookOpen } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DeleteMemoryDialog, MemoryCard } from "@/features/memories";
import { errorMessage } from "@/lib/api/errors";
import type { Memory } from "@/lib/api/types";
import { useTimelineMemories } from "../api/timeline";

/**
 * The memories of the selected periods and of the periods inside them (the server adds those),
 * newest first, page by page with a "Load more" button.
 */
export function TimelineMemories({ periodIds }: { periodIds: readonly number[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const memories = useTimelineMemories(periodIds);
  const items = memories.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (memories.isPending) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t("timeline.memories.loading")}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  } else if (memories.isError) {
    body = (
      <EmptyState title={t("timeline.memories.loadFailed")} body={errorMessage(memories.error, t)}>
        <Button onClick={() => void memories.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = <EmptyState icon={<BookOpen className="size-10" aria-hidden="true" />} title={t("timeline.memories.emptyTitle")} body={t("timeline.memories.emptyBody")} />;
  } else {
    body = (
      <>
        <ul
          data-testid="timeline-memories"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-labelledby={headingId}
          aria-busy={memories.isPlaceholderData}
        >
          {items.map((memory) => (
            <li key={memory.id} className="grid">
              <MemoryCard memory={memory} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
        {memories.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" disabled={memories.isFetchingNextPage} onClick={() => void memories.fetchNextPage()}>
              {memories.isFetchingNextPage ? t("timeline.memories.loadingMore") : t("timeline.memories.loadMore")}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t("timeline.memories.title")}
      </h2>
      {body}
      <DeleteMemoryDialog memory={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </section>
  );
}
