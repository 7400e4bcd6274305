import type { Locator, Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, newPerson, signUp, test } from "./support";

// A server of this spec's own (playwright.config.ts, "admin"), so that the first person to sign up
// there is the administrator: the user with id 1.
const appUrl = process.env.E2E_ADMIN_APP_URL ?? "http://127.0.0.1:18082";

test.use({ baseURL: appUrl });
test.describe.configure({ mode: "serial" });

const visitor = { name: "Grace Hopper", email: "grace.hopper@example.test" };
const administrator = newPerson("Margaret", "Hamilton");
const writer = newPerson("Katherine", "Johnson");

/** The feedback card titled `subject` on /admin. */
function feedbackCard(page: Page, subject: string): Locator {
  return page.getByRole("article", { name: subject });
}

/** The cells of the metrics table's row headed `name`. */
function metricRow(page: Page, name: string) {
  return page.getByRole("table", { name: /System metrics/ }).getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) }).getByRole("cell");
}

test("the first person to sign up is the administrator, with metrics and no feedback yet", async ({ page }) => {
  await dismissOverlays(page);
  await signUp(page, administrator);
  const me = await (await page.request.get("/api/auth/user")).json();
  expect(me.id, "this spec's server must be fresh: its first user is the administrator").toBe(1);
  expect(me.isAdmin).toBe(true);

  await page.getByTestId("user-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Administration" }).click();
  await expect(page).toHaveURL(`${appUrl}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  await expect(page.getByText(/recorded in the administrator access log/)).toBeVisible();
  await expect(metricRow(page, "Users")).toHaveText(["1", "1", "1", "1"]);
  await expect(metricRow(page, "Memories")).toHaveText(["0", "0", "0", "0"]);
  await expect(page.getByText("No feedback submitted yet.")).toBeVisible();
  await expectAccessible(page, "/admin, empty");
});

test("a visitor sends a bug report with a name and an e-mail", async ({ page }) => {
  await dismissOverlays(page);
  await page.goto("/feedback");
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await expect(page).toHaveURL(`${appUrl}/feedback`);
  await expectAccessible(page, "/feedback signed out");

  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please enter your feedback message.")).toBeVisible();
  await main.getByRole("radio", { name: /Bug report/ }).check();
  await expect(main.getByText(/Describe what you did, what you expected/)).toBeVisible();
  await main.getByLabel("Message").fill("  The save button does nothing on my phone.  ");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please provide your name and email address.")).toBeVisible();

  await main.getByLabel("Your name").fill(visitor.name);
  await main.getByLabel("Your e-mail address").fill(visitor.email);
  await main.getByLabel(/Subject/).fill("Save button");
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/feedback" && r.request().method() === "POST");
  await main.getByRole("button", { name: "Send" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
  // The form starts again, as feedback.
  await expect(main.getByLabel("Message")).toHaveValue("");
  await expect(main.getByLabel("Your name")).toHaveValue("");
  await expect(main.getByRole("radio", { name: /Feedback or suggestion/ })).toBeChecked();
  await expectAccessible(page, "/feedback after sending");

  // The form fits a phone.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(main.getByLabel("Your e-mail address")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "/feedback scrolls sideways on a phone").toBeLessThanOrEqual(0);
});

test("a writer sends feedback signed in, and is sent away from /admin", async ({ page }) => {
  await dismissOverlays(page);
  await signUp(page, writer);
  await page.getByRole("link", { name: "Feedback", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText(/You are sending this as Katherine Johnson/)).toBeVisible();
  await expect(main.getByLabel("Your name")).toHaveCount(0);
  await expect(main.getByLabel("Your e-mail address")).toHaveCount(0);
  await expectAccessible(page, "/feedback signed in");

  await main.getByLabel(/Subject/).fill("Colours for periods");
  await main.getByLabel("Message").fill("Could each life period have a colour of my choice?");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
  await expect(main.getByLabel("Message")).toHaveValue("");

  // Not the administrator: /admin leads to the dashboard, and the server refuses the data anyway.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(`${appUrl}/`);
  expect((await page.request.get("/api/admin/feedback")).status()).toBe(403);
});

test("the administrator reads the feedback, changes a status and notes, and deletes one after confirming", async ({ page }) => {
  test.setTimeout(90_000);
  // The administrator's own session: signing in again with the same e-mail is the same account.
  await dismissOverlays(page);
  await signUp(page, administrator);
  expect((await (await page.request.get("/api/auth/user")).json()).id).toBe(1);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  await expect(metricRow(page, "Users")).toHaveText(["2", "2", "2", "2"]);

  const list = page.getByRole("list", { name: "Feedback received" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // Newest first: the writer's, then the visitor's.
  await expect(list.getByRole("article").first()).toHaveAccessibleName("Colours for periods");
  const fromVisitor = feedbackCard(page, "Save button");
  await expect(fromVisitor.getByText("Bug report")).toBeVisible();
  await expect(fromVisitor.getByText("The save button does nothing on my phone.")).toBeVisible();
  await expect(fromVisitor.getByText(visitor.name)).toBeVisible();
  await expect(fromVisitor.getByRole("link", { name: `<${visitor.email}>` })).toHaveAttribute("href", `mailto:${visitor.email}`);
  await expect(fromVisitor.getByTestId("feedback-status")).toHaveText(/New/);
  const fromWriter = feedbackCard(page, "Colours for periods");
  await expect(fromWriter.getByText("Katherine Johnson")).toBeVisible();
  await expect(fromWriter.getByRole("link", { name: `<${writer.email}>` })).toBeVisible();
  await expectAccessible(page, "/admin with feedback");

  // Status: the badge changes at once and stays after a reload.
  await fromVisitor.getByLabel("Status").selectOption("resolved");
  await expect(page.getByText("Feedback updated successfully")).toBeVisible();
  await expect(fromVisitor.getByTestId("feedback-status")).toHaveText(/Resolved/);
  // Notes.
  await fromVisitor.getByLabel("Admin notes").fill("Fixed in the next release.");
  await fromVisitor.getByRole("button", { name: "Save notes" }).click();
  await expect(fromVisitor.getByRole("button", { name: "Save notes" })).toBeDisabled();
  await page.reload();
  await expect(feedbackCard(page, "Save button").getByTestId("feedback-status")).toHaveText(/Resolved/);
  await expect(feedbackCard(page, "Save button").getByLabel("Admin notes")).toHaveValue("Fixed in the next release.");
  await expect(feedbackCard(page, "Save button").getByLabel("Status")).toHaveValue("resolved");

  // Delete: cancelling keeps it; confirming removes it for good.
  await feedbackCard(page, "Colours for periods").getByRole("button", { name: /^Delete the feedback/ }).click();
  let dialog = page.getByRole("alertdialog", { name: "Delete this feedback?" });
  await expect(dialog.getByText("Are you sure you want to delete this feedback?")).toBeVisible();
  await expectAccessible(page, "delete feedback dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(feedbackCard(page, "Colours for periods")).toBeVisible();
  await feedbackCard(page, "Colours for periods").getByRole("button", { name: /^Delete the feedback/ }).click();
  dialog = page.getByRole("alertdialog", { name: "Delete this feedback?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Feedback deleted successfully")).toBeVisible();
  await expect(feedbackCard(page, "Colours for periods")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("list", { name: "Feedback received" }).getByRole("listitem")).toHaveCount(1);
  await expect(feedbackCard(page, "Save button")).toBeVisible();

  // The dark theme keeps the badges and the table readable.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "/admin, dark");

  // A phone: the page does not scroll sideways; the table scrolls inside its own region.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(feedbackCard(page, "Save button")).toBeVisible();
  await expect(page.getByRole("table", { name: /System metrics/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways on a phone").toBeLessThanOrEqual(0);
  await expectAccessible(page, "/admin on a phone, dark");
});
