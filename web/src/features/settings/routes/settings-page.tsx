import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { PageHeading } from "@/components/page-heading";

/** docs/screens.md: /settings/:tab, tab one of these; profile is the default. */
export const settingsTabs = ["profile", "appearance", "privacy", "data"] as const;

export function SettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  if (tab !== undefined && !(settingsTabs as readonly string[]).includes(tab)) {
    return <Navigate to="/settings" replace />;
  }
  return <PageHeading title={t("titles.settings")} />;
}
