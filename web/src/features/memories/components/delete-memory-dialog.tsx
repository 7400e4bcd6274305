import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
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
import { useDeleteMemory } from "../api/delete-memory";

interface DeleteMemoryDialogProps {
  memory: { id: number; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Asks before deleting; afterwards the writer is on /memories (docs/screens.md). */
export function DeleteMemoryDialog({ memory, onOpenChange }: DeleteMemoryDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteMemory();
  const confirm = () => {
    if (!memory) return;
    remove.mutate(memory.id, {
      onSuccess: () => {
        toast.success(t("memories.delete.done"));
        onOpenChange(false);
        void navigate("/memories");
      },
      onError: () => toast.error(t("memories.delete.failed")),
    });
  };
  return (
    <AlertDialog open={memory !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("memories.delete.title")}</AlertDialogTitle>
        <AlertDialogDescription>{t("memories.delete.body", { title: memory?.title ?? "" })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t("memories.delete.cancel")}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t("memories.delete.deleting") : t("memories.delete.confirm")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
