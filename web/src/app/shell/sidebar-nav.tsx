import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { isEntityRoute, usePrefetchEntityList } from "@/features/entities";
import { cn } from "@/lib/utils";
import { entityItems, mainItems, otherItems, type NavItem } from "./nav-items";

/** The links of the sidebar and of the mobile drawer; the current route is highlighted. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const prefetchEntities = usePrefetchEntityList();
  // docs/screens.md: hovering or focusing an entity link loads its list ahead.
  const prefetchFor = (to: string) => {
    const route = to.startsWith("/entities/") ? to.slice("/entities/".length) : undefined;
    return isEntityRoute(route) ? () => prefetchEntities(route) : undefined;
  };
  const renderItem = ({ key, to, icon: Icon }: NavItem) => (
    <li key={key}>
      <NavLink
        to={to}
        end={to === "/"}
        onClick={onNavigate}
        onMouseEnter={prefetchFor(to)}
        onFocus={prefetchFor(to)}
        className={({ isActive }) =>
          cn(
            "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
            isActive ? "bg-primary text-primary-foreground" : "hover:bg-accent hover:text-accent-foreground",
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {t(`nav.${key}`)}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label={t("nav.main")} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">{mainItems.map(renderItem)}</ul>
      <div className="mt-6">
        <NavLink
          to="/entities"
          end
          onClick={onNavigate}
          onMouseEnter={() => prefetchEntities()}
          onFocus={() => prefetchEntities()}
          className={({ isActive }) =>
            cn(
              "mb-1 block rounded-md px-3 py-1 text-xs font-semibold tracking-wider uppercase outline-none focus-visible:ring-2 focus-visible:ring-ring",
              isActive ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
            )
          }
        >
          {t("nav.entities")}
        </NavLink>
        <ul className="grid gap-1">{entityItems.map(renderItem)}</ul>
      </div>
      <ul className="mt-6 grid gap-1 border-t pt-4">{otherItems.map(renderItem)}</ul>
    </nav>
  );
}
