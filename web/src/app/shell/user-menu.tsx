import { GraduationCap, LogOut, Settings, ShieldCheck, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useSignOut } from "@/lib/auth/sign-out";
import { displayName, userInitial } from "@/lib/user-display";

export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { signOut, isPending: signingOut } = useSignOut();
  // Signing out sets the user to null a moment before the signed-in screens unmount.
  if (!user) return null;
  const name = displayName(user, t("userMenu.fallbackName"));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" data-testid="user-menu-trigger">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {userInitial(user)}
          </span>
          <span className="sr-only max-w-40 truncate md:not-sr-only" data-testid="user-display-name">
            {name}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          {user.email && <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            {t("nav.settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/friends">
            <UsersRound aria-hidden="true" />
            {t("nav.friends")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/tutorial">
            <GraduationCap aria-hidden="true" />
            {t("nav.tutorial")}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              {t("nav.admin")}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(event) => {
            // The menu stays open with the item disabled while signing out; a failure shows a toast.
            event.preventDefault();
            signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {t("common.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
