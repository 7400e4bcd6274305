import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

interface StoredEntity {
  id: number;
  name: string;
  aliases: string[];
  metadata: { category?: string; gender?: string | null; parentPeriods?: number[] | null; startDate?: string | null };
}

async function entitiesOf(page: Page, type: string): Promise<StoredEntity[]> {
  const response = await page.request.get(`/api/entities?type=${type}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredEntity[];
}

/** No sideways scrolling: the page fits the phone's width. */
async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

test("a new writer completes the tutorial in French: a memory, themselves and 3 people, suggested periods", async ({ page }) => {
  test.setTimeout(150_000);
  await dismissOverlays(page);
  await signUp(page);
  // A new writer is invited to the tutorial; they open it from the sidebar (which does not dismiss the banner).
  await expect(page.getByRole("region", { name: "Complete Your Setup" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Tutorial" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tutorial" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "0");

  // Step 1: French at once, then the first memory.
  await expect(page.getByRole("heading", { level: 2, name: "Write your first memory" })).toBeVisible();
  await expectAccessible(page, "tutorial step 1");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 2, name: "Écrivez votre premier souvenir" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Tutoriel" })).toBeVisible();
  await page.getByLabel("Titre").fill("Le lac d’Annecy");
  await page.getByLabel("Récit").fill("Une baignade un soir d’été, l’eau était froide.");
  await page.getByRole("button", { name: "Enregistrer mon premier souvenir" }).click();
  await expect(page.getByText("Premier souvenir créé !").first()).toBeVisible();
  await expect(page.getByText("Félicitations ! Votre premier souvenir a bien été enregistré.").first()).toBeVisible();
  await expectAccessible(page, "tutorial step 1 done (fr)");
  await page.getByRole("button", { name: "Continuer" }).click();

  // Step 2: their own name, two quick-adds and a custom person with another name.
  await expect(page.getByRole("heading", { level: 2, name: "Les personnes de votre vie" })).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Progression de la configuration" });
  await expect(progress).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByText("33 %")).toBeVisible();
  await expect(page.getByLabel("Votre nom")).toHaveValue("Ada Lovelace");
  await page.getByLabel("Votre genre").selectOption("female");
  const save = page.getByRole("button", { name: "Enregistrer et continuer" });
  await expect(page.getByText("Il faut au moins 3 personnes pour continuer.")).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole("button", { name: "Ajouter une personne : Mère" }).click();
  await page.getByLabel("Nom (Mère)").fill("Anne Isabella");
  await page.getByRole("button", { name: "Ajouter une personne : Meilleur ami" }).click();
  await page.getByLabel("Nom (Meilleur ami)").fill("Mary Somerville");
  await expect(page.getByText("2 au total · 0 déjà dans votre graphe · 2 nouvelle(s)")).toBeVisible();
  await page.getByRole("button", { name: "Ajouter quelqu’un d’autre" }).click();
  const editor = page.getByRole("form", { name: "Nouvelle personne" });
  await editor.getByLabel("Nom", { exact: true }).fill("Charles Babbage");
  await editor.getByLabel("Lien").selectOption("close-friend");
  await editor.getByLabel("Genre").selectOption("male");
  await editor.getByLabel("Autres noms").fill("Charlie");
  await editor.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(editor.getByRole("list", { name: "Autres noms" }).getByRole("listitem")).toHaveText(["Charlie"]);
  await editor.getByLabel("Date de naissance").fill("1791-12-26");
  await editor.getByLabel("Notes").fill("Les machines à calculer.");
  await expectAccessible(page, "tutorial step 2 with the person editor (fr)");
  await editor.getByRole("button", { name: "Enregistrer la personne" }).click();
  await expect(page.getByText("Aussi appelé Charlie")).toBeVisible();
  await expect(page.getByText("3 au total · 0 déjà dans votre graphe · 3 nouvelle(s)")).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();

  // Step 3: a birth date, Smart Suggest, Add All on childhood, Complete setup.
  await expect(page.getByRole("heading", { level: 2, name: "Les périodes de votre vie" })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "2");
  await page.getByLabel("Votre date de naissance").fill("1990-05-01");
  await page.getByRole("button", { name: "Suggestion intelligente" }).click();
  const tree = page.getByRole("list", { name: "Par étape de la vie" });
  await expect(tree.getByText("Enfance", { exact: true })).toBeVisible();
  await expect(tree.getByText("1 mai 1990 – 1 mai 2001")).toBeVisible();
  await tree.getByRole("button", { name: "Afficher les parties de Adolescence" }).click();
  await expect(tree.getByText("Lycée", { exact: true })).toBeVisible();
  await expectAccessible(page, "tutorial step 3 with suggestions (fr)");
  await tree.getByRole("button", { name: "Tout ajouter : Enfance et ses parties" }).click();
  const added = page.getByRole("region", { name: "Périodes à ajouter" });
  await expect(added.getByRole("listitem")).toHaveCount(4);
  await expect(added.getByText(/fait partie de Enfance/)).toHaveCount(3);
  await page.getByRole("button", { name: "Liste simple" }).click();
  await expect(page.getByRole("list", { name: "Liste simple" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByText("4 au total · 0 déjà dans votre graphe · 4 nouvelle(s)")).toBeVisible();
  await page.getByRole("button", { name: "Terminer la configuration" }).click();

  // The completion card, then the dashboard: the banner is gone and the counts match.
  const done = page.getByRole("region", { name: "Votre graphe de vie a commencé" });
  await expect(done).toBeVisible();
  await expect(done.getByRole("list", { name: "Prochaines étapes" }).getByRole("link")).toHaveCount(6);
  await expect(progress).toHaveAttribute("aria-valuenow", "3");
  await expect(page.getByText("100 %")).toBeVisible();
  await expectAccessible(page, "tutorial completion card (fr)");

  // What was saved: "myself" and the three people with their details; the periods linked to childhood.
  const people = await entitiesOf(page, "person");
  expect(people.map((person) => [person.name, person.metadata.category]).sort()).toEqual([
    ["Ada Lovelace", "myself"],
    ["Anne Isabella", "mother"],
    ["Charles Babbage", "close-friend"],
    ["Mary Somerville", "best-friend"],
  ]);
  expect(people.find((person) => person.name === "Charles Babbage")?.aliases).toEqual(["Charlie"]);
  expect(people.find((person) => person.name === "Ada Lovelace")?.metadata.gender).toBe("female");
  const periods = await entitiesOf(page, "lifePeriod");
  const childhood = periods.find((period) => period.name === "Enfance");
  expect(childhood?.metadata.startDate).toBe("1990-05-01");
  expect(periods.filter((period) => period.metadata.parentPeriods?.includes(childhood!.id)).map((period) => period.name).sort((a, b) => a.localeCompare(b, "fr"))).toEqual([
    "École maternelle",
    "École primaire",
    "Petite enfance",
  ]);

  await done.getByRole("button", { name: "Aller au tableau de bord" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  const stats = page.getByRole("region", { name: "Statistiques" });
  await expect(stats.getByRole("link", { name: "Souvenirs : 1. 1 ce mois-ci" })).toBeVisible();
  // The dashboard counts "myself" among the people.
  await expect(stats.getByRole("link", { name: "Personnes : 4" })).toBeVisible();
  await expect(stats.getByRole("link", { name: "Périodes/Événements : 4" })).toBeVisible();
  await expect(stats.getByRole("link", { name: "Entités : 8. 8 ce mois-ci" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Terminez votre configuration" })).toBeHidden();
  await page.reload();
  await expect(stats.getByRole("link", { name: "Personnes : 4" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Terminez votre configuration" })).toBeHidden();
});

test("a writer who skips resumes at the right step, on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await dismissOverlays(page);
  await signUp(page);

  // Nothing written: the tutorial starts, and after a skip starts again, at the memory.
  await page.goto("/tutorial");
  await expect(page.getByRole("heading", { level: 2, name: "Write your first memory" })).toBeVisible();
  await expectFitsWidth(page);
  await page.getByRole("button", { name: "Skip tutorial" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Complete Your Setup" })).toBeHidden();
  await page.goto("/tutorial");
  await expect(page.getByRole("heading", { level: 2, name: "Write your first memory" })).toBeVisible();

  // A memory, then a skip at the people step: the tutorial reopens there.
  await page.getByLabel("Title").fill("Moving day");
  await page.getByLabel("Details").fill("Boxes everywhere, and pizza on the floor.");
  await page.getByRole("button", { name: "Save my first memory" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "The people in your life" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a person: Mother" })).toBeVisible();
  await expectFitsWidth(page);
  await expectAccessible(page, "tutorial step 2 on a phone");
  await page.getByRole("button", { name: "Skip tutorial" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await page.goto("/tutorial");
  await expect(page.getByRole("heading", { level: 2, name: "The people in your life" })).toBeVisible();
  const steps = page.getByRole("navigation", { name: "Tutorial steps" });
  await expect(steps.getByRole("button", { name: "People (to do)" })).toHaveAttribute("aria-current", "step");
  await expect(steps.getByRole("button", { name: "First memory (complete)" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "1");
  await expectFitsWidth(page);

  // The periods step on a phone too.
  await steps.getByRole("button", { name: "Life periods (to do)" }).click();
  await page.getByRole("button", { name: "Smart Suggest" }).click();
  await expect(page.getByRole("list", { name: "By stage of life" })).toBeVisible();
  await expectFitsWidth(page);
  await expectAccessible(page, "tutorial step 3 on a phone");
});

test("the older onboarding flow resumes at the first step the writer's data does not complete", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await signUp(page);
  // The sign-in gave a first name (profile), and three people are in the graph (people).
  for (const name of ["Claire", "Hugo", "Léa"]) {
    const response = await postFromApp(page, "/api/entities-with-metadata", { name, type: "person", metadata: { category: "friend" } });
    expect(response.status()).toBe(201);
  }
  await page.goto("/onboarding");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Lifegraph" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "The periods of your life" })).toBeVisible();
  await expect(page.getByText("Step 3 of 5: Life periods")).toBeVisible();
  await expectAccessible(page, "onboarding, life periods");

  // A custom period; then the optional first memory, passed; then the completion page.
  await page.getByRole("button", { name: "Add custom period" }).click();
  const editor = page.getByRole("form", { name: "New period" });
  await editor.getByLabel("Name").fill("Lisbon years");
  await editor.getByLabel("Start date").fill("2015-09-01");
  await editor.getByRole("button", { name: "Save period" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your first memory (optional)" })).toBeVisible();
  await expect(page.getByText("Step 4 of 5: First memory (optional)")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Your first memory (optional)" })).toBeVisible();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page.getByRole("region", { name: "Your life graph has begun" })).toBeVisible();
  await expectAccessible(page, "onboarding, completion");
  await page.reload();
  await expect(page.getByRole("region", { name: "Your life graph has begun" })).toBeVisible();
});
