import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

async function switchToFrench(page: Page) {
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
}

async function writeMemory(page: Page, title: string, entities: number[]) {
  const response = await postFromApp(page, "/api/memories/with-validation", { title, content: "Une journée.", entities });
  expect(response.status()).toBe(201);
}

test("entities in French: add, search, sort, edit, merge with its memories, delete; periods and objects", async ({ page }) => {
  test.setTimeout(120_000);
  await dismissOverlays(page);
  await signUp(page);
  await switchToFrench(page);

  // The index, reached from the sidebar's Entities heading.
  await page.getByRole("link", { name: "Entités", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Entités" })).toBeVisible();
  await expect(page.getByText("0 entité").first()).toBeVisible();
  await expectAccessible(page, "entities index (fr)");
  await page.getByRole("main").getByRole("link", { name: "Personnes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Personnes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aucune entité trouvée" })).toBeVisible();
  await expectAccessible(page, "empty people list (fr)");

  // Add a person with other names.
  await page.getByRole("button", { name: "Ajouter" }).first().click();
  const add = page.getByRole("dialog", { name: "Ajouter : Personne" });
  await add.getByLabel("Nom", { exact: true }).fill("Claire Martin");
  await add.getByLabel("Catégorie").selectOption("sister");
  await add.getByLabel("Profession").fill("Infirmière");
  await add.getByLabel("Autres noms").fill("Clacla, Clairette");
  await expectAccessible(page, "add person dialog (fr)");
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Personne ajouté(e) avec succès")).toBeVisible();
  await expect(add).toBeHidden();
  await expect(page.getByText("Sœur · Infirmière")).toBeVisible();
  await expect(page.getByText("Aussi appelé Clacla, Clairette")).toBeVisible();

  // Two more people, one of them the same person under another name, with memories.
  const bob = await (await postFromApp(page, "/api/entities", { name: "Bob", type: "person" })).json();
  const robert = await (await postFromApp(page, "/api/entities", { name: "Robert", type: "person" })).json();
  await writeMemory(page, "Avec Bob", [bob.id]);
  await writeMemory(page, "Bob et Robert", [bob.id, robert.id]);
  await writeMemory(page, "Avec Robert", [robert.id]);
  await page.reload();
  const list = page.getByRole("list", { name: "Personnes" });
  await expect(list.getByRole("listitem")).toHaveCount(3);

  // Search by another name; sort.
  await page.getByRole("searchbox", { name: "Rechercher par nom" }).fill("clac");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("1 sur 3")).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher par nom" }).fill("");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: /Trier/ }).click();
  await page.getByRole("menuitemradio", { name: "Nom (Z-A)" }).click();
  await expect(list.getByRole("listitem").first()).toContainText("Robert");

  // Edit.
  await page.getByRole("button", { name: "Modifier Claire Martin" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier Claire Martin" });
  await expect(edit.getByLabel("Profession")).toHaveValue("Infirmière");
  await edit.getByLabel("Nom", { exact: true }).fill("Claire Dubois");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Entité mise à jour avec succès")).toBeVisible();
  await expect(list.getByRole("link", { name: /^Claire Dubois/ })).toBeVisible();

  // Merge Bob into Robert: his memories follow.
  await expect(list.getByRole("listitem").filter({ hasText: "Bob" })).toContainText("2 souvenirs");
  await page.getByRole("button", { name: "Fusionner Bob" }).click();
  const merge = page.getByRole("dialog", { name: "Fusionner Bob" });
  await merge.getByRole("button", { name: "Fusionner avec" }).click();
  await page.getByRole("option", { name: /Robert/ }).click();
  await expectAccessible(page, "merge dialog (fr)");
  await merge.getByRole("button", { name: "Fusionner", exact: true }).click();
  await expect(page.getByText("Entités fusionnées avec succès")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const robertRow = list.getByRole("listitem").filter({ hasText: "Robert" });
  await expect(robertRow).toContainText("3 souvenirs");
  await expect(robertRow).toContainText("Aussi appelé Bob");
  await robertRow.getByRole("link", { name: /^Robert/ }).click();
  await expect(page).toHaveURL(new RegExp(`/memories\\?filterEntity=${robert.id}$`));
  for (const title of ["Avec Bob", "Bob et Robert", "Avec Robert"]) {
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  }

  // Delete: the memories stay.
  await page.goto("/entities/people");
  await page.getByRole("button", { name: "Supprimer Robert" }).click();
  const remove = page.getByRole("alertdialog", { name: "Supprimer Robert ?" });
  await remove.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Entité supprimée avec succès")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.goto("/memories");
  await expect(page.getByRole("link", { name: "Avec Robert" })).toBeVisible();

  // A period inside another, and a one-day event.
  await page.goto("/entities/periods");
  await page.getByRole("button", { name: "Ajouter" }).first().click();
  let period = page.getByRole("dialog", { name: "Ajouter : Période/Événement" });
  await period.getByLabel("Nom", { exact: true }).fill("Années lycée");
  await period.getByLabel("Date de début").fill("2001-09-01");
  await period.getByLabel("Date de fin").fill("2004-06-30");
  await period.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Période créée")).toBeVisible();
  await page.getByRole("button", { name: "Ajouter" }).first().click();
  period = page.getByRole("dialog", { name: "Ajouter : Période/Événement" });
  await period.getByLabel("Nom", { exact: true }).fill("Le bac");
  await period.getByLabel("Événement d’un jour").check();
  await expect(period.getByLabel("Date de fin")).toBeHidden();
  await period.getByLabel("Date de début").fill("2004-06-20");
  await period.getByLabel("Fait partie de").selectOption({ label: "Années lycée" });
  await expectAccessible(page, "add period dialog (fr)");
  await period.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Période créée").last()).toBeVisible();
  await expect(page.getByText("20 juin 2004")).toBeVisible();
  await expect(page.getByText("1 septembre 2001 – 30 juin 2004")).toBeVisible();
  // The parent cannot be placed inside its own sub-period.
  await page.getByRole("button", { name: "Modifier Années lycée" }).click();
  const options = page.getByRole("dialog", { name: "Modifier Années lycée" }).getByLabel("Fait partie de").locator("option");
  await expect(options).toHaveText(["Aucune"]);
  await page.keyboard.press("Escape");

  // An object with its appreciation.
  await page.goto("/entities/objects");
  await page.getByRole("button", { name: "Ajouter" }).first().click();
  const object = page.getByRole("dialog", { name: "Ajouter : Objet" });
  await object.getByLabel("Nom", { exact: true }).fill("Guitare de grand-père");
  await object.getByLabel("Catégorie").selectOption("instrument");
  await expect(object.getByLabel("Appréciation (1-10)")).toHaveValue("5");
  await object.getByLabel("Appréciation (1-10)").selectOption("9");
  await object.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Instrument · Appréciation 9/10")).toBeVisible();
  await expectAccessible(page, "objects list (fr)");
});
