import { CircleAlert, CircleCheck, LogIn, UserPlus } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { VerifiedInvite } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useAcceptInvite, useDeclineInvite, useVerifyInvite } from "../api/invite";
import { dateLanguage, formatDateAndTime } from "../format";
import { personName } from "../person-name";

/** docs/constants.md: after answering an invitation, /friends opens 1.5 s later. */
export const INVITE_REDIRECT_MS = 1500;

/** SPEC §2 "Friend invitation": who sent the link, and the answer to it. */
export function FriendAcceptPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() || null;
  return (
    <>
      <PageHeading title={t("titles.friendInvitation")} />
      <div className="mx-auto w-full max-w-lg">{!user ? <SignInRequired /> : !token ? <InvalidLink /> : <Invitation token={token} />}</div>
    </>
  );
}

/** One state of the page: an icon, a title, a text and actions, in a card. */
function StateCard({ icon, title, children, actions }: { icon: ReactNode; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-4 p-8 text-center">
      <div className="text-muted-foreground">{icon}</div>
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
      {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
    </Card>
  );
}

function GoToFriends({ variant = "default" }: { variant?: "default" | "outline" }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link to="/friends">{t("friends.invitation.goToFriends")}</Link>
    </Button>
  );
}

/** Signed out: sign in, then come back to this very link. */
function SignInRequired() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = `${location.pathname}${location.search}`;
  return (
    <StateCard
      icon={<LogIn className="size-10" aria-hidden="true" />}
      title={t("friends.invitation.signInTitle")}
      actions={
        <Button asChild>
          <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>{t("friends.invitation.signIn")}</Link>
        </Button>
      }
    >
      <p className="text-muted-foreground">{t("friends.invitation.signInBody")}</p>
    </StateCard>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <StateCard icon={<CircleAlert className="size-10" aria-hidden="true" />} title={t("friends.invitation.invalidLinkTitle")} actions={<GoToFriends />}>
      <p className="text-muted-foreground">{t("friends.invitation.invalidLinkBody")}</p>
    </StateCard>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyInvite(token);
  if (verify.isPending) {
    return (
      <Card className="flex justify-center p-10">
        <Spinner label={t("friends.invitation.checking")} className="text-muted-foreground" />
      </Card>
    );
  }
  if (verify.isError) {
    const dead = verify.error instanceof ApiError && verify.error.status === 404;
    return dead ? (
      <StateCard icon={<CircleAlert className="size-10" aria-hidden="true" />} title={t("friends.invitation.invalidTitle")} actions={<GoToFriends />}>
        <p className="text-muted-foreground">{t("friends.invitation.invalidBody")}</p>
      </StateCard>
    ) : (
      <StateCard
        icon={<CircleAlert className="size-10" aria-hidden="true" />}
        title={t("friends.invitation.checkFailedTitle")}
        actions={
          <>
            <Button onClick={() => void verify.refetch()}>{t("common.retry")}</Button>
            <GoToFriends variant="outline" />
          </>
        }
      >
        <p role="alert" className="text-muted-foreground">
          {errorMessage(verify.error, t)}
        </p>
      </StateCard>
    );
  }
  if (verify.data.own) {
    return (
      <StateCard icon={<UserPlus className="size-10" aria-hidden="true" />} title={t("friends.invitation.ownTitle")} actions={<GoToFriends />}>
        <p className="text-muted-foreground">{t("friends.invitation.ownBody")}</p>
      </StateCard>
    );
  }
  return <Answer token={token} invite={verify.data} onDeadLink={() => void verify.refetch()} />;
}

type Outcome = "sent" | "friends" | "declined";

/** The sender, the two-way note, and Accept or Decline; then /friends after 1.5 s. */
function Answer({ token, invite, onDeadLink }: { token: string; invite: VerifiedInvite; onDeadLink: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const name = personName(invite.sender, t("friends.someone"));
  const expiry = formatDateAndTime(invite.expiresAt, dateLanguage(i18n.language));

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => void navigate("/friends"), INVITE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  const failed = (title: string) => (error: Error) => {
    if (error instanceof ApiError && error.status === 404) {
      // Used or expired meanwhile: say so, and show the page's "Invalid Invitation" state.
      toast.error(t("friends.invitation.invalidToast"));
      onDeadLink();
      return;
    }
    toast.error(title, { description: errorMessage(error, t) });
  };

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (friendship) => {
        if (friendship.status === "accepted") {
          toast.success(t("friends.invitation.nowFriends"), { description: t("friends.invitation.nowFriendsBody", { name }) });
          setOutcome("friends");
        } else {
          toast.success(t("friends.invitation.requestSent"), { description: t("friends.invitation.requestSentBody", { name }) });
          setOutcome("sent");
        }
      },
      onError: failed(t("friends.invitation.acceptFailed")),
    });
  const onDecline = () =>
    decline.mutate(token, {
      onSuccess: () => {
        toast.success(t("friends.invitation.declined"), { description: t("friends.invitation.declinedBody") });
        setOutcome("declined");
      },
      onError: failed(t("friends.invitation.declineFailed")),
    });

  if (outcome) {
    const [title, body] =
      outcome === "friends"
        ? [t("friends.invitation.nowFriends"), t("friends.invitation.nowFriendsBody", { name })]
        : outcome === "sent"
          ? [t("friends.invitation.requestSent"), t("friends.invitation.requestSentBody", { name })]
          : [t("friends.invitation.declined"), t("friends.invitation.declinedBody")];
    return (
      <StateCard icon={<CircleCheck className="size-10" aria-hidden="true" />} title={title} actions={<GoToFriends />}>
        <p className="text-muted-foreground">{body}</p>
        <p role="status" className="text-sm text-muted-foreground">
          {t("friends.invitation.redirecting")}
        </p>
      </StateCard>
    );
  }

  const busy = accept.isPending || decline.isPending;
  return (
    <StateCard
      icon={<UserPlus className="size-10" aria-hidden="true" />}
      title={t("friends.invitation.title", { name })}
      actions={
        <>
          <Button disabled={busy} onClick={onAccept}>
            {t("friends.invitation.accept")}
          </Button>
          <Button variant="outline" disabled={busy} onClick={onDecline}>
            {t("friends.invitation.decline")}
          </Button>
        </>
      }
    >
      <p className="text-muted-foreground">{t("friends.invitation.note", { name })}</p>
      <p className="text-sm text-muted-foreground">{t("friends.invitation.expires", expiry)}</p>
    </StateCard>
  );
}
