import { Sparkles, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDismissBanner, useTutorialBanner } from "../api/dashboard";

/** "Complete Your Setup": shown only when the server says so; Start Tutorial dismisses it too. */
export function TutorialBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useTutorialBanner();
  const dismiss = useDismissBanner();
  if (!banner.data?.showBanner) return null;
  return (
    <Card role="region" aria-labelledby="tutorial-banner-title" className="relative flex flex-col gap-3 border-primary/40 bg-primary/5 p-5 sm:flex-row sm:items-center">
      <Sparkles className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="tutorial-banner-title" className="font-semibold">
          {t("dashboard.banner.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("dashboard.banner.body")}</p>
      </div>
      <div className="flex items-center gap-2">
        <Button
          onClick={() => {
            dismiss.mutate();
            void navigate("/tutorial");
          }}
        >
          {t("dashboard.banner.start")}
        </Button>
        <Button variant="ghost" size="icon" aria-label={t("dashboard.banner.dismiss")} onClick={() => dismiss.mutate()}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
