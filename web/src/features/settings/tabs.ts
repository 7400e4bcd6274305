/** docs/screens.md: /settings/:tab, tab one of these; profile is the default. */
export const settingsTabs = ["profile", "appearance", "privacy", "data"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export function isSettingsTab(value: string | undefined): value is SettingsTab {
  return value !== undefined && (settingsTabs as readonly string[]).includes(value);
}

export function settingsPath(tab: SettingsTab): string {
  return `/settings/${tab}`;
}
