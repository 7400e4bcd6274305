import type { Browser, Locator, Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, newPerson, postFromApp, signUp, test, type Person } from "./support";

/** The uncaught errors and console errors of a page the test opened itself, added to the test's own check. */
function watchErrors(page: Page, errors: string[], who: string) {
  page.on("pageerror", (error) => errors.push(`${who} pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(`${who} console: ${message.text()}`);
    }
  });
}

/** A second browser (its own cookies), signed out; `who` names it in error reports. */
async function otherBrowser(browser: Browser, baseURL: string | undefined, errors: string[], who: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  watchErrors(page, errors, who);
  await dismissOverlays(page);
  return page;
}

async function writeMemory(page: Page, title: string, content: string): Promise<number> {
  const response = await postFromApp(page, "/api/memories/with-validation", { title, content, eventDate: "2024-07-14", location: "Annecy" });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { memory: { id: number } }).memory.id;
}

function fullName(person: Person) {
  return `${person.firstName} ${person.lastName}`;
}

/** A list item of the list named `list`, holding `text`. */
function itemOf(page: Page, list: string, text: string): Locator {
  return page.getByRole("list", { name: list, exact: true }).getByRole("listitem").filter({ hasText: text });
}

/** The memory card whose title links to `title`. */
function cardOf(page: Page, title: string): Locator {
  return page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

test("two writers become friends by invitation link, share memories, and the friend reads them until the friendship ends", async ({
  page,
  context,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const ada = newPerson("Ada", "Lovelace");
  const hugo = newPerson("Hugo", "Martin");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await dismissOverlays(page);
  await signUp(page, ada);
  const hugoPage = await otherBrowser(browser, baseURL, pageErrors, "Hugo");
  await signUp(hugoPage, hugo);

  // Ada's invitation card: the link, its expiry, its QR code; Copy puts the link on the clipboard.
  await page.getByRole("link", { name: "Friends", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();
  const linkBox = page.getByRole("textbox", { name: "Invitation link" });
  await expect(linkBox).toHaveValue(/\/friends\/accept\?token=[\w-]{20,}$/);
  await expect(page.getByText(/^Expires on .+ at .+$/)).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the invitation link" })).toBeVisible();
  await expect(page.getByText("No pending requests.")).toBeVisible();
  await expect(page.getByText("No friends yet. Send your invitation link to someone you trust.")).toBeVisible();
  await expectAccessible(page, "/friends");
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Invitation link copied to clipboard")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  const invitation = await page.evaluate(() => navigator.clipboard.readText());
  expect(invitation).toBe(await linkBox.inputValue());

  // Hugo opens the link: he sees who sent it, and accepts.
  await hugoPage.goto(invitation);
  await expect(hugoPage.getByRole("heading", { level: 1, name: "Friend invitation" })).toBeVisible();
  await expect(hugoPage.getByRole("heading", { name: `${fullName(ada)} invites you to be friends` })).toBeVisible();
  await expect(hugoPage.getByText(`if you accept, ${fullName(ada)} is asked to confirm`)).toBeVisible();
  await expectAccessible(hugoPage, "invitation page");
  await hugoPage.getByRole("button", { name: "Accept" }).click();
  await expect(hugoPage.getByRole("heading", { name: "Request sent" })).toBeVisible();
  await expect(hugoPage.getByRole("main").getByText(`${fullName(ada)} will be asked to confirm.`)).toBeVisible();
  // Then his friends page, where the request waits for Ada.
  await expect(hugoPage).toHaveURL(/\/friends$/);
  const sent = itemOf(hugoPage, "Sent requests", fullName(ada));
  await expect(sent).toBeVisible();
  await expect(sent.getByText("Pending", { exact: true })).toBeVisible();

  // The link is used up: opened again, it is an invalid invitation.
  await hugoPage.goto(invitation);
  await expect(hugoPage.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();

  // Ada is told, and confirms under her pending requests.
  await page.reload();
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
  await expect(itemOf(page, "Pending requests", fullName(hugo))).toBeVisible();
  await page.getByRole("button", { name: `Accept the request of ${fullName(hugo)}` }).click();
  await expect(page.getByText("Success! You are now friends")).toBeVisible();
  await expect(itemOf(page, "Your friends", fullName(hugo)).getByText(/^Friends since /)).toBeVisible();
  await expect(page.getByText("No pending requests.")).toBeVisible();

  // Hugo sees Ada among his friends, with her e-mail now that they are friends.
  await hugoPage.goto("/friends");
  const friendAda = itemOf(hugoPage, "Your friends", fullName(ada));
  await expect(friendAda).toBeVisible();
  await expect(friendAda.getByText(ada.email)).toBeVisible();
  await expect(hugoPage.getByText("No requests waiting for an answer.")).toBeVisible();
  await expect(hugoPage.getByText("No friend has shared a memory with you yet.")).toBeVisible();

  // Ada shares one memory from its card in the list, and another from its own page.
  const lakeId = await writeMemory(page, "Sunday at the lake", "We swam in the cold lake at dawn.");
  const breadId = await writeMemory(page, "Bread with Grandma", "She taught me to knead the dough.");
  await page.goto("/memories");
  const lakeCard = cardOf(page, "Sunday at the lake");
  await lakeCard.getByRole("button", { name: "Share “Sunday at the lake”" }).click();
  await page.getByRole("menuitem", { name: "Share with Friend" }).click();
  const dialog = page.getByRole("dialog", { name: "Share with a friend" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Share", exact: true })).toBeDisabled();
  await dialog.getByRole("radio", { name: fullName(hugo) }).check();
  await expectAccessible(page, "share-with-friend dialog");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Memory shared")).toBeVisible();
  await expect(lakeCard.getByRole("list", { name: "Sharing" }).getByText(`Shared with ${fullName(hugo)}`)).toBeVisible();
  // Shared once: offered again, Hugo is marked and cannot be chosen twice.
  await lakeCard.getByRole("button", { name: "Share “Sunday at the lake”" }).click();
  await page.getByRole("menuitem", { name: "Share with Friend" }).click();
  await expect(dialog.getByRole("radio", { name: new RegExp(fullName(hugo)) })).toBeDisabled();
  await expect(dialog.getByText("Already shared")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/memories/${breadId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Bread with Grandma" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Sharing" });
  await expect(panel.getByText("Only you can see this memory.")).toBeVisible();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await page.getByRole("menuitem", { name: "Share with Friend" }).click();
  await dialog.getByRole("radio", { name: fullName(hugo) }).check();
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText(`${fullName(hugo)} can now read “Bread with Grandma”.`)).toBeVisible();
  await expect(panel.getByRole("button", { name: `Stop sharing with ${fullName(hugo)}` })).toBeVisible();

  // Hugo's bell counts what happened to him: Ada accepted him, then shared two memories.
  await hugoPage.reload();
  const bell = hugoPage.getByRole("button", { name: "Notifications, 3 unread" });
  await expect(bell).toBeVisible();
  await expect(hugoPage.getByTestId("notification-badge")).toHaveText("3");
  await bell.click();
  const menu = hugoPage.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByText("You have 3 unread notifications.")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: new RegExp(`^Unread: Friend request accepted ${fullName(ada)} accepted your friend request`) })).toBeVisible();
  const lakeNotice = menu.getByRole("menuitem", { name: new RegExp(`^Unread: A memory was shared with you ${fullName(ada)} shared “Sunday at the lake” with you`) });
  await expect(lakeNotice).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Mark all as read" })).toBeVisible();
  await expectAccessible(hugoPage, "notification dropdown");
  await lakeNotice.click();

  // The notification leads to the memory, read-only, saying who shared it.
  await expect(hugoPage).toHaveURL(new RegExp(`/memories/${lakeId}$`));
  const main = hugoPage.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Sunday at the lake" })).toBeVisible();
  await expect(main.getByText(`Shared by ${sharedByName(ada)}`)).toBeVisible();
  await expect(main.getByText("Shared with you to read: you cannot change it.")).toBeVisible();
  await expect(main.getByText("We swam in the cold lake at dawn.")).toBeVisible();
  await expect(main.getByText("Annecy")).toBeVisible();
  await expect(main.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: /^Share/ })).toHaveCount(0);
  await expect(main.getByRole("region", { name: "Sharing" })).toHaveCount(0);
  await expect(hugoPage.getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();
  await expectAccessible(hugoPage, "shared memory page");
  // The server agrees: the memory is not Hugo's to change.
  const edit = await hugoPage.request.patch(`/api/memories/${lakeId}`, {
    data: { title: "Mine now" },
    headers: { Origin: new URL(hugoPage.url()).origin },
  });
  expect(edit.status()).toBe(404);

  // The "Shared with me" tab lists both, with who shared them, and searches them.
  await main.getByRole("link", { name: "Back to memories" }).click();
  await expect(hugoPage).toHaveURL(/\/memories\?tab=shared$/);
  await expect(hugoPage.getByRole("tab", { name: "Shared with me" })).toHaveAttribute("aria-selected", "true");
  const sharedCards = hugoPage.getByRole("list", { name: "Memories shared with me" }).getByRole("heading", { level: 2 });
  await expect(sharedCards).toHaveText(["Bread with Grandma", "Sunday at the lake"]);
  await expect(hugoPage.getByTestId("shared-memory-card").first().getByText(`Shared by ${sharedByName(ada)}`)).toBeVisible();
  await expectAccessible(hugoPage, "Shared with me tab");
  const search = hugoPage.getByRole("searchbox", { name: "Search shared memories" });
  await search.fill("knead");
  await expect(sharedCards).toHaveText(["Bread with Grandma"]);
  await search.fill("volcano");
  await expect(hugoPage.getByText("No shared memories match")).toBeVisible();
  await search.fill("");
  await expect(sharedCards).toHaveCount(2);
  // Hugo's own list stays his own.
  await hugoPage.getByRole("tab", { name: "My memories" }).click();
  await expect(hugoPage.getByRole("link", { name: "Sunday at the lake" })).toHaveCount(0);

  // Ada removes Hugo from her friends, after a confirmation; every share between them ends.
  await page.goto("/friends");
  await page.getByRole("button", { name: `Remove ${fullName(hugo)} from your friends` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Remove ${fullName(hugo)} from your friends?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, "remove-friend dialog");
  await confirm.getByRole("button", { name: "Remove friend" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Friend removed")).toBeVisible();
  await expect(page.getByText("No friends yet. Send your invitation link to someone you trust.")).toBeVisible();

  await hugoPage.goto("/memories?tab=shared");
  await expect(hugoPage.getByText("No memories shared with you")).toBeVisible();
  await hugoPage.goto(`/memories/${lakeId}`);
  await expect(hugoPage.getByRole("heading", { level: 1, name: "Memory not found" })).toBeVisible();
  await hugoPage.goto("/friends");
  await expect(hugoPage.getByText("No friends yet. Send your invitation link to someone you trust.")).toBeVisible();
  await expect(hugoPage.getByText("No friend has shared a memory with you yet.")).toBeVisible();

  await hugoPage.context().close();
});

test("a public link shows the memory to a signed-out visitor until its owner ends it", async ({ page, context, browser, baseURL, pageErrors }) => {
  test.setTimeout(90_000);
  const ada = newPerson("Ada", "Lovelace");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await dismissOverlays(page);
  await signUp(page, ada);
  const id = await writeMemory(page, "Fireworks over the lake", "The whole town watched from the shore.");
  await writeMemory(page, "A private evening", "Nobody else should read this.");

  // Share Link on the memory's page: the link is shown once, in a toast, with a copy button.
  await page.goto(`/memories/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fireworks over the lake" })).toBeVisible();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: "Share Link" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Share Link" }).click();
  await expect(page.getByText("Link generated")).toBeVisible();
  await expect(page.getByText("Anyone with this link can view your memory for 2 days.")).toBeVisible();
  const url = (await page.getByTestId("share-link-url").textContent()) ?? "";
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shared\/[\w-]{20,}$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const panel = page.getByRole("region", { name: "Sharing" });
  await expect(panel.getByText(/^Link active until .+ at .+$/)).toBeVisible();

  // A visitor, signed out, reads it: the memory and its owner's name, nothing more.
  const visitor = await otherBrowser(browser, baseURL, pageErrors, "visitor");
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Fireworks over the lake" })).toBeVisible();
  await expect(visitor.getByText(`${fullName(ada)} shared this memory`)).toBeVisible();
  await expect(visitor.getByText("The whole town watched from the shore.")).toBeVisible();
  await expect(visitor.getByText("Annecy")).toBeVisible();
  await expect(visitor.getByRole("link", { name: /Sign in to Lifegraph/ })).toBeVisible();
  await expect(visitor.getByText(ada.email)).toHaveCount(0);
  await expect(visitor.getByText("A private evening")).toHaveCount(0);
  await expect(visitor).toHaveTitle(/Fireworks over the lake/);
  await expectAccessible(visitor, "public shared memory");

  // Ada ends the link from the sharing panel; the visitor's next look finds the faded notice.
  await panel.getByRole("button", { name: "End link" }).click();
  await expect(page.getByText("Link ended")).toBeVisible();
  await expect(panel.getByText("Only you can see this memory.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "This memory has faded" })).toBeVisible();
  await expect(visitor.getByText("Fireworks over the lake")).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: /Sign up for Lifegraph/ })).toBeVisible();
  await expectAccessible(visitor, "faded public memory");

  await visitor.context().close();
});

/**
 * How a shared memory names who shared it (SPEC §2 memory detail: the username, else the first
 * name); the local sign-in gives no username.
 */
function sharedByName(owner: Person) {
  return owner.firstName;
}
