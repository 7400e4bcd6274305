import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { loginUrl, safeRedirect } from "@/lib/redirect";
import { AuthCard } from "../components/auth-card";

export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const registerHref = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : "/register";
  return (
    <AuthCard pageTitle={t("titles.login")} title={t("login.title")} description={t("login.subtitle")}>
      <Button asChild size="lg" className="w-full">
        <a href={loginUrl({ redirect })}>
          <LogIn aria-hidden="true" />
          {t("login.button")}
        </a>
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("login.noAccount")}{" "}
        <Link className="font-medium text-primary underline underline-offset-4" to={registerHref}>
          {t("login.createAccount")}
        </Link>
      </p>
      <Button asChild variant="link" className="justify-self-center">
        <Link to="/">{t("common.backToHome")}</Link>
      </Button>
    </AuthCard>
  );
}
