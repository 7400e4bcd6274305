import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EntityCombobox } from "@/components/entity-combobox";
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api/errors";
import type { Entity } from "@/lib/api/types";
import { useEntities } from "../api/get-entities";
import { useDeleteEntity, useMergeEntities } from "../api/mutations";

/** docs/rules.md "Merging": choose another entity of the same type; the source goes into it for good. */
export function MergeEntityDialog({ source, onOpenChange }: { source: Entity | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={source !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("entities.merge.title", { name: source?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("entities.merge.body", { name: source?.name ?? "" })}</DialogDescription>
        </DialogHeader>
        {source && <MergeForm source={source} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MergeForm({ source, onDone }: { source: Entity; onDone: () => void }) {
  const { t } = useTranslation();
  const [targetId, setTargetId] = useState<number | null>(null);
  const { data: sameType = [] } = useEntities(source.type);
  const targets = sameType.filter((entity) => entity.id !== source.id);
  const merge = useMergeEntities();
  const submit = () => {
    if (targetId === null) return;
    merge.mutate(
      { sourceId: source.id, targetId },
      {
        onSuccess: () => {
          toast.success(t("entities.toasts.merged"));
          onDone();
        },
        onError: (error) => toast.error(t("entities.toasts.mergeFailed"), { description: errorMessage(error, t) }),
      },
    );
  };
  return (
    <>
      <EntityCombobox
        entities={targets}
        value={targetId}
        onChange={setTargetId}
        label={t("entities.merge.target")}
        placeholder={t("entities.merge.targetPlaceholder")}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={merge.isPending}>
          {t("entities.form.cancel")}
        </Button>
        <Button variant="destructive" onClick={submit} disabled={targetId === null || merge.isPending}>
          {merge.isPending ? t("entities.merge.merging") : t("entities.merge.confirm")}
        </Button>
      </DialogFooter>
    </>
  );
}

/** docs/rules.md: deleting is permanent; memories stay, their links to the entity go. */
export function DeleteEntityDialog({ entity, onOpenChange }: { entity: Entity | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteEntity();
  const confirm = () => {
    if (!entity) return;
    remove.mutate(entity.id, {
      onSuccess: () => {
        toast.success(entity.type === "lifePeriod" ? t("entities.toasts.periodDeleted") : t("entities.toasts.deleted"));
        onOpenChange(false);
      },
      onError: (error) => toast.error(t("entities.toasts.deleteFailed"), { description: errorMessage(error, t) }),
    });
  };
  return (
    <AlertDialog open={entity !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("entities.delete.title", { name: entity?.name ?? "" })}</AlertDialogTitle>
        <AlertDialogDescription>{t("entities.delete.body", { name: entity?.name ?? "" })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t("entities.form.cancel")}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t("entities.delete.deleting") : t("entities.delete.confirm")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
