// What other features may use of the entities feature; everything else in this folder is its own.
export { entitiesQueryOptions, getEntities, useEntities } from "./api/get-entities";
export { entityKeys, graphKeys } from "./api/keys";
export { invalidateEntities } from "./api/mutations";
export { EntityFormDialog } from "./components/entity-form-dialog";
export { usePrefetchEntityList } from "./api/prefetch";
export { personCategories } from "./categories";
export { isEntityRoute, type EntityRoute } from "./entity-types";
