import { FlaskConical, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { betaAcknowledged } from "@/lib/cookie-consent";

/** Top notice that the product is a beta, until acknowledged on this device. */
export function BetaNotice() {
  const { t } = useTranslation();
  const acknowledged = betaAcknowledged.use();
  if (acknowledged) return null;
  const acknowledge = () => betaAcknowledged.set(true);
  return (
    <section
      aria-label={t("betaNotice.label")}
      className="relative z-30 border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 py-2 pr-12 pl-4">
        <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
        <p className="text-sm">
          <strong className="font-semibold">{t("betaNotice.title")}</strong> {t("betaNotice.body")}
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-amber-400 bg-transparent text-amber-950 hover:bg-amber-100 dark:border-amber-700 dark:text-amber-50 dark:hover:bg-amber-900"
          onClick={acknowledge}
        >
          {t("betaNotice.understand")}
        </Button>
      </div>
      <Button
        size="icon"
        variant="ghost"
        className="absolute top-1/2 right-2 size-8 -translate-y-1/2 text-amber-950 hover:bg-amber-100 dark:text-amber-50 dark:hover:bg-amber-900"
        aria-label={t("betaNotice.close")}
        onClick={acknowledge}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
