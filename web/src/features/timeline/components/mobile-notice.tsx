import { MonitorSmartphone, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/media";

/** Below 768 px: an amber note that the timeline is easier on a larger screen, until dismissed. */
export function MobileNotice() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [dismissed, setDismissed] = useState(false);
  if (desktop || dismissed) return null;
  return (
    <div
      role="note"
      className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <MonitorSmartphone className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{t("timeline.mobileNotice")}</p>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1 size-8 text-amber-950 hover:bg-amber-100 dark:text-amber-50 dark:hover:bg-amber-900"
        aria-label={t("timeline.dismissMobileNotice")}
        onClick={() => setDismissed(true)}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
