import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { DESKTOP_QUERY, onMediaMatch } from "@/lib/media";
import { cn } from "@/lib/utils";
import { MAIN_ID } from "../skip-link";
import { SidebarNav } from "./sidebar-nav";
import { useSidebarOpen } from "./sidebar-preference";
import { UserMenu } from "./user-menu";

/**
 * The signed-in frame. From 768 px: a sidebar (16rem) that can be collapsed and reopened from the
 * header. Below: a top bar whose menu button opens the same links in a drawer.
 */
export function AppShell() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useSidebarOpen();

  // The drawer belongs to the mobile layout: close it when the viewport becomes desktop.
  useEffect(() => onMediaMatch(DESKTOP_QUERY, () => setDrawerOpen(false)), []);

  return (
    <div className="flex min-h-dvh">
      {sidebarOpen && (
        <aside
          data-testid="sidebar"
          className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:flex"
        >
          <div className="flex h-16 items-center justify-between gap-2 border-b px-4">
            <Logo />
            <Button variant="ghost" size="icon" aria-label={t("nav.collapseSidebar")} onClick={() => setSidebarOpen(false)}>
              <PanelLeftClose aria-hidden="true" />
            </Button>
          </div>
          <SidebarNav />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-1 border-b bg-background px-2 sm:gap-2 sm:px-4">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("nav.openMenu")}>
                <Menu aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent closeLabel={t("nav.closeMenu")} aria-describedby={undefined} data-testid="mobile-drawer">
              <div className="flex h-16 items-center border-b px-4">
                <SheetTitle className="text-lg font-semibold">{t("nav.menuTitle")}</SheetTitle>
              </div>
              <SidebarNav onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          {!sidebarOpen && (
            <Button
              variant="ghost"
              size="icon"
              className="hidden md:inline-flex"
              aria-label={t("nav.openSidebar")}
              onClick={() => setSidebarOpen(true)}
            >
              <PanelLeftOpen aria-hidden="true" />
            </Button>
          )}
          <Logo className={cn(sidebarOpen && "md:hidden")} />
          <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
