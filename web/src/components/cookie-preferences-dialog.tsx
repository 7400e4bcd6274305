import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { type CookiePreferences, cookiePreferences } from "@/lib/cookie-consent";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the choice is stored. */
  onSaved?: (preferences: CookiePreferences) => void;
}

/** The Customize dialog: essential always on and locked, analytics and functionality to choose. */
export function CookiePreferencesDialog({ open, onOpenChange, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("cookies.dialog.title")}</DialogTitle>
          <DialogDescription>{t("cookies.dialog.description")}</DialogDescription>
        </DialogHeader>
        {open && (
          <PreferencesForm
            onSave={(preferences) => {
              cookiePreferences.set(preferences);
              onOpenChange(false);
              onSaved?.(preferences);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreferencesForm({ onSave }: { onSave: (preferences: CookiePreferences) => void }) {
  const { t } = useTranslation();
  const stored = cookiePreferences.get();
  const [analytics, setAnalytics] = useState(stored?.analytics ?? false);
  const [functionality, setFunctionality] = useState(stored?.functionality ?? false);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ essential: true, analytics, functionality });
      }}
    >
      <PreferenceRow
        label={t("cookies.essential.label")}
        description={t("cookies.essential.description")}
        checked
        disabled
      />
      <PreferenceRow
        label={t("cookies.analytics.label")}
        description={t("cookies.analytics.description")}
        checked={analytics}
        onCheckedChange={setAnalytics}
      />
      <PreferenceRow
        label={t("cookies.functionality.label")}
        description={t("cookies.functionality.description")}
        checked={functionality}
        onCheckedChange={setFunctionality}
      />
      <DialogFooter>
        <Button type="submit">{t("cookies.save")}</Button>
      </DialogFooter>
    </form>
  );
}

interface RowProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

function PreferenceRow({ label, description, checked, disabled, onCheckedChange }: RowProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}
