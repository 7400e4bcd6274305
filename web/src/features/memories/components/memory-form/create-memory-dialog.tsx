import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { EntityTag } from "@/components/entity-tag";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import type { ValidationResult } from "@/lib/api/types";
import { toDateInputValue } from "@/lib/dates";
import { useEntities } from "@/features/entities";
import { memoryFormSchema, useCreateMemory, type MemoryFormValues } from "../../api/create-memory";
import { MemoryFields } from "./memory-fields";
import { PendingEntitiesDialog, type PendingEntities } from "./pending-entities-dialog";
import { PhotoField, type PhotoValue } from "./photo-field";

export interface MemoryPreselection {
  /** Entities linked to the new memory at once. */
  entityIds?: number[];
  /** The event date, yyyy-MM-dd (default: today). */
  date?: string;
}

interface NewMemoryButtonProps extends MemoryPreselection {
  variant?: ButtonProps["variant"];
  className?: string;
  /** The button's text (default "New Memory"). */
  label?: string;
}

/**
 * A New Memory button with its dialog. After saving, the confirmation dialog opens when extraction
 * proposes entities; the writer then lands on the new memory (docs/screens.md "Create-memory dialog").
 */
export function NewMemoryButton({ entityIds, date, variant, className, label }: NewMemoryButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<PendingEntities | null>(null);

  const finish = (memoryId: number) => {
    setPending(null);
    void navigate(`/memories/${memoryId}?new=true`);
  };

  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label ?? t("memories.newMemory")}
      </Button>
      <CreateMemoryDialog
        open={open}
        onOpenChange={setOpen}
        entityIds={entityIds}
        date={date}
        onCreated={(memoryId, results) => {
          setOpen(false);
          if (results.length > 0) setPending({ memoryId, results });
          else finish(memoryId);
        }}
      />
      <PendingEntitiesDialog pending={pending} onDone={finish} />
    </>
  );
}

interface CreateMemoryDialogProps extends MemoryPreselection {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The memory is saved; `results` are the entities to confirm (empty when there is nothing to ask). */
  onCreated: (memoryId: number, results: ValidationResult[]) => void;
}

export function CreateMemoryDialog({ open, onOpenChange, onCreated, entityIds, date }: CreateMemoryDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("memories.create.title")}</DialogTitle>
          <DialogDescription>{t("memories.create.description")}</DialogDescription>
        </DialogHeader>
        {open && <CreateMemoryForm entityIds={entityIds} date={date} onCreated={onCreated} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateMemoryForm({
  entityIds = [],
  date,
  onCreated,
  onCancel,
}: MemoryPreselection & { onCreated: CreateMemoryDialogProps["onCreated"]; onCancel: () => void }) {
  const { t } = useTranslation();
  const create = useCreateMemory();
  const { data: entities = [] } = useEntities();
  const [photo, setPhoto] = useState<PhotoValue | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<MemoryFormValues>({
    resolver: zodResolver(memoryFormSchema),
    defaultValues: { title: "", content: "", eventDate: date ?? toDateInputValue(new Date()), location: "" },
  });
  const linked = entities.filter((entity) => entityIds.includes(entity.id));

  const submit = (values: MemoryFormValues) => {
    create.mutate(
      {
        title: values.title.trim(),
        content: values.content.trim(),
        eventDate: values.eventDate || null,
        location: values.location.trim() || null,
        photo: photo?.photoUrl ?? null,
        entities: entityIds,
      },
      {
        onSuccess: ({ memory, entityValidation }) => {
          toast.success(t("memories.create.created"));
          const results = entityValidation.needsConfirmation ? entityValidation.validationResults : [];
          onCreated(memory.id, results);
        },
        onError: (error) => toast.error(t("memories.create.failed", { message: errorMessage(error, t) })),
      },
    );
  };

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <MemoryFields form={form} />
        <PhotoField value={photo} onChange={setPhoto} onUploadingChange={setUploading} />
        {linked.length > 0 && (
          <div className="grid gap-2">
            <span className="text-sm font-medium">{t("memories.create.linked")}</span>
            <div className="flex flex-wrap gap-1.5">
              {linked.map((entity) => (
                <EntityTag key={entity.id} link={false} entity={{ id: entity.id, name: entity.name, type: entity.type, confidence: null }} />
              ))}
            </div>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t("memories.create.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending || uploading}>
            {create.isPending ? t("memories.create.saving") : t("memories.create.submit")}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
