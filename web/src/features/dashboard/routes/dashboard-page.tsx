import { useTranslation } from "react-i18next";
import { NewMemoryButton } from "@/features/memories";
import { PageHeading } from "@/components/page-heading";

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t("titles.dashboard")}>
      <NewMemoryButton />
    </PageHeading>
  );
}
