import { ExternalLink, Hourglass, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { PublicSharedMemory } from "@/lib/api/types";
import { usePageTitle } from "@/lib/page-title";
import { loginUrl } from "@/lib/redirect";
import { usePublicMemory } from "../api/public-memory";
import { SharedMemoryBody } from "../components/shared-memory-body";

/**
 * SPEC §2 /shared/:token, for visitors and signed-in users alike: a loading skeleton, then the
 * memory of a live public link, or the faded-memory notice whatever went wrong (SPEC §8: expired,
 * revoked, unknown and failed all look the same, with no retry).
 */
export function SharedMemoryPage() {
  const token = useParams().token ?? "";
  const memory = usePublicMemory(token);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      {memory.isSuccess ? <PublicMemory memory={memory.data} /> : memory.isPending && token !== "" ? <Loading /> : <FadedMemory />}
    </div>
  );
}

/** The button of both states: the sign-in page, in a new tab so the shared page stays open. */
function SignInButton({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild className="justify-self-center">
      <a href={loginUrl()} target="_blank" rel="noopener noreferrer">
        {label}
        <ExternalLink aria-hidden="true" />{" "}
        <span className="sr-only">{t("sharing.public.newTab")}</span>
      </a>
    </Button>
  );
}

function PublicMemory({ memory }: { memory: PublicSharedMemory }) {
  const { t } = useTranslation();
  usePageTitle(memory.title);
  return (
    <>
      <article className="grid gap-4" data-testid="public-memory">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          {t("sharing.public.sharedBy", { name: memory.sharedBy })}
        </p>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{memory.title}</h1>
        <SharedMemoryBody memory={memory} />
      </article>
      <Card className="grid gap-3 p-6 text-center">
        <p className="text-sm text-muted-foreground">{t("sharing.public.invite")}</p>
        <SignInButton label={t("sharing.public.signIn")} />
      </Card>
    </>
  );
}

function FadedMemory() {
  const { t } = useTranslation();
  usePageTitle(t("sharing.public.fadedTitle"));
  return (
    <Card className="grid justify-items-center gap-4 p-8 text-center" data-testid="faded-memory">
      <Hourglass className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{t("sharing.public.fadedTitle")}</h1>
      <p className="max-w-md text-muted-foreground">{t("sharing.public.fadedBody")}</p>
      <p className="max-w-md">{t("sharing.public.fadedInvite")}</p>
      <SignInButton label={t("sharing.public.signUp")} />
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation();
  usePageTitle(t("titles.sharedMemory"));
  return (
    <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
