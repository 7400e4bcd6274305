import { Bug, Mail, MessageSquareText, Save, Trash2, UserX } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api/errors";
import type { FeedbackItem, FeedbackStatus } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { cn } from "@/lib/utils";
import { useDeleteFeedback, useUpdateFeedback } from "../api/admin";
import { useLanguage } from "../format";

const statuses: readonly FeedbackStatus[] = ["new", "reviewed", "resolved"];

function isStatus(value: string): value is FeedbackStatus {
  return (statuses as readonly string[]).includes(value);
}

/** docs/rules.md "Feedback status": new red, reviewed yellow, resolved green, readable in both themes. */
const statusClasses: Record<FeedbackStatus, string> = {
  new: "border-red-700/30 bg-red-100 text-red-900 dark:border-red-400/30 dark:bg-red-950 dark:text-red-100",
  reviewed: "border-yellow-700/30 bg-yellow-100 text-yellow-900 dark:border-yellow-400/30 dark:bg-yellow-950 dark:text-yellow-100",
  resolved: "border-green-700/30 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-950 dark:text-green-100",
};

/** Every feedback, newest first, each with its status, the administrator's notes and a delete button. */
export function FeedbackList({ items }: { items: FeedbackItem[] }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<FeedbackItem | null>(null);
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{t("admin.feedback.empty")}</p>;
  }
  return (
    <>
      <ul className="grid gap-4" aria-label={t("admin.feedback.listLabel")}>
        {items.map((item) => (
          <li key={item.id}>
            <FeedbackCard item={item} onDelete={() => setDeleting(item)} />
          </li>
        ))}
      </ul>
      <DeleteFeedbackDialog item={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}

function FeedbackCard({ item, onDelete }: { item: FeedbackItem; onDelete: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const statusId = useId();
  const update = useUpdateFeedback();
  const status = isStatus(item.status) ? item.status : null;
  const subject = item.subject?.trim() || null;
  const moment = new Date(item.createdAt);
  const time = new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit" }).format(moment);

  const changeStatus = (next: string) => {
    if (!isStatus(next) || next === item.status) return;
    update.mutate(
      { id: item.id, status: next },
      {
        onSuccess: () => toast.success(t("admin.feedback.updated")),
        onError: (error) => toast.error(t("admin.feedback.updateFailed"), { description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-5" role="article" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline" className="gap-1 [&_svg]:size-3.5">
          {item.type === "bug" ? <Bug aria-hidden="true" /> : <MessageSquareText aria-hidden="true" />}
          {item.type === "bug" ? t("admin.feedback.types.bug") : t("admin.feedback.types.feedback")}
        </Badge>
        <Badge data-testid="feedback-status" className={cn("border", status ? statusClasses[status] : "border-border bg-secondary text-secondary-foreground")}>
          <span className="sr-only">{t("admin.feedback.status")}: </span>
          {status ? t(`admin.feedback.statuses.${status}`) : item.status}
        </Badge>
        <time dateTime={item.createdAt} className="ml-auto text-muted-foreground">
          {t("admin.feedback.sentAt", { date: formatDate(moment, language), time })}
        </time>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          className="text-destructive hover:text-destructive"
          aria-label={t("admin.feedback.deleteLabel", { subject: subject ?? t("admin.feedback.noSubject") })}
        >
          <Trash2 aria-hidden="true" />
          {t("admin.feedback.delete")}
        </Button>
      </div>

      <div className="grid gap-2">
        <h3 id={headingId} className={cn("font-semibold break-words", !subject && "text-muted-foreground italic")}>
          {subject ?? t("admin.feedback.noSubject")}
        </h3>
        <p className="text-sm break-words whitespace-pre-wrap">{item.message}</p>
        <Sender item={item} />
      </div>

      <div className="grid gap-4 border-t pt-4 md:grid-cols-[12rem_1fr]">
        <div className="grid content-start gap-2">
          <Label htmlFor={statusId}>{t("admin.feedback.status")}</Label>
          <select
            id={statusId}
            value={item.status}
            disabled={update.isPending}
            onChange={(event) => changeStatus(event.target.value)}
            className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            {!status && <option value={item.status}>{item.status}</option>}
            {statuses.map((value) => (
              <option key={value} value={value}>
                {t(`admin.feedback.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <NotesEditor item={item} />
      </div>

    </Card>
  );
}

/**
 * Who sent it: a visitor's name and e-mail, or the writer's (docs/data.md "Feedback"); neither once
 * the writer deleted their account.
 */
function Sender({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const name = item.userName?.trim() || null;
  const email = item.userEmail?.trim() || null;
  if (!name && !email) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground [&_svg]:size-4">
        <UserX aria-hidden="true" />
        {t("admin.feedback.formerUser")}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground [&_svg]:size-4">
      <Mail aria-hidden="true" />
      <span>{t("admin.feedback.from")}</span>
      {name && <span className="font-medium text-foreground">{name}</span>}
      {email && (
        <a href={`mailto:${email}`} className="break-all text-primary underline-offset-4 hover:underline">
          {name ? `<${email}>` : email}
        </a>
      )}
    </p>
  );
}

function NotesEditor({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const id = useId();
  const saved = item.adminNotes ?? "";
  const [draft, setDraft] = useState(saved);
  // Notes changed on the server while the draft was untouched: the draft follows them.
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    if (draft.trim() === shown.trim()) setDraft(saved);
  }
  const update = useUpdateFeedback();
  const unchanged = draft.trim() === saved.trim();

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (unchanged || update.isPending) return;
    const notes = draft.trim();
    update.mutate(
      { id: item.id, adminNotes: notes === "" ? null : notes },
      {
        onSuccess: () => {
          setDraft(notes);
          toast.success(t("admin.feedback.updated"));
        },
        onError: (error) => toast.error(t("admin.feedback.updateFailed"), { description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <form className="grid gap-2" onSubmit={save}>
      <Label htmlFor={id}>{t("admin.feedback.notes")}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={5000}
        className="min-h-0"
        placeholder={t("admin.feedback.notesPlaceholder")}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="secondary" disabled={unchanged || update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? t("admin.feedback.savingNotes") : t("admin.feedback.saveNotes")}
        </Button>
      </div>
    </form>
  );
}

/** docs/rules.md: deleting a feedback needs confirmation. */
function DeleteFeedbackDialog({ item, onOpenChange }: { item: FeedbackItem | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteFeedback();

  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(t("admin.feedback.deleted"));
        onOpenChange(false);
      },
      onError: (error) => toast.error(t("admin.feedback.deleteFailed"), { description: errorMessage(error, t) }),
    });
  };

  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("admin.feedback.deleteTitle")}</AlertDialogTitle>
        <AlertDialogDescription>{t("admin.feedback.deleteConfirm")}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t("admin.feedback.cancel")}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t("admin.feedback.deleting") : t("admin.feedback.delete")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
