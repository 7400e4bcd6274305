import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import type { Friendship, Person, SharedWithMe } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { makeUser, signedInApi, signedOutApi } from "@/test/api";
import { renderApp } from "@/test/render";
import { acceptedFriends } from "./api/get-friendships";
import { FriendAcceptPage } from "./routes/friend-accept-page";

const me = makeUser({ id: 2, firstName: "Ada", lastName: "Lovelace" });

function person(id: number, firstName: string | null, lastName: string | null, overrides: Partial<Person> = {}): Person {
  return { id, firstName, lastName, username: null, email: null, ...overrides };
}

const grace = person(5, "Grace", "Hopper");
const alan = person(6, "Alan", "Turing", { email: "alan@example.com" });
const katherine = person(7, "Katherine", "Johnson");
const self: Person = { id: 2, firstName: "Ada", lastName: "Lovelace", username: null, email: null };

/** A friendship between the signed-in user (id 2) and `other`, asked by `requestedBy`. */
function friendship(id: number, other: Person, status: "pending" | "accepted", requestedBy: number, overrides: Partial<Friendship> = {}): Friendship {
  const [user1, user2] = other.id < self.id ? [other, self] : [self, other];
  return {
    id,
    userId1: user1.id,
    userId2: user2.id,
    user1,
    user2,
    requestedBy,
    status,
    createdAt: "2026-11-10T09:00:00Z",
    updatedAt: status === "accepted" ? "2026-11-12T09:00:00Z" : "2026-11-10T09:00:00Z",
    ...overrides,
  };
}

// An expiry at 15:30 in the test machine's own time zone, so the time shown does not depend on it.
const expiresAt = new Date(2026, 11, 1, 15, 30).toISOString();

/** The handlers of /friends, with `friendships` answered as it stands at each call. */
function friendsApi(friendships: () => Friendship[], extra: Parameters<typeof signedInApi>[1] = {}) {
  let tokens = 0;
  return signedInApi(me, {
    "GET /api/friends/invite-token": () => ({ body: { token: `token-${++tokens}`, expiresAt } }),
    "GET /api/friendships": () => ({ body: friendships() }),
    "GET /api/shared-with-me": () => ({ body: [] }),
    ...extra,
  });
}

function linkFor(token: string) {
  return `${window.location.origin}/friends/accept?token=${token}`;
}

// Role queries over the whole app are slow on a busy machine (the tests also wait for real 1.5 s
// and 2 s timers).
configure({ asyncUtilTimeout: 5000 });

// Sonner keeps its toasts between tests: each test starts with none.
afterEach(() => {
  toast.dismiss();
});

describe("acceptedFriends", () => {
  it("gives the other person of each accepted friendship only", () => {
    const list = [
      friendship(1, grace, "accepted", 5),
      friendship(2, alan, "pending", 2),
      friendship(3, person(1, "Root", "User"), "accepted", 2),
      friendship(4, katherine, "pending", 7),
    ];
    expect(acceptedFriends(list, 2).map((p) => p.id)).toEqual([5, 1]);
    expect(acceptedFriends(undefined, 2)).toEqual([]);
  });
});

