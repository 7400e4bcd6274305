/** Query keys of entities (SPEC §7: after entity changes, entities refresh). */
export const entityKeys = {
  all: ["entities"] as const,
  list: (type: string | null) => [...entityKeys.all, "list", type ?? "all"] as const,
};
