import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { PageHeading } from "@/components/page-heading";
import { useCurrentUser } from "@/lib/auth/get-user";
import { AppearanceTab } from "../components/appearance-tab";
import { DataTab } from "../components/data-tab";
import { PrivacyTab } from "../components/privacy-tab";
import { ProfileTab } from "../components/profile-tab";
import { SettingsNav } from "../components/settings-nav";
import { isSettingsTab, type SettingsTab } from "../tabs";

export { settingsTabs } from "../tabs";

/** SPEC §2 "Settings": /settings (the profile) and /settings/:tab; any other tab goes to /settings. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const { data: user } = useCurrentUser();
  if (tab !== undefined && !isSettingsTab(tab)) {
    return <Navigate to="/settings" replace />;
  }
  const current: SettingsTab = tab ?? "profile";
  return (
    <>
      <PageHeading title={t("titles.settings")} />
      <SettingsNav current={current} />
      {/* The signed-in routes exist only with a user; the check keeps the types honest. */}
      {user && (
        <div className="mx-auto grid max-w-3xl gap-6 md:mx-0">
          {current === "profile" && <ProfileTab key={user.id} user={user} />}
          {current === "appearance" && <AppearanceTab />}
          {current === "privacy" && <PrivacyTab user={user} />}
          {current === "data" && <DataTab userId={user.id} />}
        </div>
      )}
    </>
  );
}
