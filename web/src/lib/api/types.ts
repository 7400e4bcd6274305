import type { components } from "./schema";

type Schemas = components["schemas"];

export type User = Schemas["User"];
export type UserConsents = Schemas["UserConsents"];
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
export type ConsentRequest = Schemas["ConsentRequest"];
export type UnreadCount = Schemas["UnreadCount"];
export type ErrorBody = Schemas["ErrorBody"];

export type Language = NonNullable<User["language"]>;
export type Theme = NonNullable<User["theme"]>;
