import { useTranslation } from "react-i18next";
import { LegalDocument } from "../components/legal-document";

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t("legal.privacy.title")}
      intro={t("legal.privacy.intro")}
      sections={t("legal.privacy.sections", { returnObjects: true })}
      contact={t("legal.privacy.contact")}
    />
  );
}
