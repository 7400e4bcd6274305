import { Link2, Link2Off, Share2, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { personName } from "@/features/friends";
import { summarizeShareStatus, useShareStatus } from "../api/share-status";
import { useEndLinkAction, useShareLinkAction, useStopSharingAction } from "./share-actions";
import { ShareWithFriendDialog } from "./share-with-friend-dialog";

interface ShareMenuProps {
  memory: { id: number; title: string };
  /** `icon`: a small button named after the memory (cards); `button`: an outline button saying Share (the memory page). */
  variant?: "icon" | "button";
  /** Whether the menu also ends the link and stops friend shares (the memory page shows them in its sharing panel). */
  withRevoke?: boolean;
  className?: string;
}

/** SPEC §2: the Share menu of the owner's memory: Share Link (2 days), Share with Friend, and the revocations. */
export function ShareMenu({ memory, variant = "icon", withRevoke = true, className }: ShareMenuProps) {
  const { t } = useTranslation();
  const [choosingFriend, setChoosingFriend] = useState(false);
  const status = useShareStatus(memory.id);
  const { linkExpiresAt, friends } = summarizeShareStatus(status.data);
  const shareLink = useShareLinkAction();
  const endLink = useEndLinkAction();
  const stopSharing = useStopSharingAction();
  const someone = t("sharing.someone");
  const revocable = withRevoke && (linkExpiresAt !== null || friends.length > 0);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          {variant === "icon" ? (
            <Button variant="ghost" size="icon" className={className ?? "size-9"} aria-label={t("sharing.menu.open", { title: memory.title })}>
              <Share2 aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="outline" className={className}>
              <Share2 aria-hidden="true" />
              {t("sharing.menu.button")}
            </Button>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={shareLink.isPending} onSelect={() => shareLink.run(memory.id)}>
            <Link2 aria-hidden="true" />
            {t("sharing.menu.shareLink")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setChoosingFriend(true)}>
            <UserPlus aria-hidden="true" />
            {t("sharing.menu.shareWithFriend")}
          </DropdownMenuItem>
          {revocable && <DropdownMenuSeparator />}
          {withRevoke && linkExpiresAt && (
            <DropdownMenuItem disabled={endLink.isPending} onSelect={() => endLink.run(memory.id)}>
              <Link2Off aria-hidden="true" />
              {t("sharing.menu.endLink")}
            </DropdownMenuItem>
          )}
          {withRevoke &&
            friends.map((friend) => (
              <DropdownMenuItem key={friend.id} disabled={stopSharing.pendingFriendId === friend.id} onSelect={() => stopSharing.run(memory.id, friend)}>
                <UserMinus aria-hidden="true" />
                {t("sharing.menu.stopSharingWith", { name: personName(friend, someone) })}
              </DropdownMenuItem>
            ))}
          {withRevoke && status.isError && <p className="px-2 py-1.5 text-xs text-muted-foreground">{t("sharing.status.loadFailed")}</p>}
        </DropdownMenuContent>
      </DropdownMenu>
      <ShareWithFriendDialog memory={memory} open={choosingFriend} onOpenChange={setChoosingFriend} sharedWith={friends} />
    </>
  );
}
