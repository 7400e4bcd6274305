import { Check, Copy, RefreshCw } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import { inviteLink, useInviteToken } from "../api/invite";
import { copyText } from "../copy-text";
import { dateLanguage, formatDateAndTime } from "../format";

// The QR encoder is loaded with the first invite card only, not with the app.
const QRCodeSVG = lazy(() => import("qrcode.react").then((module) => ({ default: module.QRCodeSVG })));

/** docs/constants.md: the "copied" mark goes back to "copy" after 2 s. */
export const COPIED_RESET_MS = 2000;

/** The invitation link to send: copy it, read its expiry, show its QR code, or make a new one. */
export function InviteCard() {
  const { t, i18n } = useTranslation();
  const invite = useInviteToken();
  const linkId = useId();
  const expiryId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const link = invite.data ? inviteLink(invite.data.token) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!link) {
      toast.error(t("friends.invite.noLink"));
      return;
    }
    if (await copyText(link)) {
      setCopied(true);
      toast.success(t("friends.invite.copiedToast"));
      return;
    }
    // Neither way worked: select the link so that a copy by hand is one keystroke away.
    input.current?.focus();
    input.current?.select();
    toast.error(t("friends.invite.copyFailed"), { description: t("friends.invite.manualCopy") });
  };

  const expiry = invite.data ? formatDateAndTime(invite.data.expiresAt, dateLanguage(i18n.language)) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("friends.invite.title")}</CardTitle>
        <CardDescription>{t("friends.invite.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={linkId}>{t("friends.invite.linkLabel")}</Label>
          <div className="flex gap-2">
            <Input
              ref={input}
              id={linkId}
              readOnly
              value={link ?? ""}
              aria-describedby={expiry ? expiryId : undefined}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? t("friends.invite.copied") : t("friends.invite.copy")}
            </Button>
          </div>
          {invite.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t("friends.invite.loading")}
            </p>
          ) : (
            expiry && (
              <p id={expiryId} className="text-sm text-muted-foreground">
                {t("friends.invite.expires", expiry)}
              </p>
            )
          )}
          {invite.isError && (
            <div role="alert" className="text-sm">
              <p className="font-medium text-destructive">{t("friends.invite.loadFailed")}</p>
              <p className="text-muted-foreground">{errorMessage(invite.error, t)}</p>
            </div>
          )}
          <div>
            <Button variant="outline" size="sm" disabled={invite.isFetching} onClick={() => void invite.refetch()}>
              <RefreshCw aria-hidden="true" className={invite.isFetching ? "animate-spin motion-reduce:animate-none" : undefined} />
              {invite.isError && !invite.data ? t("common.retry") : t("friends.invite.newLink")}
            </Button>
          </div>
        </div>
        {link ? (
          <figure className="grid justify-items-center gap-2">
            {/* A QR code needs dark modules on a light ground, in either theme. */}
            <div className="rounded-lg bg-white p-3">
              <Suspense fallback={<Skeleton className="size-40 bg-neutral-200" />}>
                <QRCodeSVG value={link} size={160} level="M" role="img" aria-label={t("friends.invite.qrLabel")} />
              </Suspense>
            </div>
            <figcaption className="max-w-48 text-center text-xs text-muted-foreground">{t("friends.invite.qrHint")}</figcaption>
          </figure>
        ) : (
          invite.isPending && <Skeleton className="size-[184px] justify-self-center" />
        )}
      </CardContent>
    </Card>
  );
}
