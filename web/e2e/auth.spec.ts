import {
  consentCheckboxes,
  dismissOverlays,
  expect,
  expectAccessible,
  fillLocalSignIn,
  newPerson,
  signOut,
  signOutWith,
  signUp,
  test,
} from "./support";

test.beforeEach(async ({ page }) => dismissOverlays(page));

test("sign in through the local page shows the display name in the shell", async ({ page }) => {
  const person = newPerson("Grace", "Hopper");
  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await fillLocalSignIn(page, person);

  // A first sign-in without the sign-up page: the consent screen comes before anything else.
  await expect(page.getByRole("heading", { level: 1, name: "Before you continue" })).toBeVisible();
  await expectAccessible(page, "consent screen");
  const { dataProcessing, terms } = consentCheckboxes(page);
  await dataProcessing.check();
  await terms.check();
  await page.getByRole("button", { name: "Accept and continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("user-display-name")).toHaveText("Grace Hopper");
  await expect(page.getByTestId("user-menu-trigger")).toContainText("G");
  await expectAccessible(page, "dashboard");

  await page.getByTestId("user-menu-trigger").click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText(person.email);
  await expectAccessible(page, "user menu");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByRole("menu")).toContainText("You have no unread notifications.");
  await expectAccessible(page, "notifications menu");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: /Change language/ }).click();
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page, "language menu");
});

test("register with both consents records them", async ({ page }) => {
  const person = await signUp(page, newPerson("Katherine", "Johnson"));
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  const user = await response.json();
  expect(user.email).toBe(person.email);
  expect(user.consents.dataProcessingAt).toEqual(expect.any(String));
  expect(user.consents.termsAt).toEqual(expect.any(String));
  await expect(page.getByRole("heading", { level: 1, name: "Before you continue" })).toHaveCount(0);
});

test("sign-in returns to the page asked for", async ({ page }) => {
  await page.goto("/memories");
  await expect(page).toHaveURL(/\/\?redirect=%2Fmemories$/);
  await page.getByRole("link", { name: "I already have an account" }).click();
  await fillLocalSignIn(page, newPerson("Alan", "Turing"), false);
  const { dataProcessing, terms } = consentCheckboxes(page);
  await dataProcessing.check();
  await terms.check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Memories" })).toBeVisible();
  await expect(page).toHaveURL(/\/memories$/);
});

test("signed in, /login and unknown paths go to the dashboard", async ({ page }) => {
  await signUp(page);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/whatever");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/?redirect=/timeline");
  await expect(page.getByRole("heading", { level: 1, name: "Timeline" })).toBeVisible();
  await expect(page).toHaveURL(/\/timeline$/);
});

test("sign out lands on / signed out", async ({ page }) => {
  await signUp(page);
  // The menu's Sign out POSTs /api/logout and reloads /; the old GET link is not used any more.
  const logoutLinks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/logout" && request.method() !== "POST") logoutLinks.push(request.url());
  });
  await signOut(page);
  expect(logoutLinks).toEqual([]);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await page.goto("/memories");
  await expect(page).toHaveURL(/\/\?redirect=%2Fmemories$/);
});

test("the consent screen can sign out", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await fillLocalSignIn(page, newPerson("Hedy", "Lamarr"), false);
  await expect(page.getByRole("heading", { level: 1, name: "Before you continue" })).toBeVisible();
  await signOutWith(page, page.getByRole("main").getByRole("button", { name: "Sign out" }));
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
