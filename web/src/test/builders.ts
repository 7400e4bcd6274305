import type { Entity, EntityMatch, EntityType, Memory, ValidationResult } from "@/lib/api/types";

// Builders for the server's answers, typed by the generated API types: a test names only what it
// is about and the rest is a plausible default.

export function makeEntity(id: number, name: string, type: EntityType = "person", overrides: Partial<Entity> = {}): Entity {
  return {
    id,
    name,
    type,
    aliases: [],
    notes: null,
    confidence: null,
    metadata: {},
    memoryCount: 0,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    userId: 2,
    ...overrides,
  };
}

export function makeMemory(id: number, overrides: Partial<Memory> = {}): Memory {
  return {
    id,
    userId: 2,
    title: `Memory ${id}`,
    description: null,
    content: "Some words",
    eventDate: "2024-06-15",
    location: null,
    photo: null,
    photoThumbnail: null,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    entities: [],
    entitiesPending: false,
    ...overrides,
  };
}

/** One entity the extraction proposes. */
export function makeValidationResult(overrides: Partial<ValidationResult> = {}): ValidationResult {
  return {
    extractedName: "Clairette",
    extractedType: "person",
    extractedConfidence: 92,
    extractedRelationship: "friend",
    suggestedAction: "create_new",
    recommendedEntityId: null,
    matches: [],
    ...overrides,
  };
}

/** An existing entity the extraction matched. */
export function makeEntityMatch(entityId: number, name: string, overrides: Partial<EntityMatch> = {}): EntityMatch {
  return { entityId, name, type: "person", confidence: 0.94, reason: "matches an alias", ...overrides };
}
