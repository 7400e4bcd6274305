// What other features may use of the entities feature; everything else in this folder is its own.
export { entitiesQueryOptions, getEntities, useEntities } from "./api/get-entities";
export { entityKeys, graphKeys } from "./api/keys";
export { invalidateEntities, useCreateEntity, useUpdateEntity } from "./api/mutations";
export { EntityFormDialog, Field, NativeSelect, PeriodFields, type ParentOption } from "./components/entity-form-dialog";
export { emptyForm, metadataFromForm, type EntityFormValues } from "./entity-form";
export { usePrefetchEntityList } from "./api/prefetch";
export { personCategories } from "./categories";
export { isEntityRoute, type EntityRoute } from "./entity-types";
