import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

async function addEntity(page: Page, name: string, type: string): Promise<number> {
  const response = await postFromApp(page, "/api/entities", { name, type });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function writeMemory(page: Page, title: string, entities: number[], eventDate?: string) {
  const response = await postFromApp(page, "/api/memories/with-validation", { title, content: "A day to remember.", entities, eventDate });
  expect(response.status()).toBe(201);
}

async function openGraph(page: Page, tab: string) {
  await page.getByRole("tab", { name: tab }).click();
  // The layout runs in a worker and stops by itself; the status says so while it runs.
  await expect(page.getByRole("listbox").first()).toBeVisible();
  await expect(page.getByText(/Arranging the graph|Disposition du graphe/)).toBeHidden({ timeout: 20_000 });
}

test("the graph explorer: filter by type, select through the list and the canvas, see the memories, follow the link", async ({ page }) => {
  test.setTimeout(120_000);
  // Camera moves happen at once, so a click lands where the camera was asked to go.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await dismissOverlays(page);
  await signUp(page);
  const claire = await addEntity(page, "Claire", "person");
  const hugo = await addEntity(page, "Hugo", "person");
  const lyon = await addEntity(page, "Lyon", "location");
  const joy = await addEntity(page, "Joy", "emotion");
  await writeMemory(page, "Market in Lyon", [claire, lyon], "2024-06-15");
  await writeMemory(page, "Dinner with Hugo", [claire, hugo, joy]);
  await writeMemory(page, "Back in Lyon", [lyon, hugo]);
  await page.reload();

  await openGraph(page, "Explore graph");
  const list = page.getByRole("listbox", { name: "Entities in the graph" });
  await expect(list.getByRole("option")).toHaveCount(4);
  await expect(list.getByRole("option").first()).toHaveAccessibleName(/^(Claire|Hugo|Lyon), (Person|Location), 2 memories, linked to /);
  await expect(page.getByRole("img", { name: /^Graph of 4 entities/ })).toBeVisible();
  await expectAccessible(page, "graph explorer");

  // Filter: without people, only the place and the feeling are left.
  const people = page.getByRole("button", { name: /^People/ });
  await people.click();
  await expect(people).toHaveAttribute("aria-pressed", "false");
  await expect(list.getByRole("option")).toHaveCount(2);
  await expect(list.getByRole("option", { name: /^Claire,/ })).toHaveCount(0);
  await people.click();
  await expect(list.getByRole("option")).toHaveCount(4);

  // Select through the list: the panel shows the place and its memories.
  await list.getByRole("option", { name: /^Lyon,/ }).click();
  await expect(list.getByRole("option", { name: /^Lyon,/ })).toHaveAttribute("aria-selected", "true");
  const lyonPanel = page.getByRole("region", { name: "Lyon" });
  await expect(lyonPanel.getByText("Location · 2 memories")).toBeVisible();
  await expect(lyonPanel.getByRole("link", { name: "Market in Lyon" })).toBeVisible();
  await expect(lyonPanel.getByText("June 15, 2024")).toBeVisible();
  await expect(lyonPanel.getByRole("link", { name: "Back in Lyon" })).toBeVisible();
  await expect(page.getByText("Selected: Lyon, Location, 2 memories.")).toBeAttached();
  await expectAccessible(page, "graph explorer with a selection");
  await lyonPanel.getByRole("button", { name: "Close" }).click();
  await expect(lyonPanel).toBeHidden();

  // Select through the canvas: the search brings Hugo to the middle of the drawing; a click there
  // selects him, in the list too.
  const search = page.getByRole("searchbox", { name: "Find an entity in the graph" });
  await search.fill("Hugo");
  await expect(page.getByText("1 match")).toBeVisible();
  await search.fill("");
  const canvas = page.getByRole("img", { name: /^Graph of/ });
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(list.getByRole("option", { name: /^Hugo,/ })).toHaveAttribute("aria-selected", "true");
  const hugoPanel = page.getByRole("region", { name: "Hugo" });
  await expect(hugoPanel.getByRole("link", { name: "Dinner with Hugo" })).toBeVisible();

  // Follow the link to all his memories.
  await hugoPanel.getByRole("link", { name: "See all memories" }).click();
  await expect(page).toHaveURL(new RegExp(`/memories\\?filterEntity=${hugo}$`));
  await expect(page.getByRole("link", { name: "Dinner with Hugo" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Market in Lyon" })).toHaveCount(0);
});

test("the graph explorer in French, and its empty state", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await signUp(page);
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  await page.getByRole("tab", { name: "Explorer le graphe" }).click();
  await expect(page.getByRole("heading", { name: "Votre graphe est vide" })).toBeVisible();
  await expectAccessible(page, "empty graph (fr)");

  const marie = await addEntity(page, "Marie", "person");
  const nantes = await addEntity(page, "Nantes", "location");
  await writeMemory(page, "Marché à Nantes", [marie, nantes], "2023-03-02");
  await page.reload();
  await openGraph(page, "Explorer le graphe");
  const list = page.getByRole("listbox", { name: "Entités du graphe" });
  await expect(list.getByRole("option", { name: "Nantes, Lieu, 1 souvenir, lié à Marie" })).toBeVisible();
  await list.getByRole("option", { name: /^Nantes,/ }).click();
  const panel = page.getByRole("region", { name: "Nantes" });
  await expect(panel.getByText("2 mars 2023")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Ouvrir dans Lieux" })).toHaveAttribute("href", "/entities/locations");
  await expectAccessible(page, "graph explorer (fr)");
});
