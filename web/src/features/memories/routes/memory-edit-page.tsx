import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { MemoryFields } from "@/components/memory-form/memory-fields";
import { PhotoField, type PhotoValue } from "@/components/memory-form/photo-field";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { Memory, UpdateMemoryRequest } from "@/lib/api/types";
import { memoryFormSchema, type MemoryFormValues } from "@/lib/memories/create-memory";
import { useMemory } from "@/lib/memories/get-memory";
import { useUpdateMemory } from "@/lib/memories/update-memory";
import { usePageTitle } from "@/lib/page-title";
import { MemoryNotFound } from "../components/memory-not-found";
import { parseMemoryId } from "./memory-detail-page";

export function MemoryEditPage() {
  const { t } = useTranslation();
  const id = parseMemoryId(useParams().id);
  const memory = useMemory(id ?? 0);
  const notFound = id === null || (memory.error instanceof ApiError && memory.error.status === 404);
  if (notFound) return <MemoryNotFound body={t("memories.edit.notFoundBody")} to="/" linkLabel={t("common.goToDashboard")} />;
  if (memory.isError) return <EditLoadFailed message={errorMessage(memory.error, t)} onRetry={() => void memory.refetch()} />;
  if (memory.isPending) return <EditSkeleton />;
  return <MemoryEditForm memory={memory.data} />;
}

function EditLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t("titles.memoryEdit"));
  return (
    <Card className="mx-auto mt-8 grid max-w-md gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t("memories.edit.loadFailed")}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={onRetry}>{t("common.retry")}</Button>
    </Card>
  );
}

function EditSkeleton() {
  const { t } = useTranslation();
  usePageTitle(t("titles.memoryEdit"));
  return (
    <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
      <Skeleton className="h-9 w-1/2" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
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
