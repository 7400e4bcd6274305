import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import { useCurrentUser } from "@/lib/auth/get-user";
import { splitFriendships, useFriendships } from "../api/get-friendships";
import { PendingRequestsCard, SentRequestsCard } from "../components/friend-requests";
import { FriendsListCard } from "../components/friends-list";
import { InviteCard } from "../components/invite-card";
import { SharedWithMeCard } from "../components/shared-with-me-card";

/** SPEC §2 "Friends": invite, answer requests, see those sent, the friends, and what they share. */
export function FriendsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t("titles.friends")} />
      <div className="grid gap-6">
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("friends.privacyNote")}
        </p>
        <InviteCard />
        <Friendships />
        <SharedWithMeCard />
      </div>
    </>
  );
}

function Friendships() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const friendships = useFriendships();

  if (friendships.isPending || !user) {
    return (
      <div role="status" aria-label={t("friends.loading")} className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-48 rounded-xl lg:col-span-2" />
      </div>
    );
  }
  if (friendships.isError) {
    return (
      <EmptyState title={t("friends.loadFailed")} body={errorMessage(friendships.error, t)}>
        <Button onClick={() => void friendships.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  }
  const { accepted, received, sent } = splitFriendships(friendships.data, user.id);
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <PendingRequestsCard requests={received} myUserId={user.id} />
        <SentRequestsCard requests={sent} myUserId={user.id} />
      </div>
      <FriendsListCard friendships={accepted} myUserId={user.id} />
    </>
  );
}
