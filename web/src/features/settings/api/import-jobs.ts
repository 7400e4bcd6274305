import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateEntities } from "@/features/entities";
import { api, unwrap } from "@/lib/api/client";
import type { ImportJob } from "@/lib/api/types";
import { settingsKeys } from "./keys";

/** How often the imports are asked for while an extraction runs. */
export const IMPORT_POLL_MS = 1_500;

export function isRunning(job: ImportJob): boolean {
  return job.finishedAt == null;
}

/** GET /api/users/{id}/imports: the latest imports, newest first, with their extraction's progress. */
export function getImportJobs(userId: number): Promise<ImportJob[]> {
  return unwrap(api.GET("/api/users/{id}/imports", { params: { path: { id: userId } } }));
}

/**
 * The imports, asked for again every 1.5 s while any extraction runs (so progress survives a
 * reload: it is the server's). When one finishes, the memories (no longer waiting for entities)
 * and what derives from them are stale.
 */
export function useImportJobs(userId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.imports(userId),
    queryFn: () => getImportJobs(userId),
    staleTime: 0,
    refetchInterval: (current) => (current.state.data?.some(isRunning) ? IMPORT_POLL_MS : false),
  });
  const running = useRef<Set<number> | null>(null);
  const jobs = query.data;
  useEffect(() => {
    if (!jobs) return;
    const now = new Set(jobs.filter(isRunning).map((job) => job.id));
    const finished = running.current !== null && [...running.current].some((id) => !now.has(id));
    running.current = now;
    if (finished) void invalidateEntities(queryClient, { memories: true });
  }, [jobs, queryClient]);
  return query;
}
