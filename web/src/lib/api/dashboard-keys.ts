/**
 * Query keys of what the dashboard derives from the whole journal (statistics, the tutorial banner,
 * reflections, relationship suggestions). Any memory or entity change makes them stale (docs/api.md,
 * caching), so the memory and entity features invalidate `dashboardKeys.all`.
 */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: (timeZone: string) => [...dashboardKeys.all, "stats", timeZone] as const,
  banner: () => [...dashboardKeys.all, "banner"] as const,
  reflections: (timeZone: string) => [...dashboardKeys.all, "reflections", timeZone] as const,
  suggestions: () => [...dashboardKeys.all, "suggestions"] as const,
};
