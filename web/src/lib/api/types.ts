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
