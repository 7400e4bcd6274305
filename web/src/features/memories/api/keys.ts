/** Query keys of memories (docs/api.md: after memory changes, memories and memory-entities refresh). */
export interface MemoryListParams {
  sortBy: "eventDate" | "createdAt";
  sortOrder: "asc" | "desc";
  filterEntity: number | null;
  search: string;
}

export const memoryKeys = {
  all: ["memories"] as const,
  lists: () => [...memoryKeys.all, "list"] as const,
  list: (params: MemoryListParams) => [...memoryKeys.lists(), params] as const,
  details: () => [...memoryKeys.all, "detail"] as const,
  detail: (id: number) => [...memoryKeys.details(), id] as const,
};

export const memoryEntityKeys = {
  all: ["memory-entities"] as const,
};
