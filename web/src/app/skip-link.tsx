import { useTranslation } from "react-i18next";

export const MAIN_ID = "main-content";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("common.skipToContent")}
    </a>
  );
}
