import {
  Activity,
  Box,
  CalendarRange,
  BookOpen,
  GraduationCap,

  History,
  LayoutDashboard,
  MapPin,
  MessageSquare,
  Settings,
  Smile,
  Users,
  UsersRound,
  type LucideIcon,
} from "lucide-react";

export type NavKey =
  | "dashboard"
  | "memories"
  | "timeline"
  | "periods"
  | "people"
  | "objects"
  | "activities"
  | "locations"
  | "emotions"
  | "feedback"
  | "friends"
  | "settings"
  | "tutorial";

export interface NavItem {
  key: NavKey;
  to: string;
  icon: LucideIcon;
}

/** docs/screens.md "Application shell": the sidebar links, in order. */
export const mainItems: NavItem[] = [
  { key: "dashboard", to: "/", icon: LayoutDashboard },
  { key: "memories", to: "/memories", icon: BookOpen },
  { key: "timeline", to: "/timeline", icon: History },
];

export const entityItems: NavItem[] = [
  { key: "periods", to: "/entities/periods", icon: CalendarRange },
  { key: "people", to: "/entities/people", icon: Users },
  { key: "objects", to: "/entities/objects", icon: Box },
  { key: "activities", to: "/entities/activities", icon: Activity },
  { key: "locations", to: "/entities/locations", icon: MapPin },
  { key: "emotions", to: "/entities/emotions", icon: Smile },
];

export const otherItems: NavItem[] = [
  { key: "feedback", to: "/feedback", icon: MessageSquare },
  { key: "friends", to: "/friends", icon: UsersRound },
  { key: "settings", to: "/settings", icon: Settings },
  { key: "tutorial", to: "/tutorial", icon: GraduationCap },
];

