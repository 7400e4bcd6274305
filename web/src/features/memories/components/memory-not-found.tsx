import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { usePageTitle } from "@/lib/page-title";

/** docs/screens.md: the not-found card, with a link back (to /memories from the detail, to / from the edit page). */
export function MemoryNotFound({ body, to, linkLabel }: { body: string; to: string; linkLabel: string }) {
  const { t } = useTranslation();
  usePageTitle(t("titles.memoryNotFound"));
  return (
    <Card className="mx-auto mt-8 max-w-md text-center">
      <CardHeader className="items-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t("memories.detail.notFoundTitle")}</h1>
        <CardDescription>{body}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={to}>{linkLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
