import type { SortBy, SortOrder } from "@/lib/api/types";

/** The order and search of the "Shared with me" list (GET /api/shared-with-me). */
export interface SharedListParams {
  sortBy: SortBy;
  sortOrder: SortOrder;
  search: string;
}

/**
 * Query keys of sharing. A share or a revocation invalidates that memory's status; removing a
 * friendship ends its shares, so the friends feature invalidates `sharingKeys.all` then.
 */
export const sharingKeys = {
  all: ["sharing"] as const,
  statuses: () => [...sharingKeys.all, "status"] as const,
  status: (memoryId: number) => [...sharingKeys.statuses(), memoryId] as const,
  sharedWithMe: () => [...sharingKeys.all, "shared-with-me"] as const,
  sharedList: (params: SharedListParams) => [...sharingKeys.sharedWithMe(), "list", params] as const,
  sharedDetail: (memoryId: number) => [...sharingKeys.sharedWithMe(), "detail", memoryId] as const,
  public: (token: string) => [...sharingKeys.all, "public", token] as const,
};
