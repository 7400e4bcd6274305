import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import type { ImportJob } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { isLanguage } from "@/lib/i18n";
import { isRunning, useImportJobs } from "../api/import-jobs";
import { formatName } from "../import-format";
import { ProgressBar } from "./progress-bar";

/** The latest imports shown (the server keeps ten). */
const SHOWN = 3;

/**
 * The latest imports and the background search for entities in their memories, read from the
 * server (and polled while one runs), so the progress is there again after a reload.
 */
export function ImportJobs({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const jobs = useImportJobs(userId);
  const titleId = useId();
  if (jobs.isPending) return <Skeleton className="h-16 w-full" />;
  if (jobs.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("settings.import.jobsFailed")} {errorMessage(jobs.error, t)}
      </p>
    );
  }
  if (jobs.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="font-medium">
        {t("settings.import.jobsTitle")}
      </h3>
      <ul className="grid gap-3">
        {jobs.data.slice(0, SHOWN).map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}

function JobRow({ job }: { job: ImportJob }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const title = t("settings.import.jobTitle", { format: formatName(job.format, t), date: formatDate(job.createdAt, language) });
  const progress = t("settings.import.finding", { done: job.done, total: job.total });
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm">
      <p className="font-medium">{title}</p>
      {isRunning(job) ? (
        <>
          <p>{progress}</p>
          <ProgressBar value={job.done} max={job.total} label={title} valueText={progress} />
        </>
      ) : (
        <>
          <p>{t("settings.import.found", { count: job.total })}</p>
          {job.toConfirm > 0 ? (
            <p>
              {t("settings.import.toConfirm", { count: job.toConfirm })}{" "}
              <Link to="/memories" className="font-medium text-primary underline underline-offset-4">
                {t("settings.import.toMemories")}
              </Link>
            </p>
          ) : (
            <p className="text-muted-foreground">{t("settings.import.nothingToConfirm")}</p>
          )}
        </>
      )}
    </li>
  );
}
