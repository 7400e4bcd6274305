// What other features may use of the entities feature; everything else in this folder is its own.
export { entitiesQueryOptions, getEntities, useEntities } from "./api/get-entities";
export { entityKeys } from "./api/keys";
