import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { MemoryFields } from "../components/memory-form/memory-fields";
import { PhotoField, type PhotoValue } from "../components/memory-form/photo-field";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import type { Memory, UpdateMemoryRequest } from "@/lib/api/types";
import { memoryFormSchema, type MemoryFormValues } from "../api/create-memory";
import { useUpdateMemory } from "../api/update-memory";
import { MemoryRoute } from "../components/memory-route";

export function MemoryEditPage() {
  const { t } = useTranslation();
  return (
    <MemoryRoute
      title={t("titles.memoryEdit")}
      failedHeading={t("memories.edit.loadFailed")}
      notFound={{ body: t("memories.edit.notFoundBody"), to: "/", linkLabel: t("common.goToDashboard") }}
      skeleton={["h-9 w-1/2", "h-10 w-full", "h-40 w-full"]}
    >
      {(memory) => <MemoryEditForm memory={memory} />}
    </MemoryRoute>
  );
}

function MemoryEditForm({ memory }: { memory: Memory }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateMemory();
  const [photo, setPhoto] = useState<PhotoValue | null>(
    memory.photo ? { photoUrl: memory.photo, previewUrl: memory.photoThumbnail ?? memory.photo } : null,
  );
  const [uploading, setUploading] = useState(false);
  const form = useForm<MemoryFormValues>({
    resolver: zodResolver(memoryFormSchema),
    defaultValues: {
      title: memory.title,
      content: memory.content,
      eventDate: memory.eventDate ?? "",
      location: memory.location ?? "",
    },
  });

  const submit = (values: MemoryFormValues) => {
    const body: UpdateMemoryRequest = {
      title: values.title.trim(),
      content: values.content.trim(),
      eventDate: values.eventDate || null,
      location: values.location.trim() || null,
    };
    // The photo is sent only when it changed: the stored one is referred to by its served path.
    const photoUrl = photo?.photoUrl ?? null;
    if (photoUrl !== (memory.photo ?? null)) body.photo = photoUrl;
    update.mutate(
      { id: memory.id, body },
      {
        onSuccess: () => {
          toast.success(t("memories.edit.done"));
          void navigate(`/memories/${memory.id}`);
        },
        onError: (error) => toast.error(t("memories.edit.failed"), { description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl">
      <PageHeading title={t("titles.memoryEdit")} />
      <Form {...form}>
        <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <MemoryFields form={form} />
          <PhotoField value={photo} onChange={setPhoto} onUploadingChange={setUploading} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={`/memories/${memory.id}`}>{t("memories.edit.cancel")}</Link>
            </Button>
            <Button type="submit" disabled={update.isPending || uploading}>
              {update.isPending ? t("memories.edit.saving") : t("memories.edit.save")}
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
