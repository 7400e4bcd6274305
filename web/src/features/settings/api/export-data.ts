import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import { toDateInputValue } from "@/lib/dates";

export const exportFormats = ["json", "csv"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The file name a Content-Disposition header gives (`attachment; filename="…"`), if any. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  // Only a bare name: never a path.
  return name ? (name.split(/[\\/]/).pop() ?? null) : null;
}

/**
 * GET /api/users/{id}/export?format=: the writer's data as a file. The name is the server's
 * (`lifegraph-export-<date>.json|csv`); the same pattern is the fallback without the header.
 */
export async function exportData(userId: number, format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.GET("/api/users/{id}/export", {
    params: { path: { id: userId }, query: { format } },
    parseAs: "blob",
  });
  const blob = await unwrap(Promise.resolve(answer));
  const fileName =
    fileNameFrom(answer.response.headers.get("Content-Disposition")) ??
    `lifegraph-export-${toDateInputValue(new Date())}.${format}`;
  return { blob, fileName };
}

/** Hands a file to the browser's downloads, through an object URL freed once the download started. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Exports and saves the file; resolves with its name. */
export function useExportData(userId: number) {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const { blob, fileName } = await exportData(userId, format);
      saveFile(blob, fileName);
      return fileName;
    },
  });
}
