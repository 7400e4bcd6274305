import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/page-heading";

export function EntitiesPage() {
  const { t } = useTranslation();
  return <PageHeading title={t("titles.entities")} />;
}
