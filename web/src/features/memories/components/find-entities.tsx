import { ScanSearch } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api/errors";
import type { Memory } from "@/lib/api/types";
import { useExtractEntities } from "../api/extract-entities";
import { PendingEntitiesDialog, type PendingEntities } from "./memory-form/pending-entities-dialog";

/**
 * "Find entities" for a memory that waits for its entities (docs/rules.md "Memory creation flow"):
 * proposes them again and opens the confirmation dialog, or says there is nothing new. The dialog
 * stays mounted when the button goes (the memory stops waiting once confirmed).
 */
export function FindEntities({ memory }: { memory: Memory }) {
  const { t } = useTranslation();
  const extract = useExtractEntities();
  const [pending, setPending] = useState<PendingEntities | null>(null);

  const find = () =>
    extract.mutate(memory.id, {
      onSuccess: ({ entityValidation }) => {
        if (entityValidation.needsConfirmation && entityValidation.validationResults.length > 0) {
          setPending({ memoryId: memory.id, results: entityValidation.validationResults });
        } else {
          toast(t("memories.findEntities.none"));
        }
      },
      onError: (error) => toast.error(t("memories.findEntities.failed", { message: errorMessage(error, t) })),
    });

  return (
    <>
      {memory.entitiesPending && (
        <Button variant="outline" size="sm" disabled={extract.isPending || pending !== null} onClick={find}>
          <ScanSearch aria-hidden="true" />
          {extract.isPending ? t("memories.findEntities.finding") : t("memories.findEntities.button")}
        </Button>
      )}
      <PendingEntitiesDialog pending={pending} onDone={() => setPending(null)} />
    </>
  );
}
