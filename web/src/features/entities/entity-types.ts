/** docs/screens.md ("Entity list"): the entity-list route names and the entity types they show. */
export const entityRoutes = {
  people: "person",
  locations: "location",
  periods: "lifePeriod",
  emotions: "emotion",
  objects: "object",
  activities: "activity",
} as const;

export type EntityRoute = keyof typeof entityRoutes;
export type EntityType = (typeof entityRoutes)[EntityRoute];

export function isEntityRoute(value: string | undefined): value is EntityRoute {
  return value !== undefined && Object.hasOwn(entityRoutes, value);
}
