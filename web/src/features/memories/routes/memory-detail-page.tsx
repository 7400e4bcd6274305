import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/page-heading";

export function MemoryDetailPage() {
  const { t } = useTranslation();
  return <PageHeading title={t("titles.memory")} />;
}
