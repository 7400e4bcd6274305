import { ArrowRight, Compass, Heart, LogIn, Sparkles, Sunrise } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { usePageTitle } from "@/lib/page-title";
import { loginUrl, useRedirectParam } from "@/lib/redirect";

type ValueKey = "futureSelf" | "journey" | "lovedOnes" | "dreams";

const values: { key: ValueKey; icon: ComponentType<{ className?: string }> }[] = [
  { key: "futureSelf", icon: Sunrise },
  { key: "journey", icon: Compass },
  { key: "lovedOnes", icon: Heart },
  { key: "dreams", icon: Sparkles },
];

export function LandingPage() {
  const { t } = useTranslation();
  usePageTitle(t("titles.landing"));
  const redirect = useRedirectParam();
  const signIn = loginUrl({ redirect });
  const register = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : "/register";
  return (
    <>
      <section aria-labelledby="hero-title" className="px-4 py-16 md:py-24">
        <div className="mx-auto grid max-w-3xl gap-6 text-center">
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance md:text-5xl">
            {t("landing.hero.title")}
          </h1>
          <p className="text-lg text-pretty text-muted-foreground">{t("landing.hero.subtitle")}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={register}>
                {t("landing.hero.start")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={signIn}>
                <LogIn aria-hidden="true" />
                {t("landing.hero.signIn")}
              </a>
            </Button>
          </div>
        </div>
      </section>
      <section aria-labelledby="values-title" className="bg-muted/60 px-4 py-16">
        <div className="mx-auto max-w-5xl">
          <h2 id="values-title" className="mb-8 text-center text-2xl font-semibold md:text-3xl">
            {t("landing.values.title")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon className="size-8 text-primary" aria-hidden="true" />
                    <h3 className="text-lg font-semibold">{t(`landing.values.${key}.title`)}</h3>
                  </CardHeader>
                  <CardContent>
                    <p className="text-sm text-muted-foreground">{t(`landing.values.${key}.body`)}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="cta-title" className="px-4 py-16">
        <div className="mx-auto grid max-w-2xl gap-4 text-center">
          <h2 id="cta-title" className="text-2xl font-semibold md:text-3xl">
            {t("landing.cta.title")}
          </h2>
          <p className="text-muted-foreground">{t("landing.cta.body")}</p>
          <Button asChild size="lg" className="justify-self-center">
            <a href={signIn}>{t("landing.cta.button")}</a>
          </Button>
        </div>
      </section>
    </>
  );
}
