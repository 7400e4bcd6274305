import type { Entity, EntityMetadata, EntityType } from "@/lib/api/types";
import { defaultCategory } from "./categories";

/** What the add and edit dialogs hold: every field as the inputs show it. */
export interface EntityFormValues {
  name: string;
  /** Comma-separated. */
  aliases: string;
  notes: string;
  category: string;
  gender: string;
  birthDate: string;
  relationshipToUser: string;
  occupation: string;
  address: string;
  latitude: string;
  longitude: string;
  /** Comma-separated dates. */
  visitedDates: string;
  appreciation: string;
  frequency: string;
  /** Comma-separated names. */
  participants: string;
  date: string;
  location: string;
  intensity: string;
  /** Comma-separated. */
  triggers: string;
  copingStrategies: string;
  startDate: string;
  endDate: string;
  isOneDay: boolean;
  /** A period's parent id, or "none". */
  parentPeriod: string;
}

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

const joined = (items: readonly (string | number)[] | null | undefined) => (items ?? []).join(", ");

/** An empty form for a new entity of `type`, with its type's defaults (docs/data.md). */
export function emptyForm(type: EntityType): EntityFormValues {
  return {
    name: "",
    aliases: "",
    notes: "",
    category: type in defaultCategory ? defaultCategory[type as keyof typeof defaultCategory] : "",
    gender: "",
    birthDate: "",
    relationshipToUser: "",
    occupation: "",
    address: "",
    latitude: "",
    longitude: "",
    visitedDates: "",
    appreciation: "5",
    frequency: "",
    participants: "",
    date: "",
    location: "",
    intensity: "",
    triggers: "",
    copingStrategies: "",
    startDate: "",
    endDate: "",
    isOneDay: false,
    parentPeriod: "none",
  };
}

/** The form of an existing entity. */
export function formFromEntity(entity: Entity): EntityFormValues {
  const m = entity.metadata;
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return {
    ...emptyForm(entity.type),
    name: entity.name,
    aliases: joined(entity.aliases),
    notes: entity.notes ?? "",
    category: text(m.category),
    gender: text(m.gender),
    birthDate: text(m.birthDate),
    relationshipToUser: text(m.relationshipToUser),
    occupation: text(m.occupation),
    address: text(m.address),
    latitude: text(m.latitude),
    longitude: text(m.longitude),
    visitedDates: joined(m.visitedDates),
    appreciation: text(m.appreciation ?? 5),
    frequency: text(m.frequency),
    participants: joined(m.participants),
    date: text(m.date),
    location: text(m.location),
    intensity: text(m.intensity),
    triggers: joined(m.triggers),
    copingStrategies: joined(m.copingStrategies),
    startDate: text(m.startDate),
    endDate: text(m.endDate),
    isOneDay: m.isOneDay === true,
    parentPeriod: m.parentPeriods?.[0] !== undefined ? String(m.parentPeriods[0]) : "none",
  };
}

/**
 * The metadata of `type` from the form: only that type's fields, blanks left out (docs/rules.md
 * "Entity metadata": the server checks each value).
 */
export function metadataFromForm(type: EntityType, form: EntityFormValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const put = (key: keyof EntityMetadata | "parentPeriod", value: unknown) => {
    if (value === "" || value === undefined || (Array.isArray(value) && value.length === 0)) return;
    fields[key] = value;
  };
  const number = (text: string) => (text.trim() === "" ? "" : Number(text));
  switch (type) {
    case "person":
      put("category", form.category);
      put("gender", form.gender);
      put("birthDate", form.birthDate);
      put("relationshipToUser", form.relationshipToUser.trim());
      put("occupation", form.occupation.trim());
      break;
    case "location":
      put("category", form.category);
      put("address", form.address.trim());
      put("latitude", number(form.latitude));
      put("longitude", number(form.longitude));
      put("visitedDates", list(form.visitedDates));
      break;
    case "object":
      put("category", form.category);
      put("appreciation", number(form.appreciation));
      break;
    case "activity":
      put("category", form.category);
      put("frequency", form.frequency.trim());
      put("participants", list(form.participants));
      put("date", form.date);
      put("location", form.location.trim());
      break;
    case "emotion":
      put("intensity", number(form.intensity));
      put("frequency", form.frequency.trim());
      put("triggers", list(form.triggers));
      put("copingStrategies", list(form.copingStrategies));
      break;
    case "lifePeriod":
      put("startDate", form.startDate);
      // docs/rules.md: a one-day period ends when it starts; an empty end is ongoing ("Present").
      put("endDate", form.isOneDay ? form.startDate : form.endDate);
      if (form.isOneDay) fields.isOneDay = true;
      // Always sent, so that "none" clears a parent.
      fields.parentPeriod = form.parentPeriod === "none" ? "none" : Number(form.parentPeriod);
      break;
    case "event":
      put("eventDate", form.date);
      put("location", form.location.trim());
      break;
  }
  return fields;
}

export function aliasesFromForm(form: EntityFormValues): string[] {
  return list(form.aliases);
}

/** The period itself and every period inside it, however deep: none can be its parent. */
export function periodAndDescendants(id: number, periods: readonly Pick<Entity, "id" | "metadata">[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const period of periods) {
    for (const parent of period.metadata.parentPeriods ?? []) {
      children.set(parent, [...(children.get(parent) ?? []), period.id]);
    }
  }
  const excluded = new Set<number>([id]);
  const waiting = [id];
  while (waiting.length > 0) {
    for (const child of children.get(waiting.pop() as number) ?? []) {
      if (!excluded.has(child)) {
        excluded.add(child);
        waiting.push(child);
      }
    }
  }
  return excluded;
}
