import { UserMinus } from "lucide-react";
import { useState } from "react";
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
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api/errors";
import type { Friendship } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { otherPerson } from "../api/get-friendships";
import { useRemoveFriendship } from "../api/mutations";
import { dateLanguage } from "../format";
import { personName } from "../person-name";
import { CountedTitle } from "./friend-requests";

interface FriendsListProps {
  friendships: Friendship[];
  myUserId: number;
}

/** The user's friends (SPEC §2 "Friends"): each with the day they became friends and a remove button. */
export function FriendsListCard({ friendships, myUserId }: FriendsListProps) {
  const { t, i18n } = useTranslation();
  const language = dateLanguage(i18n.language);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

  return (
    <Card>
      <CardHeader>
        <CountedTitle title={t("friends.list.title")} count={friendships.length} />
      </CardHeader>
      <CardContent>
        {friendships.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("friends.list.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("friends.list.title")}>
            {friendships.map((friendship) => {
              const person = otherPerson(friendship, myUserId);
              const name = personName(person, t("friends.someone"));
              return (
                <li key={friendship.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{name}</p>
                    {person.email && person.email !== name && <p className="truncate text-sm text-muted-foreground">{person.email}</p>}
                    <p className="text-sm text-muted-foreground">{t("friends.list.since", { date: formatDate(friendship.updatedAt, language) })}</p>
                  </div>
                  <Button size="sm" variant="outline" onClick={() => setRemoving({ id: friendship.id, name })} aria-label={t("friends.list.removeLabel", { name })}>
                    <UserMinus aria-hidden="true" />
                    {t("friends.list.remove")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <RemoveFriendDialog friend={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </Card>
  );
}

/** Asks before removing a friend: every share between the two ends (docs/rules.md "Friends"). */
function RemoveFriendDialog({ friend, onOpenChange }: { friend: { id: number; name: string } | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const remove = useRemoveFriendship();
  const name = friend?.name ?? "";

  const confirm = () => {
    if (!friend) return;
    remove.mutate(friend.id, {
      onSuccess: () => {
        toast.success(t("friends.remove.done"), { description: t("friends.remove.doneBody", { name: friend.name }) });
        onOpenChange(false);
      },
      onError: (error) => toast.error(t("friends.remove.failed"), { description: errorMessage(error, t) }),
    });
  };

  return (
    <AlertDialog open={friend !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("friends.remove.title", { name })}</AlertDialogTitle>
        <AlertDialogDescription>{t("friends.remove.body")}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t("friends.remove.cancel")}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t("friends.remove.removing") : t("friends.remove.confirm")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
