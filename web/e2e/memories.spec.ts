import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/market.png");
const story = "Ce matin, Hugo et Clairette sont venus au marché de Lyon. J'étais tellement heureuse.";

async function switchToFrench(page: Page) {
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

async function chooseAction(page: Page, name: string, action: string) {
  await page.getByRole("combobox", { name: `Que faire de « ${name} »` }).click();
  await page.getByRole("option", { name: action }).click();
}

test("a memory in French: photo, entity confirmation, list, search, sort, filter, edit, delete", async ({ page }) => {
  test.setTimeout(120_000);
  await dismissOverlays(page);
  await signUp(page);
  await switchToFrench(page);

  // An existing person known by another name.
  const created = await postFromApp(page, "/api/entities", { name: "Claire", type: "person", aliases: ["Clairette"] });
  expect(created.status()).toBe(201);
  const claire = (await created.json()) as { id: number };

  // The create dialog from the dashboard's New Memory button.
  await page.getByRole("button", { name: "Nouveau souvenir" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau souvenir" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Titre").fill("Le marché du samedi");
  await dialog.getByLabel("Récit").fill(story);
  await expect(dialog.getByLabel("Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel("Date").fill("2024-06-15");
  await dialog.getByLabel("Lieu").fill("Lyon");
  await dialog.getByTestId("photo-input").setInputFiles(photo);
  await expect(page.getByText("Photo téléversée")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Aperçu de la photo choisie" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Retirer la photo" })).toBeVisible();
  await expectAccessible(page, "create-memory dialog (fr)");
  await dialog.getByRole("button", { name: "Enregistrer le souvenir" }).click();

  // The confirmation dialog: Hugo new, Clairette is Claire, the market and the feeling skipped.
  const confirm = page.getByRole("dialog", { name: "Confirmer les entités extraites par l’IA" });
  await expect(confirm).toBeVisible();
  await expect(page.getByText("Souvenir créé")).toBeVisible();
  await expect(confirm.getByTestId("counter-total")).toHaveText("4");
  await expect(confirm.getByTestId("counter-confirmed")).toHaveText("4");
  await expect(confirm.getByRole("combobox", { name: "Que faire de « Hugo »" })).toHaveText("Créer");
  await expect(confirm.getByRole("combobox", { name: "Que faire de « Clairette »" })).toHaveText("Utiliser l’existante");
  await expect(confirm.getByRole("radio", { name: /Claire/ })).toBeChecked();
  await expect(confirm.getByRole("checkbox", { name: "Ajouter « Clairette » comme autre nom de Claire" })).toBeChecked();
  await expectAccessible(page, "confirmation dialog (fr)");
  await chooseAction(page, "marché de Lyon", "Ignorer");
  await chooseAction(page, "heureuse", "Ignorer");
  await expect(confirm.getByTestId("counter-confirmed")).toHaveText("2");
  await expect(confirm.getByTestId("counter-skipped")).toHaveText("2");
  await expect(confirm.getByRole("listitem", { name: "heureuse" })).toHaveCount(0);
  await confirm.getByRole("switch", { name: "Afficher les entités ignorées" }).click();
  await expect(confirm.getByRole("listitem", { name: "heureuse" })).toBeVisible();
  await confirm.getByRole("button", { name: "Enregistrer le souvenir avec 2 entités" }).click();

  await expect(page).toHaveURL(/\/memories\/(\d+)\?new=true$/);
  const memoryId = Number(/\/memories\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByText("Entités confirmées")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Le marché du samedi" })).toBeVisible();
  await expect(page).toHaveTitle("Le marché du samedi · Lifegraph");
  await expect(page.getByText("15 juin 2024")).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo de « Le marché du samedi »" })).toBeVisible();
  const tags = page.getByRole("region", { name: "Entités liées" }).getByRole("listitem");
  await expect(tags).toHaveCount(2);
  await expect(tags.filter({ hasText: "Hugo" })).toHaveCount(1);
  await expect(tags.filter({ hasText: "Claire" })).toHaveCount(1);
  await expectAccessible(page, "memory detail (fr)");

  // The server kept the choices: Hugo is a new person, nothing else was created.
  const entities = (await (await page.request.get("/api/entities")).json()) as { id: number; name: string }[];
  expect(entities.map((entity) => entity.name).sort()).toEqual(["Claire", "Hugo"]);
  const hugo = entities.find((entity) => entity.name === "Hugo");
  expect(hugo).toBeDefined();

  // A second, older memory without entities, for search, sort and filter.
  const second = await postFromApp(page, "/api/memories/with-validation", {
    title: "Un hiver à Nantes",
    content: "Il neigeait sur la Loire.",
    eventDate: "2019-01-10",
  });
  expect(second.status()).toBe(201);

  await page.getByRole("link", { name: "Retour aux souvenirs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Souvenirs" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(cards).toHaveText(["Le marché du samedi", "Un hiver à Nantes"]);
  const firstCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Le marché du samedi" }) });
  const cardTags = firstCard.getByRole("list", { name: "Entités liées" });
  await expect(cardTags.getByText("Hugo", { exact: true })).toHaveAttribute("data-tone", "high");
  await expect(cardTags.getByText("Claire", { exact: true })).toHaveAttribute("data-tone", "high");
  await expect(firstCard.getByText("15 juin 2024")).toBeVisible();
  await expect(firstCard.getByRole("img", { name: "Photo de « Le marché du samedi »" })).toBeVisible();
  await expectAccessible(page, "memory list (fr)");

  // Sort: oldest first.
  await page.getByRole("button", { name: /Trier les souvenirs/ }).click();
  await page.getByRole("menuitemradio", { name: "Date de l’événement, plus anciens d’abord" }).click();
  await expect(cards).toHaveText(["Un hiver à Nantes", "Le marché du samedi"]);

  // Search, on the server.
  await page.getByRole("searchbox", { name: "Rechercher dans les souvenirs" }).fill("Loire");
  await expect(cards).toHaveText(["Un hiver à Nantes"]);
  await page.getByRole("searchbox", { name: "Rechercher dans les souvenirs" }).fill("introuvable");
  await expect(page.getByText("Aucun souvenir ne correspond")).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher dans les souvenirs" }).fill("");
  await expect(cards).toHaveCount(2);

  // Filter by entity, kept in the address.
  await page.getByRole("button", { name: "Filtrer par entité" }).click();
  await expectAccessible(page, "entity filter (fr)");
  await page.getByRole("option", { name: /Hugo/ }).click();
  await expect(page).toHaveURL(new RegExp(`filterEntity=${hugo?.id}`));
  await expect(cards).toHaveText(["Le marché du samedi"]);
  await page.goto(`/memories?filterEntity=${claire.id}`);
  await expect(page.getByRole("button", { name: "Filtrer par entité" })).toHaveText("Claire");
  await expect(cards).toHaveText(["Le marché du samedi"]);

  // Edit from the card menu.
  await page.getByRole("button", { name: "Actions pour « Le marché du samedi »" }).click();
  await page.getByRole("menuitem", { name: "Modifier" }).click();
  await expect(page).toHaveURL(`/memories/${memoryId}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Modifier le souvenir" })).toBeVisible();
  await expect(page.getByLabel("Titre")).toHaveValue("Le marché du samedi");
  await expectAccessible(page, "memory edit (fr)");
  await page.getByLabel("Titre").fill("Le marché de la Croix-Rousse");
  await page.getByRole("button", { name: "Retirer la photo" }).click();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page).toHaveURL(`/memories/${memoryId}`);
  await expect(page.getByText("Souvenir mis à jour")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Le marché de la Croix-Rousse" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Photo de/ })).toHaveCount(0);

  // Delete from the detail page.
  await page.getByRole("button", { name: "Supprimer" }).click();
  const alert = page.getByRole("alertdialog", { name: "Supprimer ce souvenir ?" });
  await expect(alert).toBeVisible();
  await expectAccessible(page, "delete dialog (fr)");
  await alert.getByRole("button", { name: "Supprimer" }).click();
  await expect(page).toHaveURL(/\/memories$/);
  await expect(page.getByText("Souvenir supprimé")).toBeVisible();
  await expect(cards).toHaveText(["Un hiver à Nantes"]);
  expect((await page.request.get(`/api/memories/${memoryId}`)).status()).toBe(404);
  await page.goto(`/memories/${memoryId}`);
  await expect(page.getByText("Le souvenir que vous cherchez n’existe pas")).toBeVisible();
  await expectAccessible(page, "memory not found (fr)");
});

test("a long list loads page by page as the reader scrolls; dialogs pass axe in dark theme", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await signUp(page);
  for (let day = 1; day <= 30; day += 1) {
    const response = await postFromApp(page, "/api/memories/with-validation", {
      title: `Day ${day}`,
      content: `Entry number ${day}.`,
      eventDate: `2023-04-${String(day).padStart(2, "0")}`,
    });
    expect(response.status()).toBe(201);
  }
  await page.goto("/memories");
  const cards = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toHaveText("Day 30");
  await expect(page.getByText("April 30, 2023")).toBeVisible();
  await expectAccessible(page, "memory list (dark)");
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect(cards).toHaveCount(30);
  await expect(cards.last()).toHaveText("Day 1");

  await page.getByRole("main").getByRole("button", { name: "New Memory" }).click();
  const dialog = page.getByRole("dialog", { name: "New memory" });
  await dialog.getByRole("button", { name: "Save memory" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Memory details are required")).toBeVisible();
  await expectAccessible(page, "create-memory dialog with errors (dark)");
  await dialog.getByLabel("Title").fill("Lunch");
  await dialog.getByLabel("Details").fill("Lunch with Hugo in Paris. I was so happy.");
  await dialog.getByRole("button", { name: "Save memory" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm AI-Extracted Entities" });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, "confirmation dialog (dark)");
  await confirm.getByRole("button", { name: "Save Without Entities" }).click();
  await expect(page).toHaveURL(/\/memories\/\d+\?new=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lunch" })).toBeVisible();
  await expect(page.getByText("No entities linked yet.")).toBeVisible();
  expect(await (await page.request.get("/api/entities")).json()).toEqual([]);
});

test("a memory whose confirmation was closed: Find entities proposes them again; its tags lead to its memories", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await signUp(page);

  await page.getByRole("main").getByRole("button", { name: "New Memory" }).click();
  const dialog = page.getByRole("dialog", { name: "New memory" });
  await dialog.getByLabel("Title").fill("Dinner out");
  await dialog.getByLabel("Details").fill("Dinner with Claire in Lyon. I felt proud.");
  await dialog.getByRole("button", { name: "Save memory" }).click();

  // Closed without an answer: nothing is linked and the memory waits for its entities.
  const confirm = page.getByRole("dialog", { name: "Confirm AI-Extracted Entities" });
  await expect(confirm.getByRole("listitem", { name: "Claire", exact: true })).toBeVisible();
  await expect(confirm.getByRole("listitem", { name: "Lyon", exact: true })).toBeVisible();
  await confirm.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page).toHaveURL(/\/memories\/\d+\?new=true$/);
  const memoryId = Number(/\/memories\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole("heading", { level: 1, name: "Dinner out" })).toBeVisible();
  await expect(page.getByText("No entities linked yet.")).toBeVisible();
  const pending = (await (await page.request.get(`/api/memories/${memoryId}`)).json()) as { entitiesPending: boolean };
  expect(pending.entitiesPending).toBe(true);
  const find = page.getByRole("button", { name: "Find entities" });
  await expect(find).toBeVisible();
  await expectAccessible(page, "memory waiting for its entities");

  // Find entities: the same dialog, with the relationship choice for a new person; keep everything.
  await find.click();
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("listitem", { name: "Claire", exact: true })).toBeVisible();
  await expect(confirm.getByRole("combobox", { name: "Relationship (Claire)" })).toBeVisible();
  await expectAccessible(page, "confirmation dialog from Find entities");
  const total = (await confirm.getByTestId("counter-total").textContent()) ?? "";
  await expect(confirm.getByTestId("counter-confirmed")).toHaveText(total);
  await confirm.getByRole("button", { name: /^Save Memory with \d+ Entit/ }).click();
  await expect(page.getByText("Entities Confirmed")).toBeVisible();
  await expect(confirm).toBeHidden();

  const region = page.getByRole("region", { name: "Related entities" });
  await expect(region.getByRole("link", { name: "Claire (Person)" })).toHaveAttribute("href", /^\/memories\?filterEntity=\d+$/);
  await expect(region.getByRole("link", { name: "Lyon (Location)" })).toBeVisible();
  await expect(find).toHaveCount(0);
  await expectAccessible(page, "memory with its entities");

  // A tag leads to the memories naming it; on a card the tags stay clickable above the card's link.
  await region.getByRole("link", { name: "Claire (Person)" }).click();
  await expect(page).toHaveURL(/\/memories\?filterEntity=\d+$/);
  await expect(page.getByRole("button", { name: "Filter by entity" })).toHaveText("Claire");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Dinner out" }) });
  await expect(card).toBeVisible();
  await expectAccessible(page, "memory list with entity tags");
  await card.getByRole("link", { name: "Lyon (Location)" }).click();
  await expect(page.getByRole("button", { name: "Filter by entity" })).toHaveText("Lyon");
  await expect(page).toHaveURL(/\/memories\?filterEntity=\d+$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Dinner out"]);
});
