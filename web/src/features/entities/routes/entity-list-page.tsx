import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { usePageTitle } from "@/lib/page-title";
import { isEntityRoute } from "../entity-types";

export function EntityListPage() {
  const { t } = useTranslation();
  const { entityType } = useParams();
  if (!isEntityRoute(entityType)) return <EntityTypeNotFound />;
  return <PageHeading title={t(`entityTypes.${entityType}`)} />;
}

/** docs/screens.md ("Entity list"): an unknown entity type shows this card with a way back to the dashboard. */
function EntityTypeNotFound() {
  const { t } = useTranslation();
  usePageTitle(t("titles.entityTypeNotFound"));
  return (
    <Card className="mx-auto mt-8 max-w-md text-center">
      <CardHeader className="items-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t("entities.notFound.title")}</h1>
        <CardDescription>{t("entities.notFound.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/">{t("common.goToDashboard")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
