import { Database, Palette, ShieldCheck, UserRound } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { isSettingsTab, settingsPath, settingsTabs, type SettingsTab } from "../tabs";
import { NativeSelect } from "./native-select";

const icons: Record<SettingsTab, typeof UserRound> = {
  profile: UserRound,
  appearance: Palette,
  privacy: ShieldCheck,
  data: Database,
};

/**
 * SPEC §2 "Settings": the sections as a select on phones and as buttons from 768 px. Each section
 * has its own address (/settings/:tab), so both are navigation, not in-page tabs.
 */
export function SettingsNav({ current }: { current: SettingsTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectId = useId();
  return (
    <>
      <div className="mb-6 grid gap-2 md:hidden">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t("settings.nav.section")}
        </label>
        <NativeSelect
          id={selectId}
          value={current}
          onChange={(event) => {
            const tab = event.target.value;
            if (isSettingsTab(tab)) navigate(settingsPath(tab));
          }}
        >
          {settingsTabs.map((tab) => (
            <option key={tab} value={tab}>
              {t(`settings.tabs.${tab}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <nav aria-label={t("settings.nav.label")} className="mb-6 hidden md:block">
        <ul className="flex flex-wrap gap-2">
          {settingsTabs.map((tab) => {
            const Icon = icons[tab];
            const active = tab === current;
            return (
              <li key={tab}>
                <Link
                  to={settingsPath(tab)}
                  aria-current={active ? "page" : undefined}
                  className={cn(buttonVariants({ variant: active ? "default" : "outline" }))}
                >
                  <Icon aria-hidden="true" />
                  {t(`settings.tabs.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
