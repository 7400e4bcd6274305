import { Users } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { acceptedFriends, personName, useFriendships } from "@/features/friends";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { Person } from "@/lib/api/types";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useShareWithFriend } from "../api/mutations";

interface ShareWithFriendDialogProps {
  memory: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The friends it is already shared with: shown, not offered again. */
  sharedWith: Person[];
}

/** Share with Friend: one accepted friend chosen among the user's friends (SPEC §5: a friend must be chosen). */
export function ShareWithFriendDialog({ memory, open, onOpenChange, sharedWith }: ShareWithFriendDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("sharing.friend.title")}</DialogTitle>
          <DialogDescription>{t("sharing.friend.description", { title: memory.title })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: the friendships are asked for then. */}
        <ShareWithFriendForm memory={memory} sharedWith={sharedWith} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ShareWithFriendForm({ memory, sharedWith, onDone }: { memory: { id: number; title: string }; sharedWith: Person[]; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useId();
  const me = useCurrentUser().data;
  const friendships = useFriendships();
  const share = useShareWithFriend();
  const [chosen, setChosen] = useState<number | null>(null);
  const someone = t("sharing.someone");
  const friends = me ? acceptedFriends(friendships.data, me.id) : [];
  const already = new Set(sharedWith.map((person) => person.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const friend = friends.find((person) => person.id === chosen);
    if (!friend) return;
    share.mutate(
      { memoryId: memory.id, friendId: friend.id },
      {
        onSuccess: () => {
          toast.success(t("sharing.friend.shared"), {
            description: t("sharing.friend.sharedBody", { name: personName(friend, someone), title: memory.title }),
          });
          onDone();
        },
        // SPEC §8: the server's message, else 'Failed to share memory'.
        onError: (error) =>
          toast.error(t("sharing.friend.failed"), {
            description: error instanceof ApiError && (error.code || error.serverMessage) ? errorMessage(error, t) : undefined,
          }),
      },
    );
  };

  if (friendships.isPending) return <Spinner label={t("common.loading")} className="justify-self-center py-4" />;
  if (friendships.isError) {
    return (
      <div className="grid gap-3" role="alert">
        <p className="text-sm font-medium">{t("sharing.friend.loadFailed")}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(friendships.error, t)}</p>
        <Button variant="outline" className="justify-self-start" onClick={() => void friendships.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  if (friends.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-2 text-center">
        <Users className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{t("sharing.friend.noFriends")}</p>
        <Button asChild>
          <Link to="/friends" onClick={onDone}>
            {t("sharing.friend.goToFriends")}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("sharing.friend.friends")}</legend>
        <ul className="grid max-h-72 gap-2 overflow-y-auto">
          {friends.map((friend) => {
            const shared = already.has(friend.id);
            return (
              <li key={friend.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:cursor-default has-[:disabled]:opacity-70">
                  <input
                    type="radio"
                    name={name}
                    value={friend.id}
                    checked={chosen === friend.id}
                    disabled={shared || share.isPending}
                    onChange={() => setChosen(friend.id)}
                    className="size-4 accent-primary"
                  />
                  <span className="min-w-0 flex-1 truncate">{personName(friend, someone)}</span>
                  {shared && <Badge variant="secondary">{t("sharing.friend.alreadyShared")}</Badge>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={share.isPending}>
            {t("sharing.friend.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={chosen === null || share.isPending}>
          {share.isPending ? t("sharing.friend.sharing") : t("sharing.friend.share")}
        </Button>
      </DialogFooter>
    </form>
  );
}
