import type { components } from "./schema";

// Types generated from the server's OpenAPI document (npm run gen:api).
type Schemas = components["schemas"];

export type User = Schemas["User"];
export type UserConsents = Schemas["UserConsents"];
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
export type ConsentRequest = Schemas["ConsentRequest"];
export type UnreadCount = Schemas["UnreadCount"];
export type ErrorBody = Schemas["ErrorBody"];
export type ErrorCode = Schemas["ErrorCode"];

// The server's vocabularies, each defined once there.
export type Language = Schemas["Language"];
export type Theme = Schemas["Theme"];
export type EntityType = Schemas["EntityType"];
export type PersonCategory = Schemas["PersonCategory"];
export type SuggestedAction = Schemas["SuggestedAction"];
export type ConfirmationAction = Schemas["ConfirmationAction"];
export type SortBy = Schemas["SortBy"];
export type SortOrder = Schemas["SortOrder"];

export type Memory = Schemas["Memory"];
export type MemoryEntity = Schemas["MemoryEntity"];
export type MemoryPage = Schemas["MemoryPage"];
export type MemoryEntityLink = Schemas["MemoryEntityLink"];
export type CreateMemoryRequest = Schemas["CreateMemoryRequest"];
export type CreateMemoryResponse = Schemas["CreateMemoryResponse"];
export type UpdateMemoryRequest = Schemas["UpdateMemoryRequest"];
export type ValidationResult = Schemas["ValidationResult"];
export type EntityMatch = Schemas["EntityMatch"];
export type ConfirmedEntity = Schemas["ConfirmedEntity"];
export type ConfirmEntitiesResponse = Schemas["ConfirmEntitiesResponse"];
export type Entity = Schemas["Entity"];
export type CreateEntityRequest = Schemas["CreateEntityRequest"];
export type UpdateEntityRequest = Schemas["UpdateEntityRequest"];
export type EntityMetadata = Schemas["EntityMetadata"];
export type EntityPage = Schemas["EntityPage"];
export type EntityCounts = Schemas["EntityCounts"];
export type EntitySort = Schemas["EntitySort"];
export type Gender = Schemas["Gender"];
export type LocationCategory = Schemas["LocationCategory"];
export type ObjectCategory = Schemas["ObjectCategory"];
export type ActivityCategory = Schemas["ActivityCategory"];
export type Graph = Schemas["Graph"];
export type UploadedPhoto = Schemas["UploadedPhoto"];
export type Relationship = Schemas["Relationship"];
export type DashboardStats = Schemas["DashboardStats"];
export type TopEntity = Schemas["TopEntity"];
export type BannerState = Schemas["BannerState"];
export type Reflection = Schemas["Reflection"];
export type ReflectionKind = Schemas["ReflectionKind"];
export type RelationshipSuggestion = Schemas["RelationshipSuggestion"];
export type EvidenceEntity = Schemas["EvidenceEntity"];
export type EvidenceMemory = Schemas["EvidenceMemory"];
