import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

async function entity(page: Page, name: string, type: string, metadata: Record<string, unknown> = {}): Promise<number> {
  const response = await postFromApp(page, "/api/entities-with-metadata", { name, type, metadata });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function memory(page: Page, title: string, content: string, entities: number[], eventDate?: string) {
  const response = await postFromApp(page, "/api/memories/with-validation", { title, content, entities, ...(eventDate && { eventDate }) });
  expect(response.status()).toBe(201);
}

/** The memory cards' title links of the page (entity tags link to a filtered list instead). */
function memoryLinks(page: Page) {
  return page.getByRole("main").locator('a[href^="/memories/"]');
}

/** A small journal: Claire in three memories (one says "my sister" while she is a friend), Hugo in one. */
async function seedJournal(page: Page) {
  const claire = await entity(page, "Claire", "person", { category: "friend" });
  const hugo = await entity(page, "Hugo", "person");
  const lyon = await entity(page, "Lyon", "location");
  const school = await entity(page, "High school", "lifePeriod");
  await entity(page, "College years", "lifePeriod");
  await memory(page, "Lunch in Lyon", "Lunch with my sister Claire in Lyon.", [claire, lyon]);
  await memory(page, "Walk with Claire", "A long walk with Claire and Hugo.", [claire, hugo]);
  await memory(page, "Old exam", "The last exam.", [claire, school], "2009-06-12");
  return { claire, hugo, lyon, school };
}

test("the dashboard counts a writer's journal, links each figure to its list and offers insights", async ({ page }) => {
  test.setTimeout(120_000);
  await dismissOverlays(page);
  await signUp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // A new writer is invited to the tutorial; dismissing it is for good.
  const banner = page.getByRole("region", { name: "Complete Your Setup" });
  await expect(banner).toBeVisible();
  await expectAccessible(page, "dashboard, new writer");
  await banner.getByRole("button", { name: "Dismiss the setup reminder" }).click();
  await expect(banner).toBeHidden();

  const { claire } = await seedJournal(page);
  await page.reload();
  await expect(page.getByRole("region", { name: "Complete Your Setup" })).toBeHidden();
  const stats = page.getByRole("region", { name: "Statistics" });
  await expect(stats.getByRole("link", { name: "Memories: 3. 3 this month" })).toBeVisible();
  await expect(stats.getByRole("link", { name: "Entities: 5. 5 this month" })).toBeVisible();
  await expect(stats.getByText("3 text only")).toBeVisible();
  await expect(stats.getByRole("link", { name: "Periods/Events: 2" })).toBeVisible();
  await expect(stats.getByRole("link", { name: "Claire: 3 memories" })).toBeVisible();
  await expectAccessible(page, "dashboard with statistics");

  // Each card leads to its list.
  await stats.getByRole("link", { name: "Memories: 3. 3 this month" }).click();
  await expect(page).toHaveURL(/\/memories$/);
  await page.goBack();
  await stats.getByRole("link", { name: "Entities: 5. 5 this month" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await page.goBack();
  await stats.getByRole("link", { name: "Locations: 1" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  await page.goBack();
  await stats.getByRole("link", { name: "Claire: 3 memories" }).click();
  await expect(page).toHaveURL(new RegExp(`/memories\\?filterEntity=${claire}$`));
  await expect(memoryLinks(page)).toHaveCount(3);
  await page.goBack();

  // The recent memories; the search box searches memories.
  await expect(page.getByRole("list", { name: "Recent memories" }).locator('a[href^="/memories/"]')).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Search your memories" }).fill("lyon");
  await page.getByRole("searchbox", { name: "Search your memories" }).press("Enter");
  await expect(page.getByRole("searchbox", { name: "Search memories" })).toHaveValue("lyon");
  await expect(memoryLinks(page)).toHaveCount(1);
  await page.goBack();

  // Insights: an empty period to write about; the text calls Claire a sister.
  await page.getByRole("tab", { name: "Insights" }).click();
  const empty = page.getByRole("article", { name: "No memories of College years yet" });
  await expect(empty).toBeVisible();
  const sister = page.getByRole("article", { name: "Your memories call Claire your sister" });
  await expect(sister.getByRole("link", { name: "Lunch in Lyon" })).toBeVisible();
  await expectAccessible(page, "dashboard insights");
  await sister.getByRole("button", { name: "Make Claire your sister" }).click();
  await expect(page.getByText("Claire updated")).toBeVisible();
  await expect(sister).toBeHidden();
  // An insight's evidence opens what it rests on: here the period's (empty) list of memories.
  await empty.getByRole("link", { name: "College years" }).click();
  await expect(page).toHaveURL(/\/memories\?filterEntity=\d+$/);
});

test("the dashboard in French and in the dark theme passes axe on each tab", async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: "dark" });
  await dismissOverlays(page);
  await signUp(page);
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await seedJournal(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  const stats = page.getByRole("region", { name: "Statistiques" });
  await expect(stats.getByRole("link", { name: "Souvenirs : 3. 3 ce mois-ci" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Terminez votre configuration" })).toBeVisible();
  await expectAccessible(page, "dashboard (fr, dark)");
  await page.getByRole("tab", { name: "Éclairages" }).click();
  await expect(page.getByRole("article", { name: "Aucun souvenir de « College years » pour l’instant" })).toBeVisible();
  await expectAccessible(page, "dashboard insights (fr, dark)");
  await page.getByRole("tab", { name: "Explorer le graphe" }).click();
  await expect(page.getByRole("tab", { name: "Graphe", exact: true })).toBeVisible();
  await expectAccessible(page, "dashboard graph (fr, dark)");
  await page.getByRole("tab", { name: "Carte" }).click();
  await expectAccessible(page, "dashboard map (fr, dark)");
});
