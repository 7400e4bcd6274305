import { Check, Undo2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api/errors";
import type { Friendship } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { otherPerson } from "../api/get-friendships";
import { useAcceptFriendship, useDeclineFriendship, useRemoveFriendship } from "../api/mutations";
import { dateLanguage } from "../format";
import { personName } from "../person-name";

interface RequestsProps {
  requests: Friendship[];
  myUserId: number;
}

/** A card title with the number of its items beside it. */
export function CountedTitle({ title, count }: { title: string; count: number }) {
  return (
    <CardTitle className="flex items-center gap-2">
      {title}{" "}
      <Badge variant="secondary">{count}</Badge>
    </CardTitle>
  );
}

/** Requests made to the user (SPEC §2 "Friends"): accept or decline each. */
export function PendingRequestsCard({ requests, myUserId }: RequestsProps) {
  const { t, i18n } = useTranslation();
  const language = dateLanguage(i18n.language);
  const accept = useAcceptFriendship();
  const decline = useDeclineFriendship();
  const busy = accept.isPending || decline.isPending;

  const onAccept = (friendship: Friendship, name: string) =>
    accept.mutate(friendship.id, {
      onSuccess: () => toast.success(t("friends.pending.accepted"), { description: t("friends.pending.acceptedBody", { name }) }),
      onError: (error) => toast.error(t("friends.pending.acceptFailed"), { description: errorMessage(error, t) }),
    });
  const onDecline = (friendship: Friendship) =>
    decline.mutate(friendship.id, {
      onSuccess: () => toast.success(t("friends.pending.declined"), { description: t("friends.pending.declinedBody") }),
      onError: (error) => toast.error(t("friends.pending.declineFailed"), { description: errorMessage(error, t) }),
    });

  return (
    <Card>
      <CardHeader>
        <CountedTitle title={t("friends.pending.title")} count={requests.length} />
        <CardDescription>{t("friends.pending.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("friends.pending.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("friends.pending.title")}>
            {requests.map((friendship) => {
              const name = personName(otherPerson(friendship, myUserId), t("friends.someone"));
              return (
                <li key={friendship.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{name}</p>
                    <p className="text-sm text-muted-foreground">
                      {t("friends.pending.requestedOn", { date: formatDate(friendship.createdAt, language) })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" disabled={busy} onClick={() => onAccept(friendship, name)} aria-label={t("friends.pending.acceptLabel", { name })}>
                      <Check aria-hidden="true" />
                      {t("friends.pending.accept")}
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => onDecline(friendship)} aria-label={t("friends.pending.declineLabel", { name })}>
                      <X aria-hidden="true" />
                      {t("friends.pending.decline")}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Requests the user made (SPEC §2 "Friends"): each waits with a pending badge, and can be withdrawn. */
export function SentRequestsCard({ requests, myUserId }: RequestsProps) {
  const { t, i18n } = useTranslation();
  const language = dateLanguage(i18n.language);
  const withdraw = useRemoveFriendship();

  const onWithdraw = (friendship: Friendship) =>
    withdraw.mutate(friendship.id, {
      onSuccess: () => toast.success(t("friends.sent.withdrawn")),
      onError: (error) => toast.error(t("friends.sent.withdrawFailed"), { description: errorMessage(error, t) }),
    });

  return (
    <Card>
      <CardHeader>
        <CountedTitle title={t("friends.sent.title")} count={requests.length} />
        <CardDescription>{t("friends.sent.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("friends.sent.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("friends.sent.title")}>
            {requests.map((friendship) => {
              const name = personName(otherPerson(friendship, myUserId), t("friends.someone"));
              return (
                <li key={friendship.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium">
                      <span className="truncate">{name}</span>
                      <Badge variant="outline">{t("friends.sent.badge")}</Badge>
                    </p>
                    <p className="text-sm text-muted-foreground">{t("friends.sent.sentOn", { date: formatDate(friendship.createdAt, language) })}</p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={withdraw.isPending}
                    onClick={() => onWithdraw(friendship)}
                    aria-label={t("friends.sent.withdrawLabel", { name })}
                  >
                    <Undo2 aria-hidden="true" />
                    {t("friends.sent.withdraw")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
