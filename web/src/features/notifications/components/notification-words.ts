import { format, formatDistance, parseISO } from "date-fns";
import { enUS, fr } from "date-fns/locale";
import type { TFunction } from "i18next";
import type { Language, Notification } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";

export interface NotificationWords {
  title: string;
  message: string | null;
}

function text(params: Notification["params"], key: string): string | null {
  const value = (params as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * docs/api.md "Notifications": known kinds are worded in the reader's language from `params`; any
 * other kind (or a known one missing its names) keeps the server's English `title` and `message`.
 */
export function notificationWords(notification: Notification, t: TFunction): NotificationWords {
  const name = text(notification.params, "name");
  const title = text(notification.params, "title");
  switch (notification.kind) {
    case "friendRequest":
      if (name) return { title: t("notifications.kinds.friendRequest.title"), message: t("notifications.kinds.friendRequest.message", { name }) };
      break;
    case "friendAccepted":
      if (name) return { title: t("notifications.kinds.friendAccepted.title"), message: t("notifications.kinds.friendAccepted.message", { name }) };
      break;
    case "memoryShared":
      if (name && title) {
        return { title: t("notifications.kinds.memoryShared.title"), message: t("notifications.kinds.memoryShared.message", { name, title }) };
      }
      break;
  }
  return { title: notification.title, message: notification.message?.trim() ? notification.message : null };
}

const locales = { en: enUS, fr } as const;

/** When it happened, relative to now ("5 minutes ago", "il y a 5 minutes"). */
export function relativeTime(createdAt: string, language: Language, now: Date = new Date()): string {
  return formatDistance(parseISO(createdAt), now, { addSuffix: true, locale: locales[language] });
}

/** The full moment: the locale's date (docs/constants.md) and time ("June 15, 2026, 2:05 PM", "15 juin 2026, 14:05"). */
export function fullTime(createdAt: string, language: Language): string {
  const date = parseISO(createdAt);
  return `${formatDate(date, language)}, ${format(date, "p", { locale: locales[language] })}`;
}

/** Only a path inside the app is followed ("/friends"), never another site ("//evil", "https://…"). */
export function inAppLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link;
}
