import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Friendship, Person, ShareStatus, SharedWithMe } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi, signedOutApi, type RecordedRequest } from "@/test/api";
import { makeMemory } from "@/test/builders";
import { renderApp } from "@/test/render";
import { absoluteShareUrl } from "./api/mutations";
import { summarizeShareStatus } from "./api/share-status";
import { sharedByName } from "./lib/names";

// The signed-in user is id 2 (makeUser).
const hugo: Person = { id: 7, firstName: "Hugo", lastName: "Martin", username: null, email: "hugo@example.com" };
const claire: Person = { id: 9, firstName: "Claire", lastName: "Dubois", username: null, email: "claire@example.com" };
const zoe: Person = { id: 11, firstName: "Zoé", lastName: "Petit", username: null, email: null };
const me: Person = { id: 2, firstName: "Ada", lastName: "Lovelace", username: null, email: "ada@example.com" };

function friendship(id: number, other: Person, status: "accepted" | "pending" = "accepted"): Friendship {
  return {
    id,
    userId1: me.id,
    userId2: other.id,
    user1: me,
    user2: other,
    requestedBy: other.id,
    status,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-02T10:00:00Z",
  };
}

const future = "2030-06-17T12:00:00Z";
const past = "2020-01-01T12:00:00Z";
const notShared: ShareStatus = { shareLinks: [], sharedMemories: [] };

function sharedItem(memoryId: number, sharedBy: Person, overrides: Partial<SharedWithMe["memory"]> = {}): SharedWithMe {
  return {
    id: 100 + memoryId,
    sharedAt: "2026-11-03T10:00:00Z",
    sharedBy,
    memory: {
      id: memoryId,
      title: `Shared ${memoryId}`,
      content: "We walked by the river.",
      description: null,
      eventDate: "2024-06-15",
      location: null,
      photo: null,
      createdAt: "2026-11-01T10:00:00Z",
      ...overrides,
    },
  };
}

/** The query strings of the GET calls to `path` made so far. */
function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/**
 * The card of a memory in a list, once shown: a text query first (cheap), then its list item. The
 * memory list is a large page, and role queries over it are slow in jsdom.
 */
async function findCard(title: string) {
  return (await screen.findByText(title, { selector: "a" }, { timeout: 5000 })).closest("li")!;
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === "POST" && r.path === path);

// Clicking a toast's button: sonner captures the pointer, which jsdom cannot.
Element.prototype.setPointerCapture ??= () => {};

afterEach(() => {
  // Sonner keeps its toasts between renders: each test starts with none.
  act(() => void toast.dismiss());
});

describe("share status (SPEC §4)", () => {
  it("counts live links and unrevoked friend shares only", () => {
    const summary = summarizeShareStatus({
      shareLinks: [
        { createdAt: past, expiresAt: past },
        { createdAt: past, expiresAt: "2030-06-15T12:00:00Z" },
        { createdAt: past, expiresAt: future },
      ],
      sharedMemories: [
        { recipient: hugo, createdAt: past, revokedAt: null },
        { recipient: claire, createdAt: past, revokedAt: past },
      ],
    });
    expect(summary).toEqual({ linkExpiresAt: future, friends: [hugo] });
    expect(summarizeShareStatus({ shareLinks: [{ createdAt: past, expiresAt: past }], sharedMemories: [] })).toEqual({
      linkExpiresAt: null,
      friends: [],
    });
  });

  it("names who shared by username, else first name, else e-mail, else Someone", () => {
    expect(sharedByName({ id: 1, username: "hugo_m", firstName: "Hugo", email: "h@example.com" }, "Someone")).toBe("hugo_m");
    expect(sharedByName({ id: 1, username: " ", firstName: "Hugo", email: "h@example.com" }, "Someone")).toBe("Hugo");
    expect(sharedByName({ id: 1, email: "h@example.com" }, "Someone")).toBe("h@example.com");
    expect(sharedByName({ id: 1 }, "Someone")).toBe("Someone");
  });

  it("makes a link absolute with the page's origin, and keeps an absolute one", () => {
    expect(absoluteShareUrl("/shared/abc", "https://lifegraph.example")).toBe("https://lifegraph.example/shared/abc");
    expect(absoluteShareUrl("https://public.example/shared/abc", "http://localhost:3000")).toBe("https://public.example/shared/abc");
  });
});

