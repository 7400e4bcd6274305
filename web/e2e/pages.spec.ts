import { dismissOverlays, expect, expectAccessible, signOut, signUp, test } from "./support";

const signedInPages: [string, string][] = [
  ["/", "Dashboard"],
  ["/memories", "Memories"],
  ["/memories/1", "Memory not found"],
  ["/memories/1/edit", "Memory not found"],
  ["/timeline", "Timeline"],
  ["/entities", "Entities"],
  ["/entities/people", "People"],
  ["/entities/locations", "Locations"],
  ["/entities/periods", "Periods/Events"],
  ["/entities/emotions", "Emotions"],
  ["/entities/objects", "Objects"],
  ["/entities/activities", "Activities"],
  ["/entities/dragons", "Entity type not found"],
  ["/friends", "Friends"],
  ["/friends/accept?token=abc", "Friend invitation"],
  ["/feedback", "Feedback"],
  ["/settings", "Settings"],
  ["/settings/privacy", "Settings"],
  ["/tutorial", "Tutorial"],
  // An unknown link reads as a faded one.
  ["/shared/abc", "This memory has faded"],
  ["/privacy-policy", "Privacy policy"],
  ["/terms-of-service", "Terms of service"],
];

for (const colorScheme of ["light", "dark"] as const) {
  test(`every signed-in page has its title and passes axe (${colorScheme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await dismissOverlays(page);
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    for (const [path, title] of signedInPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Lifegraph`);
      await expectAccessible(page, `${path} (${colorScheme})`);
    }
  });
}

test("the entity-type-not-found card leads to the dashboard", async ({ page }) => {
  await dismissOverlays(page);
  await signUp(page);
  await page.goto("/entities/dragons");
  await expect(page.getByText("The entity type you're looking for doesn't exist")).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a non-administrator is sent from /admin to the dashboard", async ({ page }) => {
  // Two accounts: the administrator is the first account ever, so the second one is not it.
  await dismissOverlays(page);
  await signUp(page);
  // Signed out the way the app does it (POST /api/logout), not through the old GET link.
  await signOut(page);
  await signUp(page);
  const me = await (await page.request.get("/api/auth/user")).json();
  expect(me.isAdmin).toBe(false);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("signed-out pages pass axe in dark theme", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/", "/login", "/register", "/privacy-policy", "/terms-of-service", "/shared/abc"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, `${path} (dark)`);
  }
});
