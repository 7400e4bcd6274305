import { useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff, CheckCheck, LoaderCircle, RotateCw, Trash2 } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import type { Notification } from "@/lib/api/types";
import { isLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useNotifications } from "../api/get-notifications";
import { useUnreadCount } from "../api/get-unread-count";
import { notificationKeys } from "../api/keys";
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotificationRead } from "../api/mutations";
import { fullTime, inAppLink, notificationWords, relativeTime } from "./notification-words";

/** docs/constants.md: the badge is hidden at 0 and reads '9+' above 9. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}


/**
 * The header bell: the unread count (polled every 30 s) and, while open, the latest notifications.
 * A Radix menu: the arrow keys go through "Mark all as read", then each notification and its delete
 * button (two sibling menu items, never one inside the other).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  const badge = badgeText(count);
  const list = useNotifications({ enabled: open });
  const items = list.data ?? [];
  // Mutations live here, in the header, so their outcome is told even once the dropdown has closed.
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const panelRef = useRef<HTMLDivElement>(null);
  const statusId = useId();
  const stateId = useId();

  /**
   * A removed or disabled item loses the focus: when the item just chosen still had it (or nothing
   * has it), give it to `target`, else to the menu, so the arrow keys keep working.
   */
  const refocus = (chosen: EventTarget | null, target: HTMLElement | null | undefined) => {
    const panel = panelRef.current;
    const active = document.activeElement;
    if (!panel || (active !== chosen && active !== null && active !== document.body)) return;
    (target ?? panel.closest<HTMLElement>("[role=menu]"))?.focus();
  };
  const itemElement = (id: number | undefined) =>
    id === undefined ? null : panelRef.current?.querySelector<HTMLElement>(`[data-notification-id="${id}"]`);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The count shown at the top of the list is read again with the list.
    if (next) void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
  };

  const select = (notification: Notification, event: Event) => {
    const link = inAppLink(notification.link);
    if (!notification.read) {
      markRead.mutate(notification.id, {
        onError: (error) => toast.error(t("notifications.markReadFailed"), { description: errorMessage(error, t) }),
      });
    }
    if (link) {
      // The menu closes by itself on selection.
      void navigate(link);
    } else {
      event.preventDefault();
    }
  };

  const deleteOne = (notification: Notification, event: Event) => {
    event.preventDefault();
    if (remove.isPending && remove.variables === notification.id) return;
    const index = items.findIndex((item) => item.id === notification.id);
    const neighbour = items[index + 1] ?? items[index - 1];
    const chosen = event.target;
    remove.mutate(notification.id, {
      onSuccess: () => refocus(chosen, itemElement(neighbour?.id)),
      onError: (error) => toast.error(t("notifications.deleteFailed"), { description: errorMessage(error, t) }),
    });
  };

  const markAll = (event: Event) => {
    event.preventDefault();
    if (markAllRead.isPending) return;
    const chosen = event.target;
    markAllRead.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("notifications.allMarkedRead"));
        refocus(chosen, itemElement(items[0]?.id));
      },
      onError: (error) => toast.error(t("notifications.markAllReadFailed"), { description: errorMessage(error, t) }),
    });
  };

  // Arrow keys on the scrolling list itself (focused by a click on its padding) move into it.
  const listKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const menuItems = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]")];
    if (event.key === "ArrowDown" || event.key === "Home") menuItems.at(0)?.focus();
    else if (event.key === "ArrowUp" || event.key === "End") menuItems.at(-1)?.focus();
    else return;
    event.preventDefault();
  };

  const anyUnread = count > 0 || items.some((item) => !item.read);
  // Text outside menu items is not reached by the arrow keys: the menu is described by the unread
  // count and, when there is no list to go through, by what stands in its place.
  const describedBy = list.isSuccess && items.length > 0 ? statusId : `${statusId} ${stateId}`;

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? t("notifications.openWithCount", { count }) : t("notifications.open")}
        >
          <Bell aria-hidden="true" />
          {badge && (
            <Badge variant="count" data-testid="notification-badge" aria-hidden="true" className="absolute -top-0.5 -right-0.5">
              {badge}
            </Badge>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        aria-describedby={describedBy}
        className="w-80 max-w-[calc(100vw-1rem)] p-0"
      >
        <div ref={panelRef} data-testid="notification-panel">
          <div className="flex items-start justify-between gap-2 p-2">
            <div className="min-w-0 px-1 py-0.5">
              <DropdownMenuLabel className="p-0">{t("notifications.title")}</DropdownMenuLabel>
              <p id={statusId} className="text-xs text-muted-foreground">
                {count > 0 ? t("notifications.unread", { count }) : t("notifications.empty")}
              </p>
            </div>
            {items.length > 0 && anyUnread && (
              <DropdownMenuItem className="shrink-0 text-xs" onSelect={markAll} disabled={markAllRead.isPending}>
                <CheckCheck aria-hidden="true" />
                {t("notifications.markAllRead")}
              </DropdownMenuItem>
            )}
          </div>
          {/* Also the child a menu must own when it has no item yet (axe aria-required-children). */}
          <DropdownMenuSeparator className="mx-0 my-0" />
          {list.isPending ? (
            <div className="grid gap-3 p-3">
              <p id={stateId} className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                {t("notifications.loading")}
              </p>
              {[0, 1, 2].map((row) => (
                <div key={row} aria-hidden="true" className="grid gap-1.5">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              ))}
            </div>
          ) : list.isError ? (
            <div className="grid gap-1 p-2">
              <div id={stateId} className="grid gap-1 px-1">
                <p className="text-sm font-medium">{t("notifications.loadFailed")}</p>
                <p className="text-xs text-muted-foreground">{errorMessage(list.error, t)}</p>
              </div>
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  void list.refetch();
                }}
              >
                <RotateCw aria-hidden="true" />
                {t("notifications.retry")}
              </DropdownMenuItem>
            </div>
          ) : items.length === 0 ? (
            <div id={stateId} className="grid justify-items-center gap-1 px-4 py-8 text-center">
              <BellOff aria-hidden="true" className="mb-1 size-6 text-muted-foreground" />
              <p className="text-sm font-medium">{t("notifications.none")}</p>
              <p className="text-xs text-muted-foreground">{t("notifications.noneHint")}</p>
            </div>
          ) : (
            // Focusable so a scrolling list can be reached by keyboard (axe scrollable-region-focusable);
            // a group is a child a menu may own.
            <div
              role="group"
              aria-label={t("notifications.listLabel")}
              tabIndex={0}
              onKeyDown={listKeyDown}
              data-testid="notification-list"
              className="max-h-[400px] overflow-y-auto p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
            >
              {items.map((notification) => {
                const words = notificationWords(notification, t);
                const label = words.message ? t("notifications.itemLabel", { title: words.title, message: words.message }) : words.title;
                return (
                  <div key={notification.id} className="flex items-start gap-0.5" data-notification-row={notification.id}>
                    <DropdownMenuItem
                      data-notification-id={notification.id}
                      textValue={words.title}
                      onSelect={(event) => select(notification, event)}
                      className="min-w-0 flex-1 items-start gap-2 py-2"
                    >
                      <span
                        aria-hidden="true"
                        className={cn("mt-1.5 size-2 shrink-0 rounded-full", notification.read ? "bg-transparent" : "bg-primary")}
                      />
                      <span className="grid min-w-0 gap-0.5">
                        {!notification.read && <span className="sr-only">{t("notifications.unreadMark")}</span>}{" "}
                        <span className={cn("break-words", notification.read ? "font-medium" : "font-semibold")}>{words.title}</span>{" "}
                        {words.message && (
                          <span className="line-clamp-2 text-xs break-words text-muted-foreground">{words.message}</span>
                        )}{" "}
                        <time
                          dateTime={notification.createdAt}
                          title={fullTime(notification.createdAt, language)}
                          className="text-xs text-muted-foreground"
                        >
                          {relativeTime(notification.createdAt, language)}
                        </time>
                      </span>
                    </DropdownMenuItem>
                    <DropdownMenuItem
                      aria-label={t("notifications.delete", { label })}
                      onSelect={(event) => deleteOne(notification, event)}
                      className="shrink-0 p-2 text-muted-foreground focus:text-destructive"
                    >
                      <Trash2 aria-hidden="true" />
                    </DropdownMenuItem>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
