import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/errors";
import { checkPhoto, type PhotoProblem, photoProblemOf, useUploadPhoto } from "../../api/upload-photo";

export interface PhotoValue {
  /** What the memory stores (`photoUrl` from the upload, or the memory's current photo). */
  photoUrl: string;
  /** What to show. */
  previewUrl: string;
}

interface PhotoFieldProps {
  value: PhotoValue | null;
  onChange: (value: PhotoValue | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

const problemTexts = {
  invalid_file_type: ["memories.form.invalidFileType", "memories.form.invalidFileTypeBody"],
  file_too_large: ["memories.form.fileTooLarge", "memories.form.fileTooLargeBody"],
  image_too_large: ["memories.form.imageTooLarge", "memories.form.imageTooLargeBody"],
} as const satisfies Record<PhotoProblem, readonly [string, string]>;

/** Photo upload (docs/rules.md "Photos"): idle, uploading (with preview), done, or failed (preview cleared). */
export function PhotoField({ value, onChange, onUploadingChange }: PhotoFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => () => objectUrls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // The same toast whether the problem is found before uploading or by the server.
  const showProblem = (problem: PhotoProblem) => {
    const [title, body] = problemTexts[problem];
    toast.error(t(title), { description: t(body) });
  };

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      showProblem(problem);
      return;
    }
    const preview = URL.createObjectURL(file);
    objectUrls.current.push(preview);
    setPendingPreview(preview);
    onUploadingChange?.(true);
    upload.mutate(file, {
      onSuccess: (photo) => {
        onChange({ photoUrl: photo.photoUrl, previewUrl: preview });
        toast.success(t("memories.form.uploaded"));
      },
      onError: (error) => {
        const refused = photoProblemOf(error);
        if (refused) showProblem(refused);
        else toast.error(t("memories.form.uploadFailed"), { description: errorMessage(error, t) });
      },
      onSettled: () => {
        setPendingPreview(null);
        onUploadingChange?.(false);
      },
    });
  };

  const shown = upload.isPending ? pendingPreview : (value?.previewUrl ?? null);

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${inputId}-label`}>
        {t("memories.form.photo")}
      </span>
      {shown && (
        <div className="relative w-fit">
          <img src={shown} alt={t("memories.form.photoPreview")} className="max-h-48 rounded-md border object-cover" />
          {upload.isPending && (
            <div className="absolute inset-0 flex items-center justify-center rounded-md bg-background/70">
              <Spinner label={t("memories.form.uploading")} />
            </div>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          aria-labelledby={`${inputId}-label`}
          tabIndex={-1}
          onChange={(event) => choose(event.target.files?.[0])}
          data-testid="photo-input"
        />
        <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {value ? t("memories.form.replacePhoto") : t("memories.form.choosePhoto")}
        </Button>
        {value && !upload.isPending && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            {t("memories.form.removePhoto")}
          </Button>
        )}
      </div>
    </div>
  );
}
