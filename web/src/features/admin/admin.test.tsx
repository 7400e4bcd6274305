import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminStats, FeedbackItem, Metric } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi } from "@/test/api";
import { renderApp } from "@/test/render";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  toast.dismiss();
});

const admin = makeUser({ id: 1, isAdmin: true, firstName: "Root", lastName: "Admin" });

const metric = (total: number, last24h: number, last7d: number, last30d: number): Metric => ({ total, last24h, last7d, last30d });

const stats: AdminStats = {
  users: metric(1234, 2, 15, 40),
  memories: metric(56789, 120, 800, 3000),
  memoriesWithPictures: metric(900, 3, 20, 70),
  entities: {
    person: metric(300, 1, 2, 3),
    location: metric(200, 0, 1, 2),
    lifePeriod: metric(150, 0, 0, 5),
    emotion: metric(40, 0, 0, 0),
    object: metric(25, 1, 1, 1),
    activity: metric(12, 0, 0, 2),
  },
  tutorialCompleted: metric(70, 1, 4, 9),
  tutorialDismissed: metric(30, 0, 2, 3),
  friendships: {
    total: metric(88, 0, 0, 0),
    pending: metric(5, 1, 2, 3),
    accepted: metric(80, 2, 6, 20),
    declined: metric(3, 0, 1, 1),
  },
  sharedMemories: {
    total: metric(64, 0, 0, 0),
    active: metric(60, 4, 10, 30),
    revoked: metric(4, 1, 1, 2),
  },
  personCategories: { sister: 2, friend: 7, none: 1 },
  locationCategories: { home: 3 },
  objectCategories: {},
};

function feedback(id: number, overrides: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id,
    type: "feedback",
    subject: `Subject ${id}`,
    message: `Message ${id}`,
    userName: null,
    userEmail: null,
    status: "new",
    adminNotes: null,
    createdAt: "2026-11-20T14:05:00Z",
    ...overrides,
  };
}

const fromVisitor = feedback(3, {
  type: "bug",
  subject: "Save fails",
  message: "Nothing happens\nwhen I save.",
  userName: "Grace Hopper",
  userEmail: "grace@example.com",
});
const fromWriter = feedback(2, { subject: null, message: "Lovely timeline.", userName: "Ada Lovelace", userEmail: "ada@example.com", status: "reviewed", adminNotes: "Thanked by mail" });
const fromFormerUser = feedback(1, { subject: "Old idea", status: "resolved" });

/** The administrator's handlers; the feedback list is answered as it stands at each call. */
function adminApi(list: () => FeedbackItem[], extra: Parameters<typeof signedInApi>[1] = {}) {
  return signedInApi(admin, {
    "GET /api/admin/stats": () => ({ body: stats }),
    "GET /api/admin/feedback": () => ({ body: list() }),
    ...extra,
  });
}

