import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/errors";
import { type ConsentForm, consentSchema, useGiveConsent } from "@/lib/auth/give-consent";
import { useSignOut } from "@/lib/auth/sign-out";
import { AuthCard } from "./auth-card";
import { ConsentFields } from "./consent-fields";

/**
 * Shown to a signed-in user whose consents are missing, before anything else. Once the server has
 * recorded them, the user query holds the new consents and the app continues.
 */
export function ConsentScreen() {
  const { t } = useTranslation();
  const giveConsent = useGiveConsent();
  const { signOut, isPending: signingOut } = useSignOut();
  const form = useForm<ConsentForm>({
    resolver: zodResolver(consentSchema),
    defaultValues: { dataProcessing: false, terms: false },
  });
  const onValid = (values: ConsentForm) =>
    giveConsent.mutate(values, {
      onError: (error) => toast.error(t("consent.failed"), { description: errorMessage(error, t) }),
    });
  const onInvalid = () => toast.error(t("errors.codes.consent_required"));
  return (
    <AuthCard pageTitle={t("titles.consent")} title={t("consent.title")} description={t("consent.subtitle")}>
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(onValid, onInvalid)}>
          <ConsentFields control={form.control} />
          <Button type="submit" size="lg" className="w-full" disabled={giveConsent.isPending}>
            {giveConsent.isPending ? <Spinner label={t("consent.saving")} /> : t("consent.submit")}
          </Button>
        </form>
      </Form>
      <Button variant="link" className="justify-self-center" disabled={signingOut} onClick={signOut}>
        {t("common.signOut")}
      </Button>
    </AuthCard>
  );
}