// Whole-app flows with several steps: slow in jsdom on a busy machine.
describe("Share menu on a memory card", { timeout: 20_000 }, () => {
  function listApi(extra: Parameters<typeof signedInApi>[1] = {}) {
    return signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [makeMemory(1, { title: "Market" }), makeMemory(2, { title: "Beach" })], nextCursor: null } }),
      ...extra,
    });
  }

  it("asks the status of all the cards shown in one call", async () => {
    const { requests } = listApi({
      "POST /api/shared-memories/batch-status": () => ({
        body: { "1": { shareLinks: [{ createdAt: past, expiresAt: future }], sharedMemories: [{ recipient: hugo, createdAt: past, revokedAt: null }] } },
      }),
    });
    renderApp("/memories");
    const card = await findCard("Market");
    const status = await within(card).findByTestId("share-status");
    expect(status).toHaveTextContent(/Link active until June 17, 2030 at \d{1,2}:\d{2} (AM|PM)/);
    expect(status).toHaveTextContent("Shared with Hugo Martin");
    // The other memory is private: no badge.
    const other = screen.getByRole("link", { name: "Beach" }).closest("li")!;
    expect(within(other).queryByTestId("share-status")).not.toBeInTheDocument();
    expect(posts(requests, "/api/shared-memories/batch-status").map((r) => r.body)).toEqual([{ memoryIds: [1, 2] }]);
  });

  it("Share Link makes a 2-day link, shows it with a copy button, and copies it", async () => {
    let status = notShared;
    const { requests } = listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: { "1": status, "2": notShared } }),
      "POST /api/memories/1/share": () => {
        status = { shareLinks: [{ createdAt: past, expiresAt: future }], sharedMemories: [] };
        return { status: 201, body: { success: true, shareUrl: "/shared/tok-123", expiresAt: future } };
      },
    });
    renderApp("/memories");
    const user = userEvent.setup();
    await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Share Link" }));
    expect(await screen.findByText("Link generated")).toBeInTheDocument();
    expect(screen.getByText("Anyone with this link can view your memory for 2 days.")).toBeInTheDocument();
    const url = `${window.location.origin}/shared/tok-123`;
    expect(screen.getByTestId("share-link-url")).toHaveTextContent(url);
    expect(posts(requests, "/api/memories/1/share")).toHaveLength(1);
    // The card now says it has a live link (its status was asked again, for this memory alone).
    const card = screen.getByRole("link", { name: "Market" }).closest("li")!;
    expect(await within(card).findByTestId("share-status")).toHaveTextContent("Link active until June 17, 2030");
    expect(posts(requests, "/api/shared-memories/batch-status").at(-1)?.body).toEqual({ memoryIds: [1] });

    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied to clipboard")).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  it("copies with the hidden text area when the clipboard refuses, and gives the link to copy by hand when that fails too", async () => {
    listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: {} }),
      "POST /api/memories/1/share": () => ({ status: 201, body: { success: true, shareUrl: "https://public.example/shared/t", expiresAt: future } }),
    });
    renderApp("/memories");
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
    try {
      await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
      await user.click(screen.getByRole("menuitem", { name: "Share Link" }));
      await user.click(await screen.findByRole("button", { name: "Copy link" }));
      expect(await screen.findByText("Link copied to clipboard")).toBeInTheDocument();
      expect(execCommand).toHaveBeenCalledWith("copy");

      execCommand.mockReturnValue(false);
      await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
      await user.click(screen.getByRole("menuitem", { name: "Share Link" }));
      await waitFor(() => expect(screen.getAllByRole("button", { name: "Copy link" })).toHaveLength(1));
      await user.click(screen.getByRole("button", { name: "Copy link" }));
      expect(await screen.findByText("The link could not be copied")).toBeInTheDocument();
      expect(screen.getByText("Select the link and copy it yourself: https://public.example/shared/t")).toBeInTheDocument();
      // The link's toast stays, to copy from.
      expect(screen.getByTestId("share-link-url")).toHaveTextContent("https://public.example/shared/t");
    } finally {
      Reflect.deleteProperty(document, "execCommand");
    }
  });

  it("says when the link cannot be made", async () => {
    listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: {} }),
      "POST /api/memories/1/share": () => ({ status: 500, body: { message: "boom", code: "internal_error" } }),
    });
    renderApp("/memories");
    const user = userEvent.setup();
    await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Share Link" }));
    expect(await screen.findByText("Failed to create shareable link")).toBeInTheDocument();
    expect(screen.queryByText("Link generated")).not.toBeInTheDocument();
  });

  it("Share with Friend offers the accepted friends only, needs a choice, and shares", async () => {
    let status: ShareStatus = { shareLinks: [], sharedMemories: [{ recipient: claire, createdAt: past, revokedAt: null }] };
    const { requests } = listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: { "1": status } }),
      "GET /api/friendships": () => ({ body: [friendship(1, hugo), friendship(2, claire), friendship(3, zoe, "pending")] }),
      "POST /api/memories/1/share-with-friend": () => {
        status = {
          shareLinks: [],
          sharedMemories: [...status.sharedMemories, { recipient: hugo, createdAt: past, revokedAt: null }],
        };
        return { body: { recipient: hugo, createdAt: past, revokedAt: null } };
      },
    });
    renderApp("/memories");
    const user = userEvent.setup();
    const card = await findCard("Market");
    await within(card).findByTestId("share-status");
    await user.click(screen.getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Share with Friend" }));
    const dialog = await screen.findByRole("dialog", { name: "Share with a friend" });
    const hugoChoice = await within(dialog).findByRole("radio", { name: "Hugo Martin" });
    // Already shared with Claire: shown, not offered again; a pending request is no friend.
    expect(within(dialog).getByRole("radio", { name: /Claire Dubois/ })).toBeDisabled();
    expect(within(dialog).getByText("Already shared")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Zoé/)).not.toBeInTheDocument();
    const share = within(dialog).getByRole("button", { name: "Share" });
    expect(share).toBeDisabled();
    await user.click(hugoChoice);
    await user.click(share);
    expect(await screen.findByText("Memory shared")).toBeInTheDocument();
    expect(screen.getByText("Hugo Martin can now read “Market”.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(requests, "/api/memories/1/share-with-friend").map((r) => r.body)).toEqual([{ friendId: 7 }]);
    await waitFor(() => expect(within(card).getByTestId("share-status")).toHaveTextContent("Shared with Claire Dubois and Hugo Martin"));
  });

  it("says the server's reason when sharing with a friend is refused, else that it failed", async () => {
    let answer = { status: 400, body: { message: "Not a friend", code: "not_a_friend" } as unknown };
    listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: {} }),
      "GET /api/friendships": () => ({ body: [friendship(1, hugo)] }),
      "POST /api/memories/1/share-with-friend": () => answer,
    });
    renderApp("/memories");
    const user = userEvent.setup();
    await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Share with Friend" }));
    const dialog = await screen.findByRole("dialog", { name: "Share with a friend" });
    await user.click(await within(dialog).findByRole("radio", { name: "Hugo Martin" }));
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    expect(await screen.findByText("Failed to share memory")).toBeInTheDocument();
    expect(screen.getByText("You can share a memory only with an accepted friend.")).toBeInTheDocument();
    // The dialog stays open to try again.
    expect(screen.getByRole("dialog", { name: "Share with a friend" })).toBeInTheDocument();

    act(() => void toast.dismiss());
    answer = { status: 502, body: undefined };
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    expect(await screen.findByText("Failed to share memory")).toBeInTheDocument();
    expect(screen.queryByText("You can share a memory only with an accepted friend.")).not.toBeInTheDocument();
  });

  it("with no friends yet, leads to the friends page", async () => {
    const { requests } = listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: {} }),
      "GET /api/friendships": () => ({ body: [friendship(3, zoe, "pending")] }),
    });
    const { router } = renderApp("/memories");
    const user = userEvent.setup();
    await user.click(within(await findCard("Market")).getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Share with Friend" }));
    const dialog = await screen.findByRole("dialog", { name: "Share with a friend" });
    expect(await within(dialog).findByText(/You have no friends on Lifegraph yet/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("link", { name: "Go to friends" }));
    expect(router.state.location.pathname).toBe("/friends");
    expect(requests.some((r) => r.path.endsWith("/share-with-friend"))).toBe(false);
  });

  it("ends the link and stops sharing with a friend from the menu", async () => {
    let status: ShareStatus = {
      shareLinks: [{ createdAt: past, expiresAt: future }],
      sharedMemories: [{ recipient: hugo, createdAt: past, revokedAt: null }],
    };
    const { requests } = listApi({
      "POST /api/shared-memories/batch-status": () => ({ body: { "1": status } }),
      "DELETE /api/memories/1/share": () => {
        status = { ...status, shareLinks: [] };
        return { status: 204 };
      },
      "DELETE /api/memories/1/share-with-friend/7": () => {
        status = { ...status, sharedMemories: [{ recipient: hugo, createdAt: past, revokedAt: future }] };
        return { status: 204 };
      },
    });
    renderApp("/memories");
    const user = userEvent.setup();
    const card = await findCard("Market");
    await within(card).findByTestId("share-status");
    await user.click(screen.getByRole("button", { name: "Share “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "End public link" }));
    expect(await screen.findByText("Link ended")).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId("share-status")).not.toHaveTextContent("Link active"));
    await user.click(screen.getByRole("button", { name: "Share “Market”" }));
    expect(screen.queryByRole("menuitem", { name: "End public link" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Stop sharing with Hugo Martin" }));
    expect(await screen.findByText("Stopped sharing with Hugo Martin")).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByTestId("share-status")).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      "/api/memories/1/share",
      "/api/memories/1/share-with-friend/7",
    ]);
  });
});

