// The register of confidentiality incidents at /admin/privacy (issue 34; issue 43 part 6), JavaScript on
// and off (the projects), English and French, on a 390 × 844 phone: an entry refused in place with the
// message next to its field (nothing recorded), recorded, updated twice as the facts come in (a refused
// update too), its history shown newest first with who saved each version and what it changed, the
// register's CSV with every field; a resident gets 403 and a visitor is sent to sign in.
import { expect, test, type Page } from "@playwright/test";
import { download, montrealDate, signInAdmin } from "./admin-fixtures";
import { interactive, query, signInAs } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const L = {
  en: {
    nav: "Privacy",
    title: "Confidentiality incidents",
    personalInfo: "Personal information concerned",
    circumstances: "Circumstances of the incident",
    occurredOn: "Date of the incident (or first day)",
    discoveredOn: "Date the person in charge learned of it",
    persons: "Number of persons concerned",
    approximate: "The number is approximate",
    serious: "A risk of serious injury",
    reasoning: "Reasoning of the assessment",
    commission: "Date the Commission d'accès à l'information was notified",
    personsNotified: "Date the persons concerned were notified",
    measures: "Measures taken to reduce the risk of injury",
    submit: "Record the incident",
    refused: "Check the highlighted fields: nothing was saved.",
    reasoningError: "A serious risk needs its reasoning: what makes the injury serious and likely.",
    orderError: "It cannot have been learned of before it happened.",
    recorded: "Incident recorded in the register",
    entry: (id: number) => `Incident no. ${id}`,
    save: "Save a new version",
    saved: (v: number) => `Version ${v} of the entry saved`,
    version: (v: number) => `Version ${v}`,
    first: "The entry was recorded.",
    savedBy: "Saved by ops@",
    before: "Before:",
    back: "Back to the register",
    csv: "Download the register (CSV)",
    header:
      "No.,Personal information concerned,Why it cannot be described,Circumstances of the incident,Date of the incident (or first day),",
    forbidden: "Access denied",
  },
  fr: {
    nav: "Confidentialité",
    title: "Incidents de confidentialité",
    personalInfo: "Renseignements personnels visés",
    circumstances: "Circonstances de l'incident",
    occurredOn: "Date de l'incident (ou premier jour)",
    discoveredOn: "Date où la personne responsable en a pris connaissance",
    persons: "Nombre de personnes concernées",
    approximate: "Le nombre est approximatif",
    serious: "Un risque de préjudice sérieux",
    reasoning: "Motifs de l'évaluation",
    commission: "Date de l'avis à la Commission d'accès à l'information",
    personsNotified: "Date de l'avis aux personnes concernées",
    measures: "Mesures prises pour diminuer les risques de préjudice",
    submit: "Inscrire l'incident",
    refused: "Vérifiez les champs signalés : rien n'a été enregistré.",
    reasoningError: "Un risque sérieux exige ses motifs : ce qui rend le préjudice sérieux et probable.",
    orderError: "Il ne peut pas avoir été connu avant d'être survenu.",
    recorded: "Incident inscrit au registre",
    entry: (id: number) => `Incident no ${id}`,
    save: "Enregistrer une nouvelle version",
    saved: (v: number) => `Version ${v} de l'inscription enregistrée`,
    version: (v: number) => `Version ${v}`,
    first: "L'incident a été inscrit.",
    savedBy: "Enregistrée par ops@",
    before: "Avant :",
    back: "Retour au registre",
    csv: "Télécharger le registre (CSV)",
    header:
      "No,Renseignements personnels visés,Pourquoi ils ne peuvent pas être décrits,Circonstances de l'incident,Date de l'incident (ou premier jour),",
    forbidden: "Accès refusé",
  },
} as const;

/** A field's message sits next to it: the field is marked invalid and described by the message. */
async function refusedField(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`${id}-error`));
  await expect(page.locator(`[id="${id}-error"]`)).toHaveText(message);
}

