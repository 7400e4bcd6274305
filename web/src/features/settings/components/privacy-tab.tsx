import { CircleCheck, CircleDashed, Cookie } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { CookiePreferencesDialog } from "@/components/cookie-preferences-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { User } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { isLanguage } from "@/lib/i18n";
import { DeleteAccountCard } from "./delete-account";

/** SPEC §2 "Settings", privacy and consent: the consents given, cookie choices, and account deletion. */
export function PrivacyTab({ user }: { user: User }) {
  return (
    <>
      <ConsentsCard user={user} />
      <CookiesCard />
      <DeleteAccountCard userId={user.id} />
    </>
  );
}

function ConsentsCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const consents = [
    {
      key: "dataProcessing",
      title: t("settings.privacy.dataProcessing"),
      text: t("register.dataProcessing"),
      at: user.consents.dataProcessingAt,
      link: { to: "/privacy-policy", label: t("register.readPrivacy") },
    },
    {
      key: "terms",
      title: t("settings.privacy.terms"),
      text: t("register.terms"),
      at: user.consents.termsAt,
      link: { to: "/terms-of-service", label: t("register.readTerms") },
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.privacy.consentsTitle")}</CardTitle>
        <CardDescription>{t("settings.privacy.consentsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {consents.map((consent) => (
            <li key={consent.key} className="grid gap-1 rounded-lg border p-4">
              <h3 className="flex items-center gap-2 font-medium">
                {consent.at ? (
                  <CircleCheck className="size-4 text-primary" aria-hidden="true" />
                ) : (
                  <CircleDashed className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {consent.title}
              </h3>
              <p className="text-sm text-muted-foreground">{consent.text}</p>
              <p className="text-sm font-medium">
                {consent.at
                  ? t("settings.privacy.givenOn", { date: formatDate(consent.at, language) })
                  : t("settings.privacy.notGiven")}
              </p>
              <Link to={consent.link.to} className="justify-self-start text-sm text-primary underline underline-offset-4">
                {consent.link.label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CookiesCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cookie className="size-5 text-primary" aria-hidden="true" />
          {t("settings.privacy.cookiesTitle")}
        </CardTitle>
        <CardDescription>{t("settings.privacy.cookiesDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t("settings.privacy.cookiesButton")}
        </Button>
        <CookiePreferencesDialog
          open={open}
          onOpenChange={setOpen}
          onSaved={() => toast.success(t("settings.privacy.cookiesSaved"))}
        />
      </CardContent>
    </Card>
  );
}
