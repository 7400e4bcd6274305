import type { components } from "./schema";

// Types generated from the server's OpenAPI document (npm run gen:api).
type Schemas = components["schemas"];

export type User = Schemas["User"];
export type UserConsents = Schemas["UserConsents"];
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
export type ConsentRequest = Schemas["ConsentRequest"];
export type UnreadCount = Schemas["UnreadCount"];
export type ErrorBody = Schemas["ErrorBody"];

/** Interface languages (SPEC §1); the document types them as plain strings. */
export type Language = "en" | "fr";
/** Themes (SPEC §1). */
export type Theme = "light" | "dark";

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
export type UploadedPhoto = Schemas["UploadedPhoto"];
