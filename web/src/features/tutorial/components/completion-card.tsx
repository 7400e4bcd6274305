import { BookOpen, CalendarRange, ChevronRight, Image, Network, PartyPopper, Upload, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

type NextStep = "memories" | "graph" | "timeline" | "friends" | "photos" | "import";

/** SPEC §2: six next steps, each a link to the screen that does it. */
const nextSteps: readonly { key: NextStep; to: string; icon: ReactNode }[] = [
  { key: "memories", to: "/memories", icon: <BookOpen aria-hidden="true" /> },
  { key: "graph", to: "/", icon: <Network aria-hidden="true" /> },
  { key: "timeline", to: "/timeline", icon: <CalendarRange aria-hidden="true" /> },
  { key: "friends", to: "/friends", icon: <UserPlus aria-hidden="true" /> },
  { key: "photos", to: "/memories", icon: <Image aria-hidden="true" /> },
  { key: "import", to: "/settings/data", icon: <Upload aria-hidden="true" /> },
];

/** The end of the tutorial and of the onboarding flow: what to do next, and the dashboard button. */
export function CompletionCard({ onFinish, finishing = false }: { onFinish: () => void; finishing?: boolean }) {
  const { t } = useTranslation();
  return (
    <Card role="region" aria-labelledby="setup-done-title" className="grid gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <PartyPopper className="size-7 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="setup-done-title" className="text-xl font-semibold">
            {t("tutorial.done.heading")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("tutorial.done.body")}</p>
        </div>
      </div>
      <ul aria-label={t("tutorial.done.nextSteps")} className="grid gap-2 sm:grid-cols-2">
        {nextSteps.map((step) => (
          <li key={step.key}>
            <Link
              to={step.to}
              className="flex h-full items-start gap-3 rounded-lg border p-3 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-primary"
            >
              {step.icon}
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{t(`tutorial.done.next.${step.key}.title`)}</span>
                <span className="text-sm text-muted-foreground">{t(`tutorial.done.next.${step.key}.body`)}</span>
              </span>
              <ChevronRight className="self-center text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Button className="justify-self-end" disabled={finishing} onClick={onFinish}>
        {t("common.goToDashboard")}
      </Button>
    </Card>
  );
}
