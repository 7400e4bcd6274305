import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { type ConsentForm, consentSchema } from "@/lib/auth/give-consent";
import { loginUrl, navigateTo, safeRedirect } from "@/lib/redirect";
import { AuthCard } from "../components/auth-card";
import { ConsentFields } from "../components/consent-fields";

/**
 * Sign-up: both consents first, then the provider's sign-in with consent=1, so the server records
 * the two consents with their time when the sign-in completes.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const form = useForm<ConsentForm>({
    resolver: zodResolver(consentSchema),
    defaultValues: { dataProcessing: false, terms: false },
  });
  const onValid = () => navigateTo(loginUrl({ consent: true, redirect }));
  const onInvalid = () => toast.error(t("register.consentMissing"));
  return (
    <AuthCard pageTitle={t("titles.register")} title={t("register.title")} description={t("register.subtitle")}>
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(onValid, onInvalid)}>
          <ConsentFields control={form.control} />
          <Button type="submit" size="lg" className="w-full">
            <UserPlus aria-hidden="true" />
            {t("register.button")}
          </Button>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        {t("register.haveAccount")}{" "}
        <Link
          className="font-medium text-primary underline underline-offset-4"
          to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login"}
        >
          {t("common.signIn")}
        </Link>
      </p>
      <Button asChild variant="link" className="justify-self-center">
        <Link to="/">{t("common.backToHome")}</Link>
      </Button>
    </AuthCard>
  );
}
