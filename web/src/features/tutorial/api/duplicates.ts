import { ApiError } from "@/lib/api/client";
import type { ExistingEntity } from "@/lib/api/types";

/** docs/rules.md "Tutorial": a name already used (409 `entity_exists`) is a duplicate, skipped quietly. */
export function isDuplicate(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === "entity_exists";
}

/** The entity a 409 `entity_exists` names (docs/errors.md: `existingEntity`). */
export function existingEntityOf(error: unknown): ExistingEntity | null {
  if (!(error instanceof ApiError) || !isDuplicate(error)) return null;
  const existing = error.body?.existingEntity;
  return existing && typeof existing.id === "number" ? existing : null;
}
