import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/dates";
import { isLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/page-title";

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** The date the legal texts were last changed; shown on both pages. */
export const LEGAL_TEXTS_UPDATED = "2026-11-22";

interface Props {
  title: string;
  intro: string;
  sections: LegalSection[];
  contact: string;
}

/** A legal text: numbered sections and a contact line. */
export function LegalDocument({ title, intro, sections, contact }: Props) {
  const { t, i18n } = useTranslation();
  usePageTitle(title);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {t("legal.lastUpdated", { date: formatDate(LEGAL_TEXTS_UPDATED, language) })}
      </p>
      <p className="mt-6">{intro}</p>
      <ol className="mt-8 grid gap-8">
        {sections.map((section, index) => (
          <li key={section.title}>
            <section aria-labelledby={`legal-section-${index + 1}`}>
              <h2 id={`legal-section-${index + 1}`} className="text-xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
            </section>
          </li>
        ))}
      </ol>
      <p className="mt-10 border-t pt-6 font-medium">{contact}</p>
    </article>
  );
}
