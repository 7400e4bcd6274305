import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel } from "@/components/ui/form";
import type { ConsentForm } from "@/lib/auth/give-consent";

const CONSENTS = [
  { name: "dataProcessing", label: "register.dataProcessing" },
  { name: "terms", label: "register.terms" },
] as const;

/** The two registration consents (docs/rules.md "Consents"): data processing; terms including age 16+. */
export function ConsentFields({ control }: { control: Control<ConsentForm> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      {CONSENTS.map(({ name, label }) => (
        <FormField
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormItem className="flex items-start gap-3">
              <FormControl>
                <Checkbox
                  className="mt-0.5"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              </FormControl>
              <FormLabel className="font-normal">{t(label)}</FormLabel>
            </FormItem>
          )}
        />
      ))}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link className="text-primary underline underline-offset-4" to="/privacy-policy" target="_blank">
          {t("register.readPrivacy")}
        </Link>
        <Link className="text-primary underline underline-offset-4" to="/terms-of-service" target="_blank">
          {t("register.readTerms")}
        </Link>
      </p>
    </div>
  );
}
