import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/features/entities";
import { useUpdateProfile } from "@/features/settings";
import { errorMessage } from "@/lib/api/errors";
import type { Gender, User } from "@/lib/api/types";
import { GenderSelect, StepSection } from "@/features/tutorial";

/** SPEC §9: the profile offers "prefer not to say" besides the people step's genders. */
const profileGenders = ["male", "female", "non-binary", "other", "prefer-not-to-say"] as const satisfies readonly Gender[];

/** The onboarding flow's first step: first name (required), last name, birth date, gender. */
export function ProfileStep({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation();
  const messageId = useId();
  const save = useUpdateProfile(user.id);
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [birthDate, setBirthDate] = useState(user.birthDate ?? "");
  const [gender, setGender] = useState<string>(user.gender ?? "");
  const [tried, setTried] = useState(false);
  const missing = firstName.trim() === "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    save.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim() || null,
        birthDate: birthDate || null,
        gender: gender === "" ? null : (gender as Gender),
      },
      {
        onSuccess: onSaved,
        onError: (error) => toast.error(t("onboarding.profile.failed"), { description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <StepSection title={t("onboarding.profile.heading")} body={t("onboarding.profile.body")}>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("onboarding.profile.firstName")}>
            {(id) => (
              <Input
                id={id}
                value={firstName}
                required
                autoComplete="given-name"
                aria-invalid={tried && missing}
                aria-describedby={tried && missing ? messageId : undefined}
                onChange={(event) => setFirstName(event.target.value)}
              />
            )}
          </Field>
          <Field label={t("onboarding.profile.lastName")}>
            {(id) => <Input id={id} value={lastName} autoComplete="family-name" onChange={(event) => setLastName(event.target.value)} />}
          </Field>
          <Field label={t("onboarding.profile.birthDate")}>
            {(id) => <Input id={id} type="date" value={birthDate} onChange={(event) => setBirthDate(event.target.value)} />}
          </Field>
          <Field label={t("onboarding.profile.gender")}>
            {(id) => (
              <GenderSelect id={id} value={gender} onChange={setGender} genders={profileGenders} />
            )}
          </Field>
        </div>
        {tried && missing && (
          <p id={messageId} className="text-sm text-destructive">
            {t("onboarding.profile.firstNameRequired")}
          </p>
        )}
        <Button type="submit" className="justify-self-end" disabled={save.isPending}>
          {save.isPending ? t("tutorial.saving") : t("tutorial.continue")}
        </Button>
      </form>
    </StepSection>
  );
}
