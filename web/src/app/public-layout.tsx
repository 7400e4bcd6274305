import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { loginUrl, useRedirectParam } from "@/lib/redirect";
import { MAIN_ID } from "./skip-link";

/** Header, page and footer of the signed-out screens. */
export function PublicLayout() {
  const { t } = useTranslation();
  const redirect = useRedirectParam();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Logo />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
            <Button asChild size="sm" className="ml-1">
              <a href={loginUrl({ redirect })}>
                <LogIn aria-hidden="true" />
                {t("landing.signIn")}
              </a>
            </Button>
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <footer className="border-t">
        <nav aria-label={t("landing.footer.links")} className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-6 text-sm">
          <span className="text-muted-foreground">© {new Date().getFullYear()} {t("app.name")}</span>
          <Link className="underline-offset-4 hover:underline" to="/privacy-policy">
            {t("landing.footer.privacy")}
          </Link>
          <Link className="underline-offset-4 hover:underline" to="/terms-of-service">
            {t("landing.footer.terms")}
          </Link>
        </nav>
      </footer>
    </div>
  );
}
