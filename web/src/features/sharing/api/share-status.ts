import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { Person, ShareStatus } from "@/lib/api/types";
import { sharingKeys } from "./keys";

/** docs/api.md: the server answers at most 200 memories per call. */
export const MAX_STATUS_IDS = 200;

const NOT_SHARED: ShareStatus = { shareLinks: [], sharedMemories: [] };

/** POST /api/shared-memories/batch-status: the share status of the user's own memories among `memoryIds`. */
export function getShareStatuses(memoryIds: number[]): Promise<Record<string, ShareStatus>> {
  return unwrap(api.POST("/api/shared-memories/batch-status", { body: { memoryIds } }));
}

interface Waiting {
  resolve: (status: ShareStatus) => void;
  reject: (error: unknown) => void;
}

let waiting: Map<number, Waiting[]> | null = null;

/**
 * Every card asks for its own memory's status; the asks made while one render commits are sent
 * together, in one request per 200 memories (SPEC §7: one batch call for the cards shown).
 */
function loadShareStatus(memoryId: number): Promise<ShareStatus> {
  return new Promise((resolve, reject) => {
    if (waiting === null) {
      waiting = new Map();
      queueMicrotask(sendWaiting);
    }
    const list = waiting.get(memoryId) ?? [];
    list.push({ resolve, reject });
    waiting.set(memoryId, list);
  });
}

function sendWaiting() {
  const batch = waiting ?? new Map<number, Waiting[]>();
  waiting = null;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_STATUS_IDS) {
    const chunk = ids.slice(start, start + MAX_STATUS_IDS);
    getShareStatuses(chunk).then(
      (answer) => {
        // A memory left out of the answer has nothing shared as far as this user can tell.
        for (const id of chunk) for (const { resolve } of batch.get(id) ?? []) resolve(answer[String(id)] ?? NOT_SHARED);
      },
      (error: unknown) => {
        for (const id of chunk) for (const { reject } of batch.get(id) ?? []) reject(error);
      },
    );
  }
}

/** SPEC §7 caching: a share status stays fresh 5 minutes. */
export function shareStatusQueryOptions(memoryId: number) {
  return queryOptions({
    queryKey: sharingKeys.status(memoryId),
    queryFn: () => loadShareStatus(memoryId),
    staleTime: 5 * 60_000,
  });
}

export function useShareStatus(memoryId: number) {
  return useQuery(shareStatusQueryOptions(memoryId));
}

/** What a status means for the owner (SPEC §4 "Memory sharing"). */
export interface ShareSummary {
  /** When the last live public link expires, or null when none is live. */
  linkExpiresAt: string | null;
  /** The friends it is shared with now (revoked shares left out). */
  friends: Person[];
}

/** A link is live while its expiry is in the future; a friend share counts while it is not revoked. */
export function summarizeShareStatus(status: ShareStatus | undefined, now: number = Date.now()): ShareSummary {
  const expiries = (status?.shareLinks ?? []).map((link) => link.expiresAt).filter((expiresAt) => Date.parse(expiresAt) > now);
  const linkExpiresAt = expiries.reduce<string | null>((latest, next) => (latest === null || Date.parse(next) > Date.parse(latest) ? next : latest), null);
  const friends = (status?.sharedMemories ?? []).filter((share) => !share.revokedAt).map((share) => share.recipient);
  return { linkExpiresAt, friends };
}
