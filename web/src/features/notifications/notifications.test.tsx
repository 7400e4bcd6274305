import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Notification } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi } from "@/test/api";
import { renderApp } from "@/test/render";

// These tests render the whole app and look elements up by accessible name, which takes more than the
// default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: null,
    params: {},
    title: `Server title ${id}`,
    message: `Server message ${id}`,
    read: false,
    link: null,
    createdAt: minutesAgo(id),
    ...overrides,
  };
}

/** The generated type says nothing of `params`' fields (an open object): give them as the server does. */
const params = (values: Record<string, string>) => values as unknown as Notification["params"];

const friendRequest = notification(1, {
  kind: "friendRequest",
  params: params({ name: "Grace Hopper" }),
  title: "New friend request",
  message: "Grace Hopper would like to be your friend.",
  link: "/friends",
  createdAt: minutesAgo(5),
});
const memoryShared = notification(2, {
  kind: "memoryShared",
  params: params({ name: "Alan Turing", title: "Bletchley picnic" }),
  title: "A memory was shared with you",
  message: 'Alan Turing shared "Bletchley picnic" with you.',
  link: "/memories/7",
  createdAt: minutesAgo(2),
});
const friendAccepted = notification(3, {
  kind: "friendAccepted",
  params: params({ name: "Katherine Johnson" }),
  title: "Friend request accepted",
  message: "Katherine Johnson accepted your friend request.",
  read: true,
  link: "/friends",
  createdAt: minutesAgo(60 * 26),
});
const unknownKind = notification(4, {
  kind: "birthday",
  params: params({ name: "Ada" }),
  title: "Ada's birthday",
  message: "Ada turns 37 today.",
  link: null,
  createdAt: minutesAgo(30),
});

type Handlers = NonNullable<Parameters<typeof signedInApi>[1]>;

/** A small notification server: the list, the count, read, mark-all-read and delete share one store. */
function notificationServer(initial: Notification[], overrides: Handlers = {}, user = makeUser()) {
  let store = initial.map((item) => ({ ...item }));
  const handlers: Handlers = {
    // The list is shown newest first whatever order the server uses: here, oldest first.
    "GET /api/notifications": () => ({ body: [...store].sort((a, b) => a.createdAt.localeCompare(b.createdAt)) }),
    "GET /api/notifications/unread-count": () => ({ body: { count: store.filter((item) => !item.read).length } }),
    "PATCH /api/notifications/mark-all-read": () => {
      store = store.map((item) => ({ ...item, read: true }));
      return { status: 204 };
    },
  };
  for (const item of initial) {
    handlers[`PATCH /api/notifications/${item.id}/read`] = () => {
      store = store.map((other) => (other.id === item.id ? { ...other, read: true } : other));
      return { status: 204 };
    };
    handlers[`DELETE /api/notifications/${item.id}`] = () => {
      store = store.filter((other) => other.id !== item.id);
      return { status: 204 };
    };
  }
  const api = signedInApi(user, { ...handlers, ...overrides });
  const count = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path).length;
  return { ...api, count };
}

async function openBell(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Notifications/) {
  await user.click(await screen.findByRole("button", { name }));
  return screen.findByRole("menu");
}

/** The notification items in order (the delete buttons, named by aria-label, left out). */
function notificationItems(menu: HTMLElement) {
  return within(menu)
    .getAllByRole("menuitem")
    .filter((item) => item.hasAttribute("data-notification-id"));
}

// The whole app renders in each test: more than the default 5 s when the machine is busy.
/** The items, in order, are read out with these names. */
function expectNames(items: HTMLElement[], names: string[]) {
  expect(items).toHaveLength(names.length);
  items.forEach((item, index) => expect(item).toHaveAccessibleName(names[index]));
}

