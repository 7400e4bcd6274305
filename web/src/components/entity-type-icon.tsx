import { Activity, CalendarDays, CalendarRange, Heart, MapPin, Package, User, type LucideIcon } from "lucide-react";
import type { EntityType } from "@/lib/api/types";

/** One small icon per entity type. */
export const entityTypeIcons: Record<EntityType, LucideIcon> = {
  person: User,
  location: MapPin,
  lifePeriod: CalendarRange,
  event: CalendarDays,
  emotion: Heart,
  object: Package,
  activity: Activity,
};
