import { Cookie } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CookiePreferencesDialog } from "@/components/cookie-preferences-dialog";
import { Button } from "@/components/ui/button";
import { acceptAllCookies, cookiePreferences, essentialCookiesOnly } from "@/lib/cookie-consent";

/** Bottom banner asking for a cookie choice, until one is stored on this device. */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  const preferences = cookiePreferences.use();
  const [customizing, setCustomizing] = useState(false);
  if (preferences !== null) return null;
  return (
    <section
      aria-label={t("cookies.banner.label")}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card text-card-foreground shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 md:flex-row md:items-center">
        <Cookie className="hidden size-8 shrink-0 text-primary md:block" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="font-semibold">{t("cookies.banner.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("cookies.banner.body")}</p>
        </div>
        <div className="flex flex-wrap gap-2 md:ml-auto md:flex-nowrap">
          <Button variant="outline" onClick={() => setCustomizing(true)}>
            {t("cookies.customize")}
          </Button>
          <Button variant="outline" onClick={() => cookiePreferences.set(essentialCookiesOnly)}>
            {t("cookies.rejectNonEssential")}
          </Button>
          <Button onClick={() => cookiePreferences.set(acceptAllCookies)}>{t("cookies.acceptAll")}</Button>
        </div>
      </div>
      <CookiePreferencesDialog open={customizing} onOpenChange={setCustomizing} />
    </section>
  );
}
