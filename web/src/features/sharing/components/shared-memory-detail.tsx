import { ArrowLeft, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { SharedWithMe } from "@/lib/api/types";
import { usePageTitle } from "@/lib/page-title";
import { useSharedMemory } from "../api/shared-with-me";
import { sharedByName } from "../lib/names";
import { SharedMemoryBody } from "./shared-memory-body";

interface SharedMemoryDetailProps {
  memoryId: number;
  /** Shown when the memory is not shared with the user either. */
  notFound: ReactNode;
}

/**
 * SPEC §2 memory detail: a memory that is not the user's, looked for among those shared with them;
 * read-only (no edit, delete or share), with who shared it.
 */
export function SharedMemoryDetail({ memoryId, notFound }: SharedMemoryDetailProps) {
  const { t } = useTranslation();
  const shared = useSharedMemory(memoryId);
  if (shared.error instanceof ApiError && shared.error.status === 404) return notFound;
  if (shared.isError) return <LoadFailed message={errorMessage(shared.error, t)} onRetry={() => void shared.refetch()} />;
  if (shared.isPending) return <Loading />;
  return <SharedMemoryView item={shared.data} />;
}

function SharedMemoryView({ item }: { item: SharedWithMe }) {
  const { t } = useTranslation();
  const { memory } = item;
  return (
    <article className="mx-auto grid max-w-3xl gap-4" data-testid="shared-memory-detail">
      <Button asChild variant="link" className="w-fit px-0">
        <Link to="/memories?tab=shared">
          <ArrowLeft aria-hidden="true" />
          {t("sharing.detail.back")}
        </Link>
      </Button>
      <PageHeading title={memory.title} className="mb-0" />
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-muted/50 p-3 text-sm">
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        <span className="font-medium">{t("sharing.sharedBy", { name: sharedByName(item.sharedBy, t("sharing.someone")) })}</span>
        <span className="text-muted-foreground">{t("sharing.detail.readOnly")}</span>
      </p>
      <SharedMemoryBody memory={memory} />
    </article>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t("titles.memory"));
  return (
    <Card className="mx-auto mt-8 grid max-w-md gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t("sharing.sharedWithMe.loadFailed")}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={onRetry}>{t("common.retry")}</Button>
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation();
  usePageTitle(t("titles.memory"));
  return (
    <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
