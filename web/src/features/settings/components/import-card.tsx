import { CircleAlert, CircleCheck, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { ImportResult } from "@/lib/api/types";
import { IMPORT_MAX_BYTES, useImportArchive } from "../api/import-archive";
import { formatName } from "../import-format";
import { ImportJobs } from "./import-jobs";
import { ProgressBar } from "./progress-bar";

const importFormats = ["lifegraph", "dayOne", "journiv", "memos"] as const;

/**
 * Bringing a journal in: a zip from Lifegraph, Day One, Journiv or Memos, sent with its upload's
 * progress; then what came in, and the background search for entities in the new memories.
 */
export function ImportCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const importing = useImportArchive(userId);
  const result = importing.data;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    importing.reset();
  };

  const failure = (error: unknown) => {
    // The 413 of an import is about the archive, not a photo (the code's usual text).
    if (error instanceof ApiError && error.status === 413) return t("settings.import.tooLarge");
    return errorMessage(error, t);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(t("settings.import.chooseFirst"));
      return;
    }
    if (!file.name.toLowerCase().endsWith(".zip")) {
      setProblem(t("settings.import.notZip"));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(t("settings.import.tooLarge"));
      return;
    }
    setProblem(null);
    setSent(0);
    importing.mutate(
      { file, onProgress: setSent },
      {
        onSuccess: (answer) => {
          toast.success(t("settings.import.done"), { description: t("settings.import.doneBody", { count: answer.memories }) });
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) => {
          const message = failure(error);
          setProblem(message);
          toast.error(t("settings.import.failed"), { description: message });
        },
        onSettled: () => setSent(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Upload className="size-5 text-primary" aria-hidden="true" />
          {t("settings.import.title")}
        </CardTitle>
        <CardDescription>{t("settings.import.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{t("settings.import.formatsTitle")}</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {importFormats.map((format) => (
              <li key={format}>
                <span className="font-medium text-foreground">{formatName(format, t)}</span>
                {" — "}
                {t(`settings.import.formats.${format}`)}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t("settings.import.afterwards")}</p>
        </div>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t("settings.import.fileLabel")}</Label>
            <Input
              ref={fileInput}
              id={inputId}
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              aria-describedby={`${inputId}-hint`}
              aria-invalid={problem !== null}
              disabled={importing.isPending}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="h-auto py-1.5"
            />
            <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
              {t("settings.import.fileHint")}
            </p>
          </div>
          {problem && (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {problem}
            </p>
          )}
          {importing.isPending && <UploadProgress fraction={sent} />}
          <Button type="submit" className="justify-self-start" disabled={importing.isPending}>
            {importing.isPending ? <Spinner label={t("settings.import.importing")} /> : <Upload aria-hidden="true" />}
            {t("settings.import.button")}
          </Button>
        </form>
        {result && <ImportSummary result={result} />}
        <ImportJobs userId={userId} />
      </CardContent>
    </Card>
  );
}

/** How much of the file has gone; once all of it, the server reads the archive. */
function UploadProgress({ fraction }: { fraction: number | null }) {
  const { t } = useTranslation();
  const percent = Math.round((fraction ?? 0) * 100);
  if (fraction !== null && fraction >= 1) {
    return <p className="text-sm text-muted-foreground">{t("settings.import.reading")}</p>;
  }
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground">{t("settings.import.uploading", { percent })}</p>
      <ProgressBar value={percent} max={100} label={t("settings.import.uploadLabel")} />
    </div>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rows = [
    { label: t("settings.import.memories"), value: result.memories },
    { label: t("settings.import.entities"), value: result.entities },
    { label: t("settings.import.photos"), value: result.photos },
    { label: t("settings.import.photosSkipped"), value: result.photosSkipped },
  ];
  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-lg border p-4">
      <h3 id={titleId} className="flex items-center gap-2 font-medium">
        <CircleCheck className="size-4 text-primary" aria-hidden="true" />
        {t("settings.import.resultTitle", { format: formatName(result.format, t) })}
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map((row) => (
          <div key={row.label} className="grid">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="text-lg font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
      {result.photosSkipped > 0 && <p className="text-sm text-muted-foreground">{t("settings.import.skippedHint")}</p>}
      {!result.job && result.memories > 0 && <p className="text-sm text-muted-foreground">{t("settings.import.settled")}</p>}
    </section>
  );
}
