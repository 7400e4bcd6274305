import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { sharingKeys } from "@/features/sharing";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api, unwrap } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { formatDate } from "@/lib/dates";
import { dateLanguage } from "../format";
import { personName } from "../person-name";

/** How many of the latest shared memories the card lists; the memory list's tab has them all. */
export const SHARED_PREVIEW_COUNT = 5;

/** Where the memory list opens on its "Shared with me" tab. */
export const SHARED_TAB_PATH = "/memories?tab=shared";

/**
 * Under the sharing root, so that the sharing feature's changes (and a removed friendship, which
 * ends shares) refresh it; its own leaf, since it holds a list sorted here rather than by the server.
 */
const sharedPreviewKey = [...sharingKeys.sharedWithMe(), "friends-preview"] as const;

/** The latest memories friends shared with the user, newest share first, with a link to all of them. */
export function SharedWithMeCard() {
  const { t, i18n } = useTranslation();
  const language = dateLanguage(i18n.language);
  const shared = useQuery({
    queryKey: sharedPreviewKey,
    queryFn: async ({ signal }) => {
      const items = await unwrap(api.GET("/api/shared-with-me", { signal }));
      return [...items].sort((a, b) => b.sharedAt.localeCompare(a.sharedAt)).slice(0, SHARED_PREVIEW_COUNT);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("friends.shared.title")}</CardTitle>
        <CardDescription>{t("friends.shared.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {shared.isPending ? (
          <div role="status" aria-label={t("friends.shared.loading")} className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : shared.isError ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="font-medium">{t("friends.shared.loadFailed")}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(shared.error, t)}</p>
            <Button variant="outline" size="sm" onClick={() => void shared.refetch()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : shared.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("friends.shared.empty")}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t("friends.shared.title")}>
            {shared.data.map((item) => (
              <li key={item.id} className="rounded-lg border p-3">
                <Link to={`/memories/${item.memory.id}`} className="font-medium underline-offset-4 hover:underline">
                  {item.memory.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t("friends.shared.sharedBy", { name: personName(item.sharedBy, t("friends.someone")), date: formatDate(item.sharedAt, language) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to={SHARED_TAB_PATH}>{t("friends.shared.seeAll")}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