describe("/friends", { timeout: 20_000 }, () => {
  it("shows the invitation link, its expiry in the locale and its QR code, and makes a new link on demand", async () => {
    const { requests } = friendsApi(() => []);
    renderApp("/friends");
    const input = await screen.findByDisplayValue(linkFor("token-1"));
    expect(input).toHaveAccessibleName("Invitation link");
    expect(screen.getByText("Expires on December 1, 2026 at 3:30 PM")).toBeInTheDocument();
    const qr = await screen.findByRole("img", { name: "QR code of the invitation link" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelectorAll("path").length).toBeGreaterThan(0);
    const firstDrawing = qr.innerHTML;

    await userEvent.setup().click(screen.getByRole("button", { name: "New link" }));
    expect(await screen.findByDisplayValue(linkFor("token-2"))).toBeInTheDocument();
    // Another link, another code.
    expect(screen.getByRole("img", { name: "QR code of the invitation link" }).innerHTML).not.toBe(firstDrawing);
    expect(requests.filter((r) => r.path === "/api/friends/invite-token")).toHaveLength(2);
  });

  it("notes that friendship grants no access to memories", async () => {
    friendsApi(() => []);
    renderApp("/friends");
    expect(await screen.findByText(/Being friends gives no access to each other's memories/)).toBeInTheDocument();
  });

  it("copies the link with the Clipboard API and says so", async () => {
    friendsApi(() => []);
    const user = userEvent.setup();
    renderApp("/friends");
    await screen.findByDisplayValue(linkFor("token-1"));
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Invitation link copied to clipboard")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(linkFor("token-1"));
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
    // The mark goes back after 2 s.
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument());
  });

  describe("when the Clipboard API refuses", () => {
    afterEach(() => {
      Reflect.deleteProperty(document, "execCommand");
    });

    function refuseClipboard() {
      vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Denied", "NotAllowedError"));
    }

    it("falls back on copying a hidden text", async () => {
      friendsApi(() => []);
      const user = userEvent.setup();
      refuseClipboard();
      const copied: string[] = [];
      const execCommand = vi.fn((command: string) => {
        const area = document.activeElement as HTMLTextAreaElement;
        copied.push(`${command}:${area.value.slice(area.selectionStart, area.selectionEnd)}`);
        return true;
      });
      Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
      renderApp("/friends");
      await screen.findByDisplayValue(linkFor("token-1"));
      await user.click(screen.getByRole("button", { name: "Copy link" }));
      expect(await screen.findByText("Invitation link copied to clipboard")).toBeInTheDocument();
      expect(copied).toEqual([`copy:${linkFor("token-1")}`]);
      // The hidden text is gone.
      expect(document.querySelector("textarea")).toBeNull();
    });

    it("asks for a manual copy when both ways fail, with the link selected", async () => {
      friendsApi(() => []);
      const user = userEvent.setup();
      refuseClipboard();
      Object.defineProperty(document, "execCommand", { value: vi.fn(() => false), configurable: true });
      renderApp("/friends");
      const input = await screen.findByDisplayValue<HTMLInputElement>(linkFor("token-1"));
      await user.click(screen.getByRole("button", { name: "Copy link" }));
      expect(await screen.findByText("The link could not be copied")).toBeInTheDocument();
      expect(screen.getByText("Select the link and copy it yourself.")).toBeInTheDocument();
      expect(input).toHaveFocus();
      expect(input.value.slice(input.selectionStart!, input.selectionEnd!)).toBe(linkFor("token-1"));
    });
  });

  it("says when the link could not be fetched, and that there is nothing to copy", async () => {
    friendsApi(() => [], {
      "GET /api/friends/invite-token": () => ({ status: 500, body: { code: "internal_error", message: "boom" } }),
    });
    renderApp("/friends");
    expect(await screen.findByText("Failed to fetch invite token")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "QR code of the invitation link" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("There is no invitation link to copy yet.")).toBeInTheDocument();
  });

  it("says when the friendships could not be fetched", async () => {
    friendsApi(() => [], {
      "GET /api/friendships": () => ({ status: 500, body: { code: "internal_error", message: "boom" } }),
    });
    renderApp("/friends");
    expect(await screen.findByRole("heading", { name: "Failed to fetch friendships" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("accepts a request made to me, which moves its person to my friends", async () => {
    let list = [friendship(10, grace, "pending", 5), friendship(11, katherine, "pending", 7)];
    const { requests } = friendsApi(() => list, {
      "POST /api/friendships/10/accept": () => {
        list = [friendship(10, grace, "accepted", 5, { updatedAt: "2026-11-20T09:00:00Z" }), list[1]!];
        return { body: list[0] };
      },
    });
    renderApp("/friends");
    const requested = await screen.findByRole("list", { name: "Pending requests" });
    expect(within(requested).getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Grace Hopper",
      "Katherine Johnson",
    ]);
    expect(within(requested).getAllByText("Requested on November 10, 2026")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Pending requests 2" })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Accept the request of Grace Hopper" }));
    expect(await screen.findByText("Success! You are now friends")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/friendships/10/accept")).toBe(true);
    const friends = await screen.findByRole("list", { name: "Your friends" });
    expect(within(friends).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(friends).getByText("Friends since November 20, 2026")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Pending requests" })).queryByText("Grace Hopper")).toBeNull();
    expect(screen.getByRole("heading", { name: "Pending requests 1" })).toBeInTheDocument();
  });

  it("declines a request made to me", async () => {
    let list = [friendship(10, grace, "pending", 5)];
    const { requests } = friendsApi(() => list, {
      "POST /api/friendships/10/decline": () => {
        list = [];
        return { status: 204 };
      },
    });
    renderApp("/friends");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Decline the request of Grace Hopper" }));
    expect(await screen.findByText("Declined")).toBeInTheDocument();
    expect(screen.getByText("Friend request declined")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/friendships/10/decline")).toBe(true);
    expect(await screen.findByText("No pending requests.")).toBeInTheDocument();
  });

  it("shows the server's reason when accepting fails", async () => {
    friendsApi(() => [friendship(10, grace, "pending", 5)], {
      "POST /api/friendships/10/accept": () => ({ status: 409, body: { code: "not_pending", message: "not pending" } }),
    });
    renderApp("/friends");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Accept the request of Grace Hopper" }));
    expect(await screen.findByText("Failed to accept friend request")).toBeInTheDocument();
    expect(screen.getByText("This friend request has already been answered.")).toBeInTheDocument();
  });

  it("lists the requests I sent with a pending badge, and withdraws one", async () => {
    let list = [friendship(12, alan, "pending", 2)];
    const { requests } = friendsApi(() => list, {
      "POST /api/friendships/12/remove": () => {
        list = [];
        return { status: 204 };
      },
    });
    renderApp("/friends");
    const sent = await screen.findByRole("list", { name: "Sent requests" });
    const item = within(sent).getByRole("listitem");
    expect(within(item).getByText("Alan Turing")).toBeInTheDocument();
    expect(within(item).getByText("Pending")).toBeInTheDocument();
    expect(within(item).getByText("Sent on November 10, 2026")).toBeInTheDocument();
    // Not among the requests I am asked to answer.
    expect(screen.getByText("No pending requests.")).toBeInTheDocument();

    await userEvent.setup().click(within(item).getByRole("button", { name: "Withdraw the request to Alan Turing" }));
    expect(await screen.findByText("Request withdrawn")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/friendships/12/remove")).toBe(true);
    expect(await screen.findByText("No requests waiting for an answer.")).toBeInTheDocument();
  });

  it("lists friends with their count and friend-since date, and removes one after confirming", async () => {
    let list = [friendship(20, alan, "accepted", 6), friendship(21, katherine, "accepted", 2)];
    let finishRemoval = () => {};
    let sharedByAlan: SharedWithMe[] = [
      { id: 140, memory: { id: 40, title: "Chess night", content: "…", createdAt: "2026-11-01T10:00:00Z" }, sharedAt: "2026-11-13T10:00:00Z", sharedBy: alan },
    ];
    const { requests } = friendsApi(() => list, {
      "GET /api/shared-with-me": () => ({ body: sharedByAlan }),
      "POST /api/friendships/20/remove": () =>
        new Promise((resolve) => {
          finishRemoval = () => {
            list = [list[1]!];
            sharedByAlan = [];
            resolve({ status: 204 });
          };
        }),
    });
    const user = userEvent.setup();
    renderApp("/friends");
    const friends = await screen.findByRole("list", { name: "Your friends" });
    expect(screen.getByRole("heading", { name: "Your friends 2" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Chess night" })).toBeInTheDocument();
    const alanItem = within(friends).getByText("Alan Turing").closest("li")!;
    expect(within(alanItem).getByText("alan@example.com")).toBeInTheDocument();
    expect(within(alanItem).getByText("Friends since November 12, 2026")).toBeInTheDocument();

    // Cancelling removes no one.
    await user.click(within(alanItem).getByRole("button", { name: "Remove Alan Turing from your friends" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Alan Turing from your friends?" });
    expect(within(dialog).getByText(/Every memory you share with each other will stop being shared/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(requests.some((r) => r.path.endsWith("/remove"))).toBe(false);

    await user.click(within(alanItem).getByRole("button", { name: "Remove Alan Turing from your friends" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove friend" }));
    const busy = await within(screen.getByRole("alertdialog")).findByRole("button", { name: "Removing…" });
    expect(busy).toBeDisabled();
    finishRemoval();
    expect(await screen.findByText("Friend removed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Your friends" })).queryByText("Alan Turing")).toBeNull());
    expect(screen.getByRole("heading", { name: "Your friends 1" })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST" && r.path === "/api/friendships/20/remove")).toHaveLength(1);
    // Their shares ended with the friendship: the memory they shared is no longer listed.
    expect(await screen.findByText("No friend has shared a memory with you yet.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Chess night" })).toBeNull();
  });

  it("says when removing a friend failed and keeps them", async () => {
    friendsApi(() => [friendship(20, alan, "accepted", 6)], {
      "POST /api/friendships/20/remove": () => ({ status: 500, body: { code: "internal_error", message: "boom" } }),
    });
    const user = userEvent.setup();
    renderApp("/friends");
    await user.click(await screen.findByRole("button", { name: "Remove Alan Turing from your friends" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove friend" }));
    expect(await screen.findByText("Failed to remove friend")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on our side. Please try again.")).toBeInTheDocument();
    // The dialog stays open for another try; cancelled, the friend is still there.
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByRole("button", { name: "Remove friend" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(within(await screen.findByRole("list", { name: "Your friends" })).getByText("Alan Turing")).toBeInTheDocument();
  });

  it("lists the latest memories shared with me, newest share first, with a link to all of them", async () => {
    const shared = (id: number, title: string, sharedAt: string, sharedBy: Person): SharedWithMe => ({
      id: id + 100,
      memory: { id, title, content: "…", createdAt: "2026-11-01T10:00:00Z" },
      sharedAt,
      sharedBy,
    });
    friendsApi(() => [], {
      "GET /api/shared-with-me": () => ({
        body: [shared(31, "Older walk", "2026-11-03T10:00:00Z", alan), shared(32, "Harbour", "2026-11-15T10:00:00Z", grace)],
      }),
    });
    renderApp("/friends");
    const list = await screen.findByRole("list", { name: "Memories shared with me" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Harbour", "/memories/32"],
      ["Older walk", "/memories/31"],
    ]);
    expect(within(list).getByText("Shared by Grace Hopper on November 15, 2026")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all memories shared with me" })).toHaveAttribute("href", "/memories?tab=shared");
  });

  it("renders in French, with French dates and times", async () => {
    await changeLanguage("fr");
    friendsApi(() => [friendship(10, grace, "pending", 5), friendship(12, alan, "pending", 2), friendship(20, katherine, "accepted", 2)]);
    renderApp("/friends");
    expect(await screen.findByRole("heading", { name: "Inviter un ami" })).toBeInTheDocument();
    expect(await screen.findByText("Expire le 1 décembre 2026 à 15:30")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copier le lien" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "QR code du lien d’invitation" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Demandes en attente 1" })).toBeInTheDocument();
    expect(screen.getByText("Demandé le 10 novembre 2026")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accepter la demande de Grace Hopper" })).toBeInTheDocument();
    expect(screen.getByText("En attente")).toBeInTheDocument();
    expect(screen.getByText("Amis depuis le 12 novembre 2026")).toBeInTheDocument();
    expect(screen.getByText(/Être amis ne donne aucun accès/)).toBeInTheDocument();
  });
});

describe("/friends/accept", { timeout: 20_000 }, () => {
  const invite = (sender: Person, own = false) => () => ({ body: { sender, expiresAt, own } });

  it("asks a signed-out visitor to sign in, coming back to the link afterwards", async () => {
    signedOutApi();
    const router = createMemoryRouter([{ path: "/friends/accept", element: <FriendAcceptPage /> }], {
      initialEntries: ["/friends/accept?token=abc"],
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", `/login?redirect=${encodeURIComponent("/friends/accept?token=abc")}`);
  });

  it("says the link is invalid when it holds no token", async () => {
    const { requests } = signedInApi(me);
    renderApp("/friends/accept");
    expect(await screen.findByRole("heading", { name: "Invalid Link" })).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/friends/verify-token")).toBe(false);
  });

  it("shows a spinner while the invitation is checked", async () => {
    signedInApi(me, { "GET /api/friends/verify-token": () => new Promise(() => {}) });
    renderApp("/friends/accept?token=abc");
    const spinner = (await screen.findByText("Checking the invitation")).closest("[role=status]");
    expect(spinner).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("says an unknown, used or expired invitation is invalid, with a way to the friends page", async () => {
    signedInApi(me, { "GET /api/friends/verify-token": () => ({ status: 404, body: { code: "not_found", message: "Not found" } }) });
    renderApp("/friends/accept?token=abc");
    expect(await screen.findByRole("heading", { name: "Invalid Invitation" })).toBeInTheDocument();
    expect(screen.getByText("This invitation link is invalid or has expired")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Friends" })).toHaveAttribute("href", "/friends");
  });

  it("tells a rate-limited reader to wait, and checks again on demand", async () => {
    let calls = 0;
    signedInApi(me, {
      "GET /api/friends/verify-token": () =>
        ++calls === 1 ? { status: 429, body: { code: "rate_limited", message: "slow down" } } : { body: { sender: grace, expiresAt, own: false } },
    });
    renderApp("/friends/accept?token=abc");
    expect(await screen.findByRole("heading", { name: "The invitation could not be checked" })).toBeInTheDocument();
    expect(screen.getByText("Too many attempts. Please wait a moment and try again.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Grace Hopper invites you to be friends" })).toBeInTheDocument();
  });

  it("says when the link is the reader's own", async () => {
    signedInApi(me, { "GET /api/friends/verify-token": invite(self, true) });
    renderApp("/friends/accept?token=abc");
    expect(await screen.findByRole("heading", { name: "This is your own invitation link" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("names the sender by first and last name, else username, else 'Someone'", async () => {
    signedInApi(me, {
      "GET /api/friends/verify-token": (_request, query) => {
        const sender =
          query.get("token") === "full"
            ? grace
            : query.get("token") === "user"
              ? person(5, null, null, { username: "amazing_grace" })
              : person(5, null, null);
        return { body: { sender, expiresAt, own: false } };
      },
    });
    const { router } = renderApp("/friends/accept?token=full");
    expect(await screen.findByRole("heading", { name: "Grace Hopper invites you to be friends" })).toBeInTheDocument();
    expect(screen.getByText(/if you accept, Grace Hopper is asked to confirm/)).toBeInTheDocument();
    expect(screen.getByText("This invitation expires on December 1, 2026 at 3:30 PM.")).toBeInTheDocument();
    await router.navigate("/friends/accept?token=user");
    expect(await screen.findByRole("heading", { name: "amazing_grace invites you to be friends" })).toBeInTheDocument();
    await router.navigate("/friends/accept?token=none");
    expect(await screen.findByRole("heading", { name: "Someone invites you to be friends" })).toBeInTheDocument();
  });

  it("accepts: the request is sent to the sender, then /friends opens after 1.5 s", async () => {
    const { requests } = signedInApi(me, {
      "GET /api/friends/verify-token": invite(grace),
      "POST /api/friends/accept-invite": () => ({ body: friendship(30, grace, "pending", 2) }),
      "GET /api/friendships": () => ({ body: [friendship(30, grace, "pending", 2)] }),
      "GET /api/friends/invite-token": () => ({ body: { token: "t", expiresAt } }),
      "GET /api/shared-with-me": () => ({ body: [] }),
    });
    const { router } = renderApp("/friends/accept?token=abc");
    let navigatedAt: number | null = null;
    router.subscribe((state) => {
      if (state.location.pathname === "/friends") navigatedAt ??= Date.now();
    });
    const accept = await screen.findByRole("button", { name: "Accept" });
    const clickedAt = Date.now();
    await userEvent.setup().click(accept);
    expect(await screen.findByText("Request sent", { selector: "h2" })).toBeInTheDocument();
    expect(screen.getAllByText("Grace Hopper will be asked to confirm.").length).toBeGreaterThan(0);
    expect(requests.find((r) => r.path === "/api/friends/accept-invite")?.body).toEqual({ token: "abc" });
    expect(router.state.location.pathname).toBe("/friends/accept");
    await waitFor(() => expect(router.state.location.pathname).toBe("/friends"));
    expect(navigatedAt! - clickedAt).toBeGreaterThanOrEqual(1500);
    expect(await screen.findByRole("list", { name: "Sent requests" })).toHaveTextContent("Grace Hopper");
  });

  it("says when accepting made them friends at once", async () => {
    signedInApi(me, {
      "GET /api/friends/verify-token": invite(grace),
      "POST /api/friends/accept-invite": () => ({ body: friendship(30, grace, "accepted", 5) }),
    });
    renderApp("/friends/accept?token=abc");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Success! You are now friends", { selector: "h2" })).toBeInTheDocument();
  });

  it("declines: 'Declined - Friend request declined', then /friends after 1.5 s", async () => {
    const { requests } = signedInApi(me, {
      "GET /api/friends/verify-token": invite(grace),
      "POST /api/friends/decline-invite": () => ({ status: 204 }),
      "GET /api/friendships": () => ({ body: [] }),
      "GET /api/friends/invite-token": () => ({ body: { token: "t", expiresAt } }),
      "GET /api/shared-with-me": () => ({ body: [] }),
    });
    const { router } = renderApp("/friends/accept?token=abc");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Declined", { selector: "h2" })).toBeInTheDocument();
    expect(screen.getAllByText("Friend request declined").length).toBeGreaterThan(0);
    expect(requests.find((r) => r.path === "/api/friends/decline-invite")?.body).toEqual({ token: "abc" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/friends"));
  });

  it("says why accepting was refused, and stays", async () => {
    signedInApi(me, {
      "GET /api/friends/verify-token": invite(grace),
      "POST /api/friends/accept-invite": () => ({ status: 409, body: { code: "already_friends", message: "Already friends" } }),
    });
    const { router } = renderApp("/friends/accept?token=abc");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Failed to accept friend request")).toBeInTheDocument();
    expect(screen.getByText("You are already friends.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/friends/accept");
  });

  it("shows the invalid invitation when the link died before the answer", async () => {
    let verified = 0;
    signedInApi(me, {
      "GET /api/friends/verify-token": () =>
        ++verified === 1 ? { body: { sender: grace, expiresAt, own: false } } : { status: 404, body: { code: "not_found", message: "Not found" } },
      "POST /api/friends/accept-invite": () => ({ status: 404, body: { code: "not_found", message: "Not found" } }),
    });
    renderApp("/friends/accept?token=abc");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Invalid or expired invite link")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Invalid Invitation" })).toBeInTheDocument();
  });

  it("renders the invitation in French", async () => {
    await changeLanguage("fr");
    signedInApi(me, { "GET /api/friends/verify-token": invite(grace) });
    renderApp("/friends/accept?token=abc");
    expect(await screen.findByRole("heading", { name: "Grace Hopper vous invite à devenir amis" })).toBeInTheDocument();
    expect(screen.getByText("Cette invitation expire le 1 décembre 2026 à 15:30.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accepter" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refuser" })).toBeInTheDocument();
  });
});
