import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useUnreadCount } from "../api/get-unread-count";

/** docs/constants.md: the badge is hidden at 0 and reads '9+' above 9. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

export function NotificationBell() {
  const { t } = useTranslation();
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  const badge = badgeText(count);
  return (
    <DropdownMenu>
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
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>{t("notifications.title")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="px-2 py-6 text-center text-sm text-muted-foreground">
          {count > 0 ? t("notifications.unread", { count }) : t("notifications.empty")}
        </p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
