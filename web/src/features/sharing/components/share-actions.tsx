import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { copyText, personName } from "@/features/friends";
import { errorMessage } from "@/lib/api/errors";
import type { Person } from "@/lib/api/types";
import { useCreateShareLink, useRevokeShareLinks, useUnshareWithFriend } from "../api/mutations";

/** The link toast stays a minute, so there is time to copy it (it is shown once: the server keeps only its hash). */
const LINK_TOAST_MS = 60_000;

/** Copies a link and says whether it worked; on failure the link is given to copy by hand (SPEC §8). */
export async function copyLink(url: string, t: TFunction): Promise<boolean> {
  const copied = await copyText(url);
  if (copied) toast.success(t("sharing.link.copied"));
  else toast.error(t("sharing.link.copyFailed"), { description: t("sharing.link.manualCopy", { url }), duration: LINK_TOAST_MS });
  return copied;
}

function showLinkToast(url: string, t: TFunction) {
  const id = toast.success(t("sharing.link.generated"), {
    description: (
      <span className="grid gap-1">
        <span>{t("sharing.link.generatedBody")}</span>
        <span className="font-mono text-xs break-all select-all" data-testid="share-link-url">
          {url}
        </span>
      </span>
    ),
    duration: LINK_TOAST_MS,
    action: {
      label: t("sharing.link.copy"),
      onClick: (event) => {
        // Kept open until the copy is known to have worked, so the link can still be copied by hand.
        event.preventDefault();
        void copyLink(url, t).then((copied) => copied && toast.dismiss(id));
      },
    },
  });
}

/** Share Link: a public link for 2 days, shown in a toast with a copy button. */
export function useShareLinkAction() {
  const { t } = useTranslation();
  const create = useCreateShareLink();
  const run = (memoryId: number) =>
    create.mutate(memoryId, {
      onSuccess: (link) => showLinkToast(link.absoluteUrl, t),
      onError: (error) => toast.error(t("sharing.link.failed"), { description: errorMessage(error, t) }),
    });
  return { run, isPending: create.isPending };
}

/** Ends every live public link of a memory. */
export function useEndLinkAction() {
  const { t } = useTranslation();
  const revoke = useRevokeShareLinks();
  const run = (memoryId: number) =>
    revoke.mutate(memoryId, {
      onSuccess: () => toast.success(t("sharing.link.ended"), { description: t("sharing.link.endedBody") }),
      onError: (error) => toast.error(t("sharing.link.endFailed"), { description: errorMessage(error, t) }),
    });
  return { run, isPending: revoke.isPending };
}

/** Stops sharing a memory with one friend. */
export function useStopSharingAction() {
  const { t } = useTranslation();
  const unshare = useUnshareWithFriend();
  const run = (memoryId: number, friend: Person) => {
    const name = personName(friend, t("sharing.someone"));
    unshare.mutate(
      { memoryId, friendId: friend.id },
      {
        onSuccess: () => toast.success(t("sharing.friend.stopped", { name })),
        onError: (error) => toast.error(t("sharing.friend.stopFailed"), { description: errorMessage(error, t) }),
      },
    );
  };
  return { run, isPending: unshare.isPending, pendingFriendId: unshare.isPending ? unshare.variables.friendId : null };
}