describe("notification bell dropdown", { timeout: 30_000 }, () => {
  it("reads the list only while open, newest first, worded by kind, unread marked", async () => {
    const user = userEvent.setup();
    const server = notificationServer([friendRequest, memoryShared, friendAccepted, unknownKind]);
    renderApp("/");
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("3");
    expect(server.count("GET", "/api/notifications")).toBe(0);

    await user.click(bell);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("You have 3 unread notifications.")).toBeInTheDocument();
    const list = await within(menu).findByRole("group", { name: "Latest notifications" });
    const items = notificationItems(list);
    expectNames(items, [
      "Unread: A memory was shared with you Alan Turing shared “Bletchley picnic” with you 2 minutes ago",
      "Unread: New friend request Grace Hopper would like to be your friend 5 minutes ago",
      "Unread: Ada's birthday Ada turns 37 today. 30 minutes ago",
      "Friend request accepted Katherine Johnson accepted your friend request 1 day ago",
    ]);
    // The message is clamped to two lines; the moment is a machine-readable time with its full date.
    expect(within(list).getByText("Alan Turing shared “Bletchley picnic” with you")).toHaveClass("line-clamp-2");
    const moment = within(list).getByText("2 minutes ago");
    expect(moment.tagName).toBe("TIME");
    expect(moment).toHaveAttribute("dateTime", memoryShared.createdAt);
    // Its full date and time, in the English pattern.
    expect(moment.getAttribute("title")).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(server.count("GET", "/api/notifications")).toBe(1);
    expect(menu).toHaveAccessibleDescription("You have 3 unread notifications.");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    await user.click(bell);
    await screen.findByRole("menu");
    // Opened again: read again.
    await waitFor(() => expect(server.count("GET", "/api/notifications")).toBe(2));
  });

  it("words the known kinds in French, and keeps the server's words for others", async () => {
    await changeLanguage("fr");
    const user = userEvent.setup();
    notificationServer([friendRequest, memoryShared, friendAccepted, unknownKind]);
    renderApp("/");
    const menu = await openBell(user, "Notifications, 3 non lues");
    expect(within(menu).getByText("Vous avez 3 notifications non lues.")).toBeInTheDocument();
    const list = await within(menu).findByRole("group", { name: "Dernières notifications" });
    // The full date and time in the French pattern.
    expect(within(list).getByText("il y a 2 minutes").getAttribute("title")).toMatch(/^\d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}$/u);
    expectNames(notificationItems(menu), [
      "Non lue : Un souvenir a été partagé avec vous Alan Turing a partagé « Bletchley picnic » avec vous il y a 2 minutes",
      "Non lue : Nouvelle demande d'ami Grace Hopper aimerait que vous deveniez amis il y a 5 minutes",
      "Non lue : Ada's birthday Ada turns 37 today. il y a 30 minutes",
      "Demande d'ami acceptée Katherine Johnson a accepté votre demande d'ami il y a 1 jour",
    ]);
    expect(
      within(menu).getByRole("menuitem", {
        name: "Supprimer la notification : Nouvelle demande d'ami — Grace Hopper aimerait que vous deveniez amis",
      }),
    ).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Tout marquer comme lu" })).toBeInTheDocument();
  });

  it("falls back to the server's words when a known kind lacks its names", async () => {
    const user = userEvent.setup();
    notificationServer([notification(9, { kind: "memoryShared", params: params({ name: "Alan" }), title: "Shared", message: null })]);
    renderApp("/");
    const menu = await openBell(user);
    await within(menu).findByRole("group", { name: "Latest notifications" });
    expectNames(notificationItems(menu), ["Unread: Shared 9 minutes ago"]);
  });

  it("marks an item read on click, follows its link and closes", async () => {
    const user = userEvent.setup();
    const server = notificationServer([friendRequest, memoryShared], {
      "GET /api/memories/7": () => ({ status: 404, body: { message: "Not found", code: "not_found" } }),
    });
    const { router } = renderApp("/");
    const menu = await openBell(user, "Notifications, 2 unread");
    await user.click(await within(menu).findByRole("menuitem", { name: /^Unread: A memory was shared with you/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/memories/7"));
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(server.count("PATCH", "/api/notifications/2/read")).toBe(1);
    expect(server.count("PATCH", "/api/notifications/1/read")).toBe(0);
    // The count is read again: one unread left.
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeInTheDocument();
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("1");
  });

  it("marks an item without a link read and stays open; a read item sends nothing", async () => {
    const user = userEvent.setup();
    const server = notificationServer([unknownKind, friendAccepted]);
    const { router } = renderApp("/");
    const menu = await openBell(user, "Notifications, 1 unread");
    await user.click(await within(menu).findByRole("menuitem", { name: /^Unread: Ada's birthday/ }));
    // Read now: the list is read again and the item is no longer marked.
    expect(await within(menu).findByRole("menuitem", { name: /^Ada's birthday/ })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(within(menu).getByText("You have no unread notifications.")).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
    expect(server.count("PATCH", "/api/notifications/4/read")).toBe(1);

    await user.click(within(menu).getByRole("menuitem", { name: /^Friend request accepted/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/friends"));
    expect(server.count("PATCH", "/api/notifications/3/read")).toBe(0);
  });

  it("deletes an item from its own button", async () => {
    const user = userEvent.setup();
    const server = notificationServer([friendRequest, memoryShared, friendAccepted]);
    const { router } = renderApp("/");
    const menu = await openBell(user, "Notifications, 2 unread");
    const remove = await within(menu).findByRole("menuitem", {
      name: "Delete notification: New friend request — Grace Hopper would like to be your friend",
    });
    await user.click(remove);

    await waitFor(() => expect(within(menu).queryByText("Grace Hopper would like to be your friend")).not.toBeInTheDocument());
    expect(server.count("DELETE", "/api/notifications/1")).toBe(1);
    // Deleting neither marks read nor navigates, and the menu stays open with the others.
    expect(server.count("PATCH", "/api/notifications/1/read")).toBe(0);
    expect(router.state.location.pathname).toBe("/");
    expect(notificationItems(menu)).toHaveLength(2);
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeInTheDocument();
    // The focus went to the next notification, so the arrow keys go on from there.
    expect(within(menu).getByRole("menuitem", { name: /^Friend request accepted/ })).toHaveFocus();
  });

  it("says so when a delete fails, and keeps the item", async () => {
    const user = userEvent.setup();
    notificationServer([friendRequest], {
      "DELETE /api/notifications/1": () => ({ status: 500, body: { message: "Database unavailable", code: "internal" } }),
    });
    renderApp("/");
    const menu = await openBell(user, "Notifications, 1 unread");
    await user.click(await within(menu).findByRole("menuitem", { name: /^Delete notification: New friend request/ }));
    expect(await screen.findByText("The notification could not be deleted.")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: /^Unread: New friend request/ })).toBeInTheDocument();
  });

  it("marks all as read with a toast, then offers it no more", async () => {
    const user = userEvent.setup();
    const server = notificationServer([friendRequest, memoryShared, friendAccepted]);
    renderApp("/");
    const menu = await openBell(user, "Notifications, 2 unread");
    await within(menu).findByRole("group", { name: "Latest notifications" });
    await user.click(within(menu).getByRole("menuitem", { name: "Mark all as read" }));

    expect(await screen.findByText("All notifications marked as read")).toBeInTheDocument();
    expect(server.count("PATCH", "/api/notifications/mark-all-read")).toBe(1);
    await waitFor(() => expect(within(menu).queryByText(/^Unread/)).not.toBeInTheDocument());
    expect(within(menu).queryByRole("menuitem", { name: "Mark all as read" })).not.toBeInTheDocument();
    expect(within(menu).getByText("You have no unread notifications.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
    expect(notificationItems(menu)[0]).toHaveFocus();
  });

  it("shows a loading state, then the empty state", async () => {
    const user = userEvent.setup();
    let answer: (value: { body: Notification[] }) => void = () => {};
    notificationServer([], {
      "GET /api/notifications": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp("/");
    const menu = await openBell(user, "Notifications");
    expect(await within(menu).findByText("Loading notifications…")).toBeInTheDocument();
    // Said when the menu takes the focus, as no item carries it.
    expect(menu).toHaveAccessibleDescription("You have no unread notifications. Loading notifications…");
    answer({ body: [] });
    expect(await within(menu).findByText("No notifications yet")).toBeInTheDocument();
    expect(menu).toHaveAccessibleDescription(
      "You have no unread notifications. No notifications yet You will be told here when a friend asks to join you or shares a memory with you.",
    );
    expect(within(menu).queryByText("Loading notifications…")).not.toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("says when the list cannot be read, and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    notificationServer([friendRequest], {
      "GET /api/notifications": () =>
        fail ? { status: 500, body: { message: "Database unavailable", code: "internal" } } : { body: [friendRequest] },
    });
    renderApp("/");
    const menu = await openBell(user, "Notifications, 1 unread");
    expect(await within(menu).findByText("Your notifications could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(within(menu).getByRole("menuitem", { name: "Try again" }));
    expect(await within(menu).findByRole("menuitem", { name: /^Unread: New friend request/ })).toBeInTheDocument();
  });

  it("goes through the items and their delete buttons with the arrow keys", async () => {
    const user = userEvent.setup();
    const server = notificationServer([friendRequest, memoryShared]);
    renderApp("/");
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    bell.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await within(menu).findByRole("group", { name: "Latest notifications" });
    const focused = () => document.activeElement as HTMLElement;

    // Opened while the list was loading, the menu itself has the focus; the arrow keys go in.
    expect(menu).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(focused()).toHaveAccessibleName("Mark all as read");
    await user.keyboard("{ArrowDown}");
    expect(focused()).toHaveAccessibleName(/^Unread: A memory was shared with you/);
    await user.keyboard("{ArrowDown}");
    expect(focused()).toHaveAccessibleName(/^Delete notification: A memory was shared with you/);
    await user.keyboard("{ArrowDown}");
    expect(focused()).toHaveAccessibleName(/^Unread: New friend request/);
    await user.keyboard("{ArrowDown}");
    expect(focused()).toHaveAccessibleName(/^Delete notification: New friend request/);
    await user.keyboard("{Enter}");
    // Enter on the delete button deletes that one; the focus moves to the item before it.
    await waitFor(() => expect(server.count("DELETE", "/api/notifications/1")).toBe(1));
    await waitFor(() => expect(notificationItems(menu)).toHaveLength(1));
    expect(focused()).toHaveAccessibleName(/^Unread: A memory was shared with you/);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it("shows 9+ above 9 unread notifications", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, index) =>
      notification(index + 1, { title: `Note ${index + 1}`, message: `Message ${index + 1}` }),
    );
    notificationServer(many);
    renderApp("/");
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("9+");
    const menu = await openBell(user, "Notifications, 12 unread");
    expect(within(menu).getByText("You have 12 unread notifications.")).toBeInTheDocument();
    await within(menu).findByRole("group", { name: "Latest notifications" });
    expect(notificationItems(menu)).toHaveLength(12);
    expect(notificationItems(menu)[0]).toHaveTextContent("Note 1");
    expect(within(menu).getByTestId("notification-list")).toHaveClass("max-h-[400px]", "overflow-y-auto");
  });
});
