import { useMutation } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api/client";
import type { UploadedPhoto } from "@/lib/api/types";

/** docs/rules.md ("Photos") and docs/constants.md: the photo types and size the server accepts. */
export const PHOTO_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"] as const;
export const PHOTO_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "webp"] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * What can be wrong with a chosen photo: its type and size are checked before uploading; the
 * server answers the same codes, and `image_too_large` (too many pixels) once it has decoded it.
 */
export type PhotoProblem = "invalid_file_type" | "file_too_large" | "image_too_large";
const PHOTO_PROBLEMS: readonly string[] = ["invalid_file_type", "file_too_large", "image_too_large"] satisfies PhotoProblem[];

/** The photo problem behind a failed upload, or null when the upload failed for another reason. */
export function photoProblemOf(error: unknown): PhotoProblem | null {
  return error instanceof ApiError && error.code !== null && PHOTO_PROBLEMS.includes(error.code)
    ? (error.code as PhotoProblem)
    : null;
}

/** Checks a chosen file before uploading it: its type (or, without one, its extension) and size. */
export function checkPhoto(file: Pick<File, "name" | "type" | "size">): PhotoProblem | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const typeOk = file.type
    ? (PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase())
    : (PHOTO_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return "invalid_file_type";
  if (file.size > MAX_PHOTO_BYTES) return "file_too_large";
  return null;
}

/** POST /api/photos/upload (multipart, field `photo`). */
export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  return unwrap(
    api.POST("/api/photos/upload", {
      // The document describes the field as a binary string; the form carries the File itself.
      body: { photo: file as unknown as string },
      bodySerializer: () => {
        const form = new FormData();
        form.append("photo", file);
        return form;
      },
    }),
  );
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
