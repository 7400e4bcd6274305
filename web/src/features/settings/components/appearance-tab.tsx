import { Moon, Sun } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Language, Theme } from "@/lib/api/types";
import { isLanguage, languages } from "@/lib/i18n";
import { useSetLanguage, useSetTheme } from "@/lib/preferences";
import { useTheme } from "@/lib/theme";
import { ChoiceGroup } from "./choice-group";

/**
 * Theme and language, through the same mechanism as the header's toggle and switcher: applied at
 * once, kept on this device, and saved to the account.
 */
export function AppearanceTab() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const setTheme = useSetTheme();
  const setLanguage = useSetLanguage();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  // French loads on demand: the choice shows at once, until the interface has switched (or moved
  // on from where it was when chosen).
  const [pending, setPending] = useState<{ to: Language; from: Language } | null>(null);
  const shownLanguage = pending && pending.from === language ? pending.to : language;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.appearance.title")}</CardTitle>
        <CardDescription>{t("settings.appearance.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChoiceGroup<Theme>
          legend={t("settings.appearance.theme")}
          value={theme}
          choices={[
            { value: "light", label: t("settings.appearance.light"), icon: <Sun className="size-4" aria-hidden="true" /> },
            { value: "dark", label: t("settings.appearance.dark"), icon: <Moon className="size-4" aria-hidden="true" /> },
          ]}
          onChange={(next) => {
            setTheme(next);
            toast.success(t("settings.appearance.themeChanged"));
          }}
        />
        <ChoiceGroup
          legend={t("settings.appearance.language")}
          value={shownLanguage}
          choices={languages.map((value) => ({ value, label: t(`language.${value}`), lang: value }))}
          onChange={(next) => {
            setPending({ to: next, from: language });
            setLanguage(next);
          }}
        />
      </CardContent>
    </Card>
  );
}
