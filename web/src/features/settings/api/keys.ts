/** Query keys of the settings screens' own reads. */
export const settingsKeys = {
  all: ["settings"] as const,
  provider: () => [...settingsKeys.all, "provider"] as const,
  imports: (userId: number) => [...settingsKeys.all, "imports", userId] as const,
};
