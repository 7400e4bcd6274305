import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api/errors";
import { useDeleteAccount } from "../api/delete-account";

/** The danger zone: deleting the account, after a confirmation typed by the writer. */
export function DeleteAccountCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          {t("settings.delete.zone")}
        </CardTitle>
        <CardDescription>{t("settings.delete.summary")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t("settings.delete.button")}
        </Button>
        <DeleteAccountDialog userId={userId} open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}

interface DialogProps {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function DeleteAccountDialog({ userId, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const deletion = useDeleteAccount(userId);
  const word = t("settings.delete.confirmWord");
  const confirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();
  // Once asked (and after), the dialog stays: the app leaves for / by itself.
  const locked = deletion.isPending || deletion.isSuccess;

  const remove = () => {
    if (!confirmed || locked) return;
    deletion.mutate(undefined, {
      onSuccess: () => toast.success(t("settings.delete.deleted"), { description: t("settings.delete.leaving") }),
      onError: (error) => toast.error(t("settings.delete.failed"), { description: errorMessage(error, t) }),
    });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (locked) return;
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>{t("settings.delete.title")}</AlertDialogTitle>
        {deletion.isSuccess ? (
          <AlertDialogDescription className="flex items-center gap-2">
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {t("settings.delete.leaving")}
          </AlertDialogDescription>
        ) : (
          <>
            <AlertDialogDescription>{t("settings.delete.warning")}</AlertDialogDescription>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>{t("settings.delete.removed")}</li>
              <li>{t("settings.delete.permanent")}</li>
              <li>{t("settings.delete.feedbackStays")}</li>
            </ul>
            <form
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                remove();
              }}
            >
              <Label htmlFor={inputId}>{t("settings.delete.typeToConfirm", { word })}</Label>
              <Input
                id={inputId}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                disabled={deletion.isPending}
              />
            </form>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={deletion.isPending}>{t("settings.delete.cancel")}</AlertDialogCancel>
              <AlertDialogConfirm disabled={!confirmed || deletion.isPending} onClick={remove}>
                {deletion.isPending ? t("settings.delete.deleting") : t("settings.delete.confirm")}
              </AlertDialogConfirm>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
