import { Link2, Users } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { personName } from "@/features/friends";
import { errorMessage } from "@/lib/api/errors";
import type { Person } from "@/lib/api/types";
import { summarizeShareStatus, useShareStatus } from "../api/share-status";
import { dateTimeText } from "../lib/format";
import { useEndLinkAction, useStopSharingAction } from "./share-actions";

/** "Shared with Hugo and Claire", or with the first two named and the others counted. */
function sharedWithText(friends: Person[], language: string, t: TFunction): string {
  const names = friends.map((friend) => personName(friend, t("sharing.someone")));
  if (names.length <= 2) {
    return t("sharing.status.sharedWith", { names: new Intl.ListFormat(language, { type: "conjunction" }).format(names) });
  }
  return t("sharing.status.sharedWithMore", { names: names.slice(0, 2).join(", "), count: names.length - 2 });
}

/** On a memory card: small badges saying it has a live link or friends it is shared with; nothing when private. */
export function ShareStatusBadges({ memoryId }: { memoryId: number }) {
  const { t, i18n } = useTranslation();
  const status = useShareStatus(memoryId);
  const { linkExpiresAt, friends } = summarizeShareStatus(status.data);
  if (!linkExpiresAt && friends.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("sharing.status.heading")} data-testid="share-status">
      {linkExpiresAt && (
        <li>
          <Badge variant="secondary" className="gap-1 rounded-md text-left font-medium whitespace-normal">
            <Link2 className="size-3 shrink-0" aria-hidden="true" />
            {t("sharing.status.linkUntil", { date: dateTimeText(linkExpiresAt, i18n.language) })}
          </Badge>
        </li>
      )}
      {friends.length > 0 && (
        <li>
          <Badge variant="secondary" className="gap-1 rounded-md text-left font-medium whitespace-normal">
            <Users className="size-3 shrink-0" aria-hidden="true" />
            {sharedWithText(friends, i18n.language, t)}
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** On the memory page (owner view): who can see the memory, with the link's end and each friend to stop sharing with. */
export function SharingPanel({ memoryId }: { memoryId: number }) {
  const { t, i18n } = useTranslation();
  const status = useShareStatus(memoryId);
  const endLink = useEndLinkAction();
  const stopSharing = useStopSharingAction();
  const { linkExpiresAt, friends } = summarizeShareStatus(status.data);
  const someone = t("sharing.someone");
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby="memory-sharing" data-testid="sharing-panel">
      <h2 id="memory-sharing" className="text-sm font-semibold">
        {t("sharing.status.heading")}
      </h2>
      {status.isPending ? (
        <Skeleton className="h-5 w-1/2" />
      ) : status.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p>
            {t("sharing.status.loadFailed")} <span className="text-muted-foreground">({errorMessage(status.error, t)})</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : !linkExpiresAt && friends.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("sharing.status.private")}</p>
      ) : (
        <>
          {linkExpiresAt && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-1.5 text-sm">
                <Link2 className="size-4 shrink-0" aria-hidden="true" />
                {t("sharing.status.linkUntil", { date: dateTimeText(linkExpiresAt, i18n.language) })}
              </p>
              <Button variant="outline" size="sm" disabled={endLink.isPending} onClick={() => endLink.run(memoryId)}>
                {t("sharing.status.endLink")}
              </Button>
            </div>
          )}
          {friends.length > 0 && (
            <div className="grid gap-2">
              <h3 className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Users className="size-4 shrink-0" aria-hidden="true" />
                {t("sharing.status.friendsHeading")}
              </h3>
              <ul className="grid gap-2">
                {friends.map((friend) => {
                  const name = personName(friend, someone);
                  return (
                    <li key={friend.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 truncate">{name}</span>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={stopSharing.pendingFriendId === friend.id}
                        aria-label={t("sharing.status.stopSharingWith", { name })}
                        onClick={() => stopSharing.run(memoryId, friend)}
                      >
                        {t("sharing.status.stopSharing")}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
