import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateEntities } from "@/features/entities";
import { ApiError } from "@/lib/api/client";
import type { ImportResult } from "@/lib/api/types";
import { settingsKeys } from "./keys";

/** docs/api.md: an import is at most 512 MB (the server answers 413 `file_too_large` above). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * POST /api/users/{id}/import (multipart field `file`). Sent with XMLHttpRequest, whose upload
 * events tell how much has gone (fetch has none); `onProgress` hears a fraction from 0 to 1.
 * Failures are the API client's: an ApiError for an answer, a TypeError when the server is not
 * reached.
 */
export function uploadImport(userId: number, file: File, onProgress: (fraction: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/users/${userId}/import`);
    request.setRequestHeader("Accept", "application/json");
    request.withCredentials = true;
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const text = request.responseText;
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(text) as ImportResult);
        } catch {
          reject(new ApiError(request.status, request.statusText, text));
        }
      } else {
        reject(new ApiError(request.status, request.statusText, text));
      }
    });
    request.addEventListener("error", () => reject(new TypeError("The import could not reach the server")));
    request.addEventListener("abort", () => reject(new TypeError("The import was interrupted")));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

/**
 * Imports a journal. Afterwards the memories, entities and everything derived from them are
 * stale, and the list of imports shows the new one (its extraction runs in the background).
 */
export function useImportArchive(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadImport(userId, file, onProgress),
    onSuccess: () =>
      Promise.all([
        invalidateEntities(queryClient, { memories: true }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.imports(userId) }),
      ]),
  });
}