// Whole-app flows with several steps: slow in jsdom on a busy machine.
describe("sharing on the memory page (owner view)", { timeout: 20_000 }, () => {
  it("shows who can see it, and revokes from its panel", async () => {
    let status: ShareStatus = {
      shareLinks: [
        { createdAt: past, expiresAt: past },
        { createdAt: past, expiresAt: future },
      ],
      sharedMemories: [
        { recipient: hugo, createdAt: past, revokedAt: null },
        { recipient: claire, createdAt: past, revokedAt: past },
      ],
    };
    const { requests } = signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: makeMemory(3, { title: "Market" }) }),
      "POST /api/shared-memories/batch-status": () => ({ body: { "3": status } }),
      "DELETE /api/memories/3/share": () => {
        status = { ...status, shareLinks: [] };
        return { status: 204 };
      },
      "DELETE /api/memories/3/share-with-friend/7": () => {
        status = { ...status, sharedMemories: status.sharedMemories.map((s) => ({ ...s, revokedAt: future })) };
        return { status: 204 };
      },
    });
    renderApp("/memories/3");
    await screen.findByRole("heading", { level: 1, name: "Market" });
    const panel = screen.getByRole("region", { name: "Sharing" });
    expect(await within(panel).findByText(/Link active until June 17, 2030/)).toBeInTheDocument();
    expect(within(panel).getByText("Hugo Martin")).toBeInTheDocument();
    // A revoked share is no longer shown.
    expect(within(panel).queryByText("Claire Dubois")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole("button", { name: "End link" }));
    expect(await screen.findByText("Link ended")).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText(/Link active until/)).not.toBeInTheDocument());
    await user.click(within(panel).getByRole("button", { name: "Stop sharing with Hugo Martin" }));
    expect(await within(panel).findByText("Only you can see this memory.")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/api/memories/3/share", "/api/memories/3/share-with-friend/7"]);
  });

  it("says when the status cannot be loaded", async () => {
    signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: makeMemory(3, { title: "Market" }) }),
      "POST /api/shared-memories/batch-status": () => ({ status: 500, body: { message: "boom", code: "internal_error" } }),
    });
    renderApp("/memories/3");
    await screen.findByRole("heading", { level: 1, name: "Market" });
    expect(await within(screen.getByRole("region", { name: "Sharing" })).findByText("Failed to fetch share status")).toBeInTheDocument();
  });
});

