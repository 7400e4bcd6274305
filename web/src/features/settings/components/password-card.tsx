import { ExternalLink, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSignInProvider } from "../api/sign-in-provider";

/** Only a web address may become a link (a misconfigured `javascript:` one never does). */
function webAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 "Settings", change password: Lifegraph keeps no passwords (sign-in belongs to the
 * identity provider), so the section says so and leads to the provider's account page if known.
 */
export function PasswordCard() {
  const { t } = useTranslation();
  const provider = useSignInProvider();
  const accountUrl = webAddress(provider.data?.accountUrl);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          {t("settings.password.title")}
        </CardTitle>
        <CardDescription>{t("settings.password.noPasswords")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {provider.isPending ? (
          <Skeleton className="h-10 w-64 max-w-full" />
        ) : accountUrl ? (
          <>
            <p>{t("settings.password.atProvider")}</p>
            <a
              href={accountUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
            >
              {t("settings.password.link")}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{t("settings.password.newTab")}</span>
            </a>
          </>
        ) : (
          <p>{t("settings.password.managedElsewhere")}</p>
        )}
      </CardContent>
    </Card>
  );
}
