import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api/errors";
import type { ConfirmedEntity, ValidationResult } from "@/lib/api/types";
import { useConfirmEntities } from "../../api/confirm-entities";
import { EntityConfirmationDialog } from "./entity-confirmation-dialog";

/** A saved memory and the entities extraction proposes for it. */
export interface PendingEntities {
  memoryId: number;
  results: ValidationResult[];
}

interface PendingEntitiesDialogProps {
  /** What to confirm; null keeps the dialog closed. */
  pending: PendingEntities | null;
  /** Confirmed, saved without entities, or closed without answering (then nothing was sent). */
  onDone: (memoryId: number) => void;
}

/**
 * The confirmation dialog for a saved memory (docs/rules.md "Memory creation flow"), after creating
 * it or after "Find entities": sends the writer's choices for that memory. On failure a toast says
 * why and the dialog stays open.
 */
export function PendingEntitiesDialog({ pending, onDone }: PendingEntitiesDialogProps) {
  const { t } = useTranslation();
  const confirm = useConfirmEntities();

  const send = (confirmedEntities: ConfirmedEntity[]) => {
    if (!pending) return;
    const { memoryId } = pending;
    confirm.mutate(
      { memoryId, confirmedEntities },
      {
        onSuccess: () => {
          if (confirmedEntities.length > 0) toast.success(t("memories.confirm.done"));
          onDone(memoryId);
        },
        onError: (error) => toast.error(t("memories.confirm.failed", { message: errorMessage(error, t) })),
      },
    );
  };

  return (
    <EntityConfirmationDialog
      open={pending !== null}
      results={pending?.results ?? []}
      busy={confirm.isPending}
      onConfirm={send}
      onSaveWithout={() => send([])}
      onDismiss={() => pending && onDone(pending.memoryId)}
    />
  );
}
