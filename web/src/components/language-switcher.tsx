import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { isLanguage, languages } from "@/lib/i18n";
import { useSetLanguage } from "@/lib/preferences";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetLanguage();
  const current = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="max-sm:size-10 max-sm:px-0" aria-label={t("language.choose", { language: t(`language.${current}`) })}>
          <Languages aria-hidden="true" />
          <span aria-hidden="true" className="hidden uppercase sm:inline">
            {current}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (isLanguage(value)) setLanguage(value);
          }}
        >
          {languages.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
