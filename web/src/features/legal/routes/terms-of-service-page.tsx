import { useTranslation } from "react-i18next";
import { LegalDocument } from "../components/legal-document";

export function TermsOfServicePage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t("legal.terms.title")}
      intro={t("legal.terms.intro")}
      sections={t("legal.terms.sections", { returnObjects: true })}
      contact={t("legal.terms.contact")}
    />
  );
}