/** The cells of the row headed `name`. */
function cellsOf(table: HTMLElement, name: string) {
  const row = within(table).getByRole("rowheader", { name }).closest("tr")!;
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

function card(subject: string) {
  return screen.getByRole("article", { name: subject });
}

describe("/admin", { timeout: 20_000 }, () => {
  it("sends anyone but the administrator to the dashboard without asking for the admin data", async () => {
    const { requests, fetchMock } = signedInApi(makeUser({ id: 2, isAdmin: false }));
    const { router } = renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(fetchMock).toHaveBeenCalled();
    expect(requests.filter((r) => r.path.startsWith("/api/admin"))).toEqual([]);
  });

  it("shows every metric in total and over 24 h, 7 and 30 days, with locale numbers", async () => {
    adminApi(() => []);
    renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeInTheDocument();
    expect(screen.getByText(/recorded in the administrator access log/)).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: /System metrics/ });
    expect(within(table).getAllByRole("columnheader")).toHaveLength(5);
    for (const name of ["Metric", "Total", "Last 24 h", "Last 7 days", "Last 30 days"]) {
      expect(within(table).getByRole("columnheader", { name })).toBeInTheDocument();
    }
    const row = (name: string) => cellsOf(table, name);
    expect(row("Users")).toEqual(["1,234", "2", "15", "40"]);
    expect(row("Memories with pictures")).toEqual(["900", "3", "20", "70"]);
    expect(row("Memories")).toEqual(["56,789", "120", "800", "3,000"]);
    expect(row("Periods/Events")).toEqual(["150", "0", "0", "5"]);
    expect(row("Activities")).toEqual(["12", "0", "0", "2"]);
    expect(row("Tutorials completed")).toEqual(["70", "1", "4", "9"]);
    expect(row("Tutorial banners dismissed")).toEqual(["30", "0", "2", "3"]);
    expect(row("All friendships")).toEqual(["88", "0", "0", "0"]);
    expect(row("Accepted")).toEqual(["80", "2", "6", "20"]);
    expect(row("All shares with friends")).toEqual(["64", "0", "0", "0"]);
    expect(row("Revoked")).toEqual(["4", "1", "1", "2"]);
    // 3 + 6 entity types + 2 + 4 + 3 metrics.
    expect(within(table).getAllByRole("rowheader")).toHaveLength(18);
    expect(screen.getByText(/Counted in total only: the periods show 0/)).toBeInTheDocument();
  });

  it("breaks entities down by category, with the categories' names", async () => {
    adminApi(() => []);
    renderApp("/admin");
    const people = await screen.findByRole("table", { name: "People by relationship" });
    expect(within(people).getAllByRole("row").slice(1).map((r) => r.textContent)).toEqual(["Friend7", "Sister2", "No category1"]);
    const places = screen.getByRole("table", { name: "Locations by category" });
    expect(within(places).getByRole("row", { name: "Home 3" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Objects by category" }).closest("div")?.parentElement).toHaveTextContent("None yet.");
  });

  it("writes numbers and categories in French", async () => {
    adminApi(() => []);
    await changeLanguage("fr");
    renderApp("/admin");
    const table = await screen.findByRole("table", { name: /Statistiques du système/ });
    // French groups thousands with a narrow no-break space.
    expect(cellsOf(table, "Utilisateurs")).toEqual(["1\u202f234", "2", "15", "40"]);
    const people = screen.getByRole("table", { name: "Personnes par relation" });
    expect(within(people).getByRole("rowheader", { name: "Sœur" })).toBeInTheDocument();
    expect(within(people).getByRole("rowheader", { name: "Sans catégorie" })).toBeInTheDocument();
  });

  it("shows a failure card when the statistics cannot be read, and tries again", async () => {
    let fail = true;
    adminApi(() => [], {
      "GET /api/admin/stats": () => (fail ? { status: 500, body: { message: "boom", code: "internal_error" } } : { body: stats }),
    });
    const user = userEvent.setup();
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Failed to load admin statistics" })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: /System metrics/ })).toBeInTheDocument();
  });

  it("says when no feedback was sent", async () => {
    adminApi(() => []);
    renderApp("/admin");
    expect(await screen.findByText("No feedback submitted yet.")).toBeInTheDocument();
  });

  it("lists feedback with its type, subject, message, sender, date and status colour", async () => {
    adminApi(() => [fromVisitor, fromWriter, fromFormerUser]);
    renderApp("/admin");
    const list = await screen.findByRole("list", { name: "Feedback received" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);

    const visitor = card("Save fails");
    expect(within(visitor).getByText("Bug report")).toBeInTheDocument();
    expect(within(visitor).getByText(/Nothing happens\s+when I save\./)).toBeInTheDocument();
    expect(within(visitor).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(visitor).getByRole("link", { name: "<grace@example.com>" })).toHaveAttribute("href", "mailto:grace@example.com");
    expect(within(visitor).getByText(/^November 20, 2026 at/)).toBeInTheDocument();
    const newBadge = within(visitor).getByTestId("feedback-status");
    expect(newBadge).toHaveTextContent("New");
    expect(newBadge.className).toMatch(/bg-red-100/);
    expect(newBadge.className).toMatch(/dark:bg-red-950/);

    const writer = card("No subject");
    expect(within(writer).getByText("Feedback")).toBeInTheDocument();
    expect(within(writer).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(writer).getByTestId("feedback-status")).toHaveTextContent("Reviewed");
    expect(within(writer).getByTestId("feedback-status").className).toMatch(/bg-yellow-100/);
    expect(within(writer).getByRole("textbox", { name: "Admin notes" })).toHaveValue("Thanked by mail");

    const former = card("Old idea");
    expect(within(former).getByText("Former user (account deleted)")).toBeInTheDocument();
    expect(within(former).getByTestId("feedback-status").className).toMatch(/bg-green-100/);
    expect(within(former).getByRole("combobox", { name: "Status" })).toHaveValue("resolved");
  });

  it("changes a status and saves notes with PATCH, and the card follows", async () => {
    let list = [fromVisitor, fromWriter];
    const { requests } = adminApi(() => list, {
      "PATCH /api/admin/feedback/3": (request) => {
        const body = request.body as { status?: string; adminNotes?: string | null };
        list = list.map((f) => (f.id === 3 ? { ...f, ...body } : f));
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await screen.findByRole("list", { name: "Feedback received" });
    const visitor = card("Save fails");

    await user.selectOptions(within(visitor).getByRole("combobox", { name: "Status" }), "reviewed");
    expect(await screen.findByText("Feedback updated successfully")).toBeInTheDocument();
    expect(within(visitor).getByTestId("feedback-status")).toHaveTextContent("Reviewed");
    expect(within(visitor).getByTestId("feedback-status").className).toMatch(/bg-yellow-100/);

    const notes = within(visitor).getByRole("textbox", { name: "Admin notes" });
    const save = within(visitor).getByRole("button", { name: "Save notes" });
    expect(save).toBeDisabled();
    await user.type(notes, "  Reproduced on Firefox  ");
    await user.click(save);
    await waitFor(() => expect(within(visitor).getByRole("button", { name: "Save notes" })).toBeDisabled());
    expect(notes).toHaveValue("Reproduced on Firefox");

    expect(requests.filter((r) => r.method === "PATCH").map((r) => [r.path, r.body])).toEqual([
      ["/api/admin/feedback/3", { status: "reviewed" }],
      ["/api/admin/feedback/3", { adminNotes: "Reproduced on Firefox" }],
    ]);
    // The other feedback is untouched.
    expect(within(card("No subject")).getByTestId("feedback-status")).toHaveTextContent("Reviewed");
    expect(within(card("No subject")).getByRole("textbox", { name: "Admin notes" })).toHaveValue("Thanked by mail");
  });

  it("clears notes with null and says when an update fails", async () => {
    let fail = false;
    const { requests } = adminApi(() => [fromWriter], {
      "PATCH /api/admin/feedback/2": () => (fail ? { status: 500, body: { message: "boom", code: "internal_error" } } : { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await screen.findByRole("list", { name: "Feedback received" });
    const writer = card("No subject");
    await user.clear(within(writer).getByRole("textbox", { name: "Admin notes" }));
    await user.click(within(writer).getByRole("button", { name: "Save notes" }));
    expect(await screen.findByText("Feedback updated successfully")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([{ adminNotes: null }]);

    fail = true;
    await user.selectOptions(within(writer).getByRole("combobox", { name: "Status" }), "resolved");
    expect(await screen.findByText("Failed to update feedback")).toBeInTheDocument();
    // The card still shows what the server holds.
    expect(within(writer).getByTestId("feedback-status")).toHaveTextContent("Reviewed");
  });

  it("deletes a feedback only after confirmation", async () => {
    let list = [fromVisitor, fromWriter];
    const { requests } = adminApi(() => list, {
      "DELETE /api/admin/feedback/3": () => {
        list = list.filter((f) => f.id !== 3);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await screen.findByRole("list", { name: "Feedback received" });

    await user.click(within(card("Save fails")).getByRole("button", { name: "Delete the feedback “Save fails”" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Delete this feedback?" });
    expect(within(dialog).getByText("Are you sure you want to delete this feedback?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect(card("Save fails")).toBeInTheDocument();

    await user.click(within(card("Save fails")).getByRole("button", { name: "Delete the feedback “Save fails”" }));
    dialog = await screen.findByRole("alertdialog", { name: "Delete this feedback?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Feedback deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Save fails" })).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "No subject" })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/api/admin/feedback/3"]);
  });

  it("keeps the feedback and says so when deleting fails", async () => {
    adminApi(() => [fromVisitor], {
      "DELETE /api/admin/feedback/3": () => ({ status: 500, body: { message: "boom", code: "internal_error" } }),
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await screen.findByRole("list", { name: "Feedback received" });
    await user.click(within(card("Save fails")).getByRole("button", { name: /^Delete the feedback/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this feedback?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete feedback")).toBeInTheDocument();
    // The dialog stays, to try again or cancel; the feedback is still there.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(card("Save fails")).toBeInTheDocument();
  });
});
