import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/features/entities";
import type { Gender } from "@/lib/api/types";

/** A step of the tutorial or the onboarding flow: its heading, a sentence, then its content. */
export function StepSection({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{body}</p>
      </div>
      {children}
    </section>
  );
}

/** A gender chooser whose empty choice means "not said" (sent as null). */
export function GenderSelect({
  id,
  value,
  onChange,
  genders,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  genders: readonly Gender[];
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect id={id} value={value} onChange={onChange}>
      <option value="">{t("entities.form.notSaid")}</option>
      {genders.map((gender) => (
        <option key={gender} value={gender}>
          {t(`genders.${gender}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
