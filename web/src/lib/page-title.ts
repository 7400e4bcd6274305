import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets document.title to "<title> · Lifegraph" while the page is shown. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const suffix = t("titles.suffix");
  useEffect(() => {
    document.title = title === suffix ? suffix : `${title} · ${suffix}`;
  }, [title, suffix]);
}
