import type { EntitySort, EntityType } from "@/lib/api/types";

/** What one page-by-page entity list shows. */
export interface EntityListParams {
  type: EntityType;
  search: string;
  sort: EntitySort;
}

/** Query keys of entities (docs/api.md: after entity changes, entities and the graph refresh). */
export const entityKeys = {
  all: ["entities"] as const,
  list: (type: string | null) => [...entityKeys.all, "list", type ?? "all"] as const,
  pages: () => [...entityKeys.all, "pages"] as const,
  page: (params: EntityListParams) => [...entityKeys.pages(), params] as const,
  counts: () => [...entityKeys.all, "counts"] as const,
};

export const graphKeys = {
  all: ["graph"] as const,
};
