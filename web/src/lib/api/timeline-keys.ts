/**
 * Query keys of the timeline (the writer's dated and undated periods, and the memories of chosen
 * periods). Any memory or entity change makes them stale, so the memory and entity features
 * invalidate `timelineKeys.all`.
 */
export const timelineKeys = {
  all: ["timeline"] as const,
  periods: () => [...timelineKeys.all, "periods"] as const,
  memories: (periodIds: readonly number[]) => [...timelineKeys.all, "memories", periodIds] as const,
};