for (const lang of ["en", "fr"] as const) {
  const t = L[lang];
  test.describe(lang, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("an admin records an entry, updates it twice as facts come in and reads its history", async ({
      page,
    }, info) => {
      test.slow();
      await signInAdmin(page.request);
      await page.goto("/admin");
      await interactive(page);
      await page.getByRole("link", { name: t.nav, exact: true }).first().click();
      await expect(page).toHaveURL(/\/admin\/privacy$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      // Counted by circumstances: the other tests record incidents on the same server meanwhile.
      const what = `Delivery list e-mailed to the wrong contractor ${info.project.name}-${lang}-${Date.now()}`;
      const entries = () =>
        query<{ id: number; version: number }>(
          "select id, version from privacy_incidents where circumstances = ?",
          what,
        );

      // A serious risk without its reasoning: refused, the message next to the field, nothing recorded.
      await interactive(page);
      await page.getByLabel(t.personalInfo, { exact: true }).fill("Names and home addresses");
      await page.getByLabel(t.circumstances, { exact: true }).fill(what);
      await page.getByLabel(t.occurredOn, { exact: true }).fill(montrealDate(-3));
      await page.getByLabel(t.discoveredOn, { exact: true }).fill(montrealDate(-2));
      await page.getByLabel(t.persons, { exact: true }).fill("12");
      await page.getByLabel(t.approximate, { exact: true }).check();
      await page.getByLabel(t.serious, { exact: true }).check();
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: t.refused })).toBeVisible();
      await refusedField(page, t.reasoning, t.reasoningError);
      expect(entries()).toEqual([]);
      // The form came back as it was sent.
      await expect(page.getByLabel(t.circumstances, { exact: true })).toHaveValue(what);
      await expect(page.getByLabel(t.serious, { exact: true })).toBeChecked();

      await interactive(page);
      await page.getByLabel(t.reasoning, { exact: true }).fill("Home addresses: enough to find the residents.");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByTestId("toast")).toContainText(t.recorded);
      const [entry] = entries();
      expect(entry).toEqual({ id: expect.any(Number), version: 1 });
      await expect(page).toHaveURL(new RegExp(`/admin/privacy/${entry!.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.entry(entry!.id));
      const history = page.getByTestId("incident-history");
      await expect(history.locator("[data-version]")).toHaveCount(1);
      await expect(history).toContainText(t.first);

      // The facts come in: the count is known, the Commission was notified.
      await interactive(page);
      await page.getByLabel(t.persons, { exact: true }).fill("14");
      await page.getByLabel(t.approximate, { exact: true }).uncheck();
      await page.getByLabel(t.commission, { exact: true }).fill(montrealDate(-1));
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByTestId("toast")).toContainText(t.saved(2));

      // Learned of before it happened: refused next to the field, no version written.
      await interactive(page);
      await page.getByLabel(t.discoveredOn, { exact: true }).fill(montrealDate(-4));
      await page.getByRole("button", { name: t.save }).click();
      await refusedField(page, t.discoveredOn, t.orderError);
      expect(entries()[0]!.version).toBe(2);

      await page.goto(`/admin/privacy/${entry!.id}`);
      await interactive(page);
      await page.getByLabel(t.personsNotified, { exact: true }).fill(montrealDate(0));
      await page.getByLabel(t.measures, { exact: true }).fill("Wrote to the 14 residents.");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByTestId("toast")).toContainText(t.saved(3));
      expect(entries()[0]!.version).toBe(3);

      // The history, newest first: who saved each version and what it changed.
      const versions = history.locator("[data-version]");
      await expect(versions).toHaveCount(3);
      expect(await versions.evaluateAll((items) => items.map((item) => item.getAttribute("data-version")))).toEqual([
        "3",
        "2",
        "1",
      ]);
      await expect(versions.nth(0).getByRole("heading")).toHaveText(t.version(3));
      await expect(versions.nth(0)).toContainText(t.savedBy);
      expect(
        await versions
          .nth(0)
          .locator("[data-changed]")
          .evaluateAll((items) => items.map((i) => i.getAttribute("data-changed"))),
      ).toEqual(["personsNotifiedOn", "measures"]);
      expect(
        await versions
          .nth(1)
          .locator("[data-changed]")
          .evaluateAll((items) => items.map((i) => i.getAttribute("data-changed"))),
      ).toEqual(["personsConcerned", "personsApproximate", "commissionNotifiedOn"]);
      await expect(versions.nth(1).locator('[data-changed="personsConcerned"]')).toContainText(`${t.before} 12`);
      await expect(versions.nth(1).locator('[data-changed="personsConcerned"]')).toContainText("14");
      await expect(page.locator('[data-field="personsConcerned"] dd')).toHaveText("14");
      const stored = query<{ version: number; changed_by: number }>(
        "select version, changed_by from privacy_incident_versions where incident_id = ? order by version",
        entry!.id,
      );
      expect(stored.map((v) => v.version)).toEqual([1, 2, 3]);

      // The register lists it, and its CSV has every field.
      await page.getByRole("link", { name: t.back }).click();
      await expect(page).toHaveURL(/\/admin\/privacy$/);
      const row = page.getByTestId("incident-register").locator(`[data-incident="${entry!.id}"]`);
      await expect(row).toContainText(what);
      await expect(row).toContainText("14");
      await interactive(page);
      const csv = await download(page, page.getByRole("link", { name: t.csv }));
      expect(csv.name).toMatch(/^privacy-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.text.replace(/^\uFEFF/, "")).toContain(t.header);
      const line = csv.text.split("\r\n").find((l) => l.includes(what))!;
      expect(line).toContain("Wrote to the 14 residents.");
      expect(line).toContain(montrealDate(0));
    });

    test("a resident gets 403 and a visitor is sent to sign in", async ({ page }) => {
      await page.goto("/admin/privacy");
      await expect(page).toHaveURL(/\/sign-in\?redirect=admin%2Fprivacy/);
      await signInAs(page, { tag: `incidents-${lang}` });
      for (const path of ["/admin/privacy", "/admin/privacy/1"]) {
        const answer = await page.goto(path);
        expect(answer!.status()).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.forbidden);
      }
      expect((await page.request.get("/admin/privacy.csv")).status()).toBe(403);
      expect((await page.request.get("/admin/privacy/versions.csv")).status()).toBe(403);
    });
  });
}
