/** Query keys of entities (docs/api.md: after entity changes, entities refresh). */
export const entityKeys = {
  all: ["entities"] as const,
  list: (type: string | null) => [...entityKeys.all, "list", type ?? "all"] as const,
};
