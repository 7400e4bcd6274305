import { Bug, LoaderCircle, MessageSquareText, Send } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { FeedbackRequest, FeedbackType } from "@/lib/api/types";
import { cn } from "@/lib/utils";
import { useSendFeedback } from "../api/send-feedback";
import { plausibleEmail } from "../email";

interface FeedbackValues {
  type: FeedbackType;
  name: string;
  email: string;
  subject: string;
  message: string;
}

const emptyForm: FeedbackValues = { type: "feedback", name: "", email: "", subject: "", message: "" };

const types: { value: FeedbackType; icon: ReactNode }[] = [
  { value: "feedback", icon: <MessageSquareText aria-hidden="true" /> },
  { value: "bug", icon: <Bug aria-hidden="true" /> },
];

/**
 * docs/rules.md "Feedback": the type, a name and an e-mail from visitors only (a signed-in writer is
 * known by their account), an optional subject and the message, all trimmed before sending.
 */
export function FeedbackForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FeedbackValues>(emptyForm);
  const send = useSendFeedback();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId(), hint: useId(), required: useId() };
  const set = <K extends keyof FeedbackValues>(key: K, value: FeedbackValues[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const message = form.message.trim();
    const subject = form.subject.trim();
    const name = form.name.trim();
    const email = form.email.trim();
    if (message === "") {
      toast.error(t("feedback.enterMessage"));
      messageRef.current?.focus();
      return;
    }
    if (!signedIn) {
      if (name === "" || email === "") {
        toast.error(t("feedback.provideNameEmail"));
        (name === "" ? nameRef : emailRef).current?.focus();
        return;
      }
      if (!plausibleEmail(email)) {
        toast.error(t("feedback.invalidEmail"));
        emailRef.current?.focus();
        return;
      }
    }
    const body: FeedbackRequest = {
      type: form.type,
      subject: subject === "" ? null : subject,
      message,
      // docs/api.md: a signed-in writer's name and e-mail are not sent; the server knows them.
      ...(!signedIn && { userName: name, userEmail: email }),
    };
    send.mutate(body, {
      onSuccess: () => {
        toast.success(t("feedback.thanks"), { description: t(form.type === "bug" ? "feedback.thanksBug" : "feedback.thanksBody") });
        setForm(emptyForm);
      },
      // The form keeps what was written, to try again.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) toast.error(errorMessage(error, t));
        else toast.error(t("feedback.errorMessage"), { description: errorMessage(error, t) });
      },
    });
  };

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate aria-describedby={signedIn ? undefined : ids.required}>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">{t("feedback.typeLabel")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {types.map(({ value, icon }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring [&_svg]:size-5 [&_svg]:shrink-0",
                form.type === value && "border-primary bg-primary/5",
              )}
            >
              <input
                type="radio"
                name="feedback-type"
                value={value}
                checked={form.type === value}
                onChange={() => set("type", value)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="grid gap-1">
                <span className="flex items-center gap-2 font-medium">
                  {icon}
                  {t(`feedback.types.${value}`)}
                </span>
                <span className="text-sm text-muted-foreground">{t(`feedback.typeDescriptions.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {!signedIn && (
        <div className="grid gap-4 sm:grid-cols-2">
          <p id={ids.required} className="text-sm text-muted-foreground sm:col-span-2">
            {t("feedback.visitorNote")}
          </p>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>{t("feedback.name")}</Label>
            <Input
              ref={nameRef}
              id={ids.name}
              name="name"
              autoComplete="name"
              required
              aria-required="true"
              maxLength={200}
              value={form.name}
              onChange={(event) => set("name", event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>{t("feedback.email")}</Label>
            <Input
              ref={emailRef}
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-required="true"
              maxLength={200}
              value={form.email}
              onChange={(event) => set("email", event.target.value)}
            />
          </div>
        </div>
      )}

      <div className="grid gap-2">
        <Label htmlFor={ids.subject}>
          {t("feedback.subject")} <span className="font-normal text-muted-foreground">{t("feedback.optional")}</span>
        </Label>
        <Input
          id={ids.subject}
          name="subject"
          maxLength={200}
          placeholder={t(form.type === "bug" ? "feedback.subjectPlaceholderBug" : "feedback.subjectPlaceholder")}
          value={form.subject}
          onChange={(event) => set("subject", event.target.value)}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.message}>{t("feedback.message")}</Label>
        <Textarea
          ref={messageRef}
          id={ids.message}
          name="message"
          rows={6}
          required
          aria-required="true"
          aria-describedby={ids.hint}
          maxLength={5000}
          className="min-h-0"
          value={form.message}
          onChange={(event) => set("message", event.target.value)}
        />
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {t(form.type === "bug" ? "feedback.hints.bug" : "feedback.hints.feedback")}
        </p>
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {send.isPending ? t("feedback.sending") : t("feedback.submit")}
        </Button>
      </div>
    </form>
  );
}
