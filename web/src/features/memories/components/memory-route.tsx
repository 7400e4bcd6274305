import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { Memory } from "@/lib/api/types";
import { useMemory } from "../api/get-memory";
import { usePageTitle } from "@/lib/page-title";
import { MemoryNotFound } from "./memory-not-found";

/** Reads a memory id from the route: a positive integer, else null. */
export function parseMemoryId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface MemoryRouteProps {
  /** The page's title while the memory loads or when it fails to. */
  title: string;
  /** The heading of the card shown when loading fails. */
  failedHeading: string;
  /** What the not-found card says and where it leads. */
  notFound: { body: string; to: string; linkLabel: string };
  /** The shapes of the loading placeholder, one class list per bar. */
  skeleton: string[];
  children: (memory: Memory) => ReactNode;
}

/**
 * The memory of the route (`/memories/:id…`), with the states every memory page shares: not found
 * (a malformed id, or a memory that is not the user's), failed to load (with a retry), loading;
 * then the page itself.
 */
export function MemoryRoute({ title, failedHeading, notFound, skeleton, children }: MemoryRouteProps) {
  const { t } = useTranslation();
  const id = parseMemoryId(useParams().id);
  const memory = useMemory(id ?? 0);
  if (id === null || (memory.error instanceof ApiError && memory.error.status === 404)) {
    return <MemoryNotFound body={notFound.body} to={notFound.to} linkLabel={notFound.linkLabel} />;
  }
  if (memory.isError) {
    return (
      <LoadFailed title={title} heading={failedHeading} message={errorMessage(memory.error, t)} onRetry={() => void memory.refetch()} />
    );
  }
  if (memory.isPending) return <Loading title={title} bars={skeleton} />;
  return children(memory.data);
}

function LoadFailed({ title, heading, message, onRetry }: { title: string; heading: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Card className="mx-auto mt-8 grid max-w-md gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{heading}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={onRetry}>{t("common.retry")}</Button>
    </Card>
  );
}

function Loading({ title, bars }: { title: string; bars: string[] }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}