// Whole-app flows with several steps: slow in jsdom on a busy machine.
describe("Shared with me tab", { timeout: 20_000 }, () => {
  it("is asked for only when shown, and names who shared each memory", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [], nextCursor: null } }),
      "GET /api/shared-with-me": () => ({
        body: [
          sharedItem(21, { id: 7, username: "hugo_m", firstName: "Hugo", email: "hugo@example.com" }, { title: "Picnic", location: "Lyon", photo: "/api/shared-with-me/21/photo" }),
          sharedItem(22, { id: 9, username: null, firstName: "Claire", email: "claire@example.com" }, { title: "Concert", eventDate: null }),
          sharedItem(23, { id: 10, email: "zoe@example.com" }, { title: "Hike" }),
          sharedItem(24, { id: 12 }, { title: "Dinner" }),
        ],
      }),
    });
    const { router } = renderApp("/memories");
    await screen.findByText("No memories yet");
    expect(queriesOf(fetchMock, "/api/shared-with-me")).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Shared with me" }));
    expect(router.state.location.search).toBe("?tab=shared");
    const list = await screen.findByRole("list", { name: "Memories shared with me" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards.map((card) => within(card).getByText(/^Shared by /).textContent)).toEqual([
      "Shared by hugo_m",
      "Shared by Claire",
      "Shared by zoe@example.com",
      "Shared by Someone",
    ]);
    expect(within(cards[0]!).getByRole("link", { name: "Picnic" })).toHaveAttribute("href", "/memories/21");
    expect(within(cards[0]!).getByRole("img", { name: "Photo of “Picnic”" })).toHaveAttribute("src", "/api/shared-with-me/21/photo");
    expect(within(cards[0]!).getByText("Lyon")).toBeInTheDocument();
    expect(within(cards[0]!).getByText("June 15, 2024")).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Unknown date")).toBeInTheDocument();
    // Read-only: no share or more menu on a friend's memory.
    expect(within(list).queryByRole("button")).not.toBeInTheDocument();
    const query = queriesOf(fetchMock, "/api/shared-with-me")[0]!;
    expect([query.get("sortBy"), query.get("sortOrder"), query.has("search")]).toEqual(["createdAt", "desc", false]);
  });

  it("searches and sorts on the server, with its own box and menu, and says when nothing matches", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/shared-with-me": (_request, query) => ({ body: query.get("search") ? [] : [sharedItem(21, hugo, { title: "Picnic" })] }),
    });
    renderApp("/memories?tab=shared");
    await findCard("Picnic");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Sort shared memories/ }));
    await user.click(screen.getByRole("menuitemradio", { name: "Event date, oldest first" }));
    await waitFor(() => expect(queriesOf(fetchMock, "/api/shared-with-me").at(-1)?.get("sortBy")).toBe("eventDate"));
    expect(queriesOf(fetchMock, "/api/shared-with-me").at(-1)?.get("sortOrder")).toBe("asc");

    await user.type(screen.getByRole("searchbox", { name: "Search shared memories" }), "river");
    expect(await screen.findByText("No shared memories match")).toBeInTheDocument();
    expect(queriesOf(fetchMock, "/api/shared-with-me").at(-1)?.get("search")).toBe("river");
    expect(screen.queryByRole("link", { name: "Go to friends" })).not.toBeInTheDocument();
  });

  it("with nothing shared, leads to the friends page", async () => {
    signedInApi(makeUser(), { "GET /api/shared-with-me": () => ({ body: [] }) });
    renderApp("/memories?tab=shared");
    expect(await screen.findByText("No memories shared with you")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to friends" })).toHaveAttribute("href", "/friends");
  });

  it("says when the list cannot be loaded", async () => {
    signedInApi(makeUser(), { "GET /api/shared-with-me": () => ({ status: 500, body: { message: "boom", code: "internal_error" } }) });
    renderApp("/memories?tab=shared");
    expect(await screen.findByText("Failed to fetch shared memories")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("a memory shared with me, on its page", () => {
  it("falls back to the shared memory: who shared it, its photo, and no owner actions", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/shared-with-me/5": () => ({
        body: sharedItem(5, { id: 7, username: null, firstName: "Hugo", email: "hugo@example.com" }, {
          title: "Sunday lunch",
          location: "Lyon",
          photo: "/api/shared-with-me/5/photo",
          content: "Grandma's tart.",
        }),
      }),
    });
    renderApp("/memories/5");
    expect(await screen.findByRole("heading", { level: 1, name: "Sunday lunch" })).toBeInTheDocument();
    expect(document.title).toBe("Sunday lunch · Lifegraph");
    expect(screen.getByText("Shared by Hugo")).toBeInTheDocument();
    expect(screen.getByText("June 15, 2024")).toBeInTheDocument();
    expect(screen.getByText("Lyon")).toBeInTheDocument();
    expect(screen.getByText("Grandma's tart.")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Photo of “Sunday lunch”" })).toHaveAttribute("src", "/api/shared-with-me/5/photo");
    expect(screen.getByRole("link", { name: "Back to memories" })).toHaveAttribute("href", "/memories?tab=shared");
    const main = screen.getByRole("main");
    for (const name of ["Edit", "Delete", "Share"]) {
      expect(within(main).queryByRole("button", { name })).not.toBeInTheDocument();
      expect(within(main).queryByRole("link", { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole("region", { name: "Sharing" })).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/memories/5", "/api/shared-with-me/5"]));
    expect(requests.some((r) => r.path === "/api/shared-memories/batch-status")).toBe(false);
  });

  it("is not found when it is neither the user's nor shared with them", async () => {
    const { requests } = signedInApi(makeUser());
    renderApp("/memories/99");
    expect(await screen.findByRole("heading", { level: 1, name: "Memory not found" })).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/shared-with-me/99")).toBe(true);
  });
});

describe("/shared/:token", () => {
  const publicMemory = {
    title: "Lake day",
    content: "We swam until sunset.",
    eventDate: "2024-06-15",
    location: "Annecy",
    photo: "/api/shared/tok/photo",
    sharedBy: "Ada Lovelace",
  };

  it("shows a skeleton, then the memory, to a visitor, with sign-in in a new tab", async () => {
    const answers: ((value: { body: unknown }) => void)[] = [];
    signedOutApi({ "GET /api/shared/tok": () => new Promise((resolve) => answers.push(resolve)) });
    renderApp("/shared/tok");
    expect(await screen.findByRole("status", { name: "Loading…" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]!({ body: publicMemory }));
    expect(await screen.findByRole("heading", { level: 1, name: "Lake day" })).toBeInTheDocument();
    expect(document.title).toBe("Lake day · Lifegraph");
    expect(screen.getByText("Ada Lovelace shared this memory")).toBeInTheDocument();
    expect(screen.getByText("June 15, 2024")).toBeInTheDocument();
    expect(screen.getByText("Annecy")).toBeInTheDocument();
    expect(screen.getByText("We swam until sunset.")).toBeInTheDocument();
    const photo = screen.getByRole("img", { name: "Photo of “Lake day”" });
    expect(photo).toHaveAttribute("src", "/api/shared/tok/photo");
    const signIn = screen.getByRole("link", { name: "Sign in to Lifegraph (opens in a new tab)" });
    expect(signIn).toHaveAttribute("href", "/api/login");
    expect(signIn).toHaveAttribute("target", "_blank");
    expect(signIn).toHaveAttribute("rel", expect.stringContaining("noopener"));
    // A photo that fails to load is hidden.
    fireEvent.error(photo);
    expect(screen.queryByRole("img", { name: "Photo of “Lake day”" })).not.toBeInTheDocument();
  });

  it("shows the memory to a signed-in user too", async () => {
    signedInApi(makeUser(), { "GET /api/shared/tok": () => ({ body: { ...publicMemory, photo: null, location: null } }) });
    renderApp("/shared/tok");
    expect(await screen.findByRole("heading", { level: 1, name: "Lake day" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /Photo of/ })).not.toBeInTheDocument();
  });

  it.each([
    ["an expired, revoked or unknown link", 404, { message: "Not found", code: "not_found" }],
    ["any other failure", 500, { message: "boom", code: "internal_error" }],
  ])("shows the faded-memory notice for %s, without retrying", async (_case, status, body) => {
    const { requests } = signedOutApi({ "GET /api/shared/gone": () => ({ status, body }) });
    renderApp("/shared/gone");
    expect(await screen.findByRole("heading", { level: 1, name: "This memory has faded" })).toBeInTheDocument();
    expect(screen.getByText(/stays visible for 2 days/)).toBeInTheDocument();
    const signUp = screen.getByRole("link", { name: "Sign up for Lifegraph (opens in a new tab)" });
    expect(signUp).toHaveAttribute("target", "_blank");
    expect(signUp).toHaveAttribute("href", "/api/login");
    expect(requests.filter((r) => r.path === "/api/shared/gone")).toHaveLength(1);
  });
});

// Whole-app flows with several steps: slow in jsdom on a busy machine.
describe("in French", { timeout: 20_000 }, () => {
  it("words the public page and the faded notice, and dates the French way", async () => {
    await changeLanguage("fr");
    signedOutApi({
      "GET /api/shared/tok": () => ({ body: { title: "Lac", content: "Baignade.", eventDate: "2024-06-15", location: null, photo: null, sharedBy: "Ada" } }),
    });
    renderApp("/shared/tok");
    expect(await screen.findByText("Ada a partagé ce souvenir")).toBeInTheDocument();
    expect(screen.getByText("15 juin 2024")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Se connecter à Lifegraph (s’ouvre dans un nouvel onglet)" })).toBeInTheDocument();
  });

  it("shows the faded notice in French", async () => {
    await changeLanguage("fr");
    signedOutApi();
    renderApp("/shared/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Ce souvenir s’est effacé" })).toBeInTheDocument();
  });

  it("words the Share menu, the link toast and the status", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [makeMemory(1, { title: "Marché" })], nextCursor: null } }),
      "POST /api/shared-memories/batch-status": () => ({
        body: { "1": { shareLinks: [{ createdAt: past, expiresAt: future }], sharedMemories: [] } },
      }),
      "POST /api/memories/1/share": () => ({ status: 201, body: { success: true, shareUrl: "/shared/t", expiresAt: future } }),
    });
    renderApp("/memories");
    const card = await findCard("Marché");
    expect(await within(card).findByTestId("share-status")).toHaveTextContent(/Lien actif jusqu’au 17 juin 2030 à \d{2}:\d{2}/);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Partager « Marché »" }));
    expect(screen.getByRole("menuitem", { name: "Partager avec un ami" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Partager un lien" }));
    expect(await screen.findByText("Lien créé")).toBeInTheDocument();
    expect(screen.getByText("Toute personne disposant de ce lien peut voir votre souvenir pendant 2 jours.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copier le lien" })).toBeInTheDocument();
  });

  it("words the shared tab and who shared", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), { "GET /api/shared-with-me": () => ({ body: [sharedItem(21, { id: 12 }, { title: "Pique-nique" })] }) });
    renderApp("/memories?tab=shared");
    expect(await screen.findByText("Partagé par Quelqu’un")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Rechercher dans les souvenirs partagés" })).toBeInTheDocument();
  });
});
