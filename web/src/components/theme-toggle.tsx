import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useSetTheme } from "@/lib/preferences";
import { useTheme } from "@/lib/theme";

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const setTheme = useSetTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={next === "dark" ? t("theme.toDark") : t("theme.toLight")}
      onClick={() => setTheme(next)}
    >
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
