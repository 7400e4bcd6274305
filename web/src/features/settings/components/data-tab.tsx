import { Archive, Download, FileJson, FileSpreadsheet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/errors";
import { type ExportFormat, useExportData } from "../api/export-data";
import { ImportCard } from "./import-card";

/** SPEC §2 "Settings", data: take everything away (JSON, CSV, the full archive) or bring a journal in. */
export function DataTab({ userId }: { userId: number }) {
  return (
    <>
      <ExportCard userId={userId} />
      <ArchiveCard userId={userId} />
      <ImportCard userId={userId} />
    </>
  );
}

function ExportCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const exporting = useExportData(userId);
  const start = (format: ExportFormat) =>
    exporting.mutate(format, {
      onSuccess: (fileName) => toast.success(t("settings.data.exported"), { description: fileName }),
      onError: (error) => toast.error(t("settings.data.exportFailed"), { description: errorMessage(error, t) }),
    });
  const busy = (format: ExportFormat) => exporting.isPending && exporting.variables === format;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download className="size-5 text-primary" aria-hidden="true" />
          {t("settings.data.exportTitle")}
        </CardTitle>
        <CardDescription>{t("settings.data.exportDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Button variant="outline" onClick={() => start("json")} disabled={exporting.isPending}>
            {busy("json") ? <Spinner label={t("settings.data.exporting")} /> : <FileJson aria-hidden="true" />}
            {t("settings.data.exportJson")}
          </Button>
          <p className="text-sm text-muted-foreground">{t("settings.data.jsonHint")}</p>
        </div>
        <div className="grid content-start gap-2">
          <Button variant="outline" onClick={() => start("csv")} disabled={exporting.isPending}>
            {busy("csv") ? <Spinner label={t("settings.data.exporting")} /> : <FileSpreadsheet aria-hidden="true" />}
            {t("settings.data.exportCsv")}
          </Button>
          <p className="text-sm text-muted-foreground">{t("settings.data.csvHint")}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The full archive: a plain link the browser downloads itself, so the server streams it to disk
 * and the page never holds it (a journal with gigabytes of photos).
 */
function ArchiveCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Archive className="size-5 text-primary" aria-hidden="true" />
          {t("settings.data.archiveTitle")}
        </CardTitle>
        <CardDescription>{t("settings.data.archiveDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <a href={`/api/users/${userId}/archive`} download className={buttonVariants({ variant: "outline" })}>
          <Archive aria-hidden="true" />
          {t("settings.data.archiveButton")}
        </a>
      </CardContent>
    </Card>
  );
}
