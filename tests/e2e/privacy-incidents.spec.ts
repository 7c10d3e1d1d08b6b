// Issue 34, the register of confidentiality incidents at /admin/privacy, JavaScript on and off (the
// projects), English and French: a form refused in place (nothing recorded), an incident recorded and
// listed, the register's CSV; a resident gets 403 and a visitor is sent to sign in.
import { expect, test } from "@playwright/test";
import { download, montrealToday, signInAdmin } from "./admin-fixtures";
import { interactive, query, signInAs } from "./helpers";

const L = {
  en: {
    title: "Confidentiality incidents",
    occurred: "Date of the incident",
    discovered: "Date it was found",
    what: "What happened",
    residents: "Residents affected",
    yes: "Yes",
    commission: "The Commission d'accès à l'information was told",
    measures: "Measures taken",
    submit: "Record the incident",
    refused: "Check the highlighted fields: nothing was recorded.",
    recorded: "Incident recorded in the register",
    csv: "Download the register (CSV)",
    header: "No.,Occurred,Found,What happened,Residents,Serious risk,Commission told",
    forbidden: "Access denied",
  },
  fr: {
    title: "Incidents de confidentialité",
    occurred: "Date de l'incident",
    discovered: "Date de sa découverte",
    what: "Ce qui s'est passé",
    residents: "Résidents touchés",
    yes: "Oui",
    commission: "La Commission d'accès à l'information a été avisée",
    measures: "Mesures prises",
    submit: "Inscrire l'incident",
    refused: "Vérifiez les champs signalés : rien n'a été inscrit.",
    recorded: "Incident inscrit au registre",
    csv: "Télécharger le registre (CSV)",
    header: "No,Survenu,Découvert,Ce qui s'est passé,Résidents,Risque sérieux,Commission avisée",
    forbidden: "Accès refusé",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  const t = L[lang];
  test.describe(lang, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("an admin records an incident, reads it in the register and downloads it as CSV", async ({ page }, info) => {
      await signInAdmin(page.request);
      await page.goto("/admin");
      await interactive(page);
      await page
        .getByRole("link", { name: lang === "en" ? "Privacy" : "Confidentialité", exact: true })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/privacy$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      // Counted by description: the other language's test records incidents on the same server meanwhile.
      const count = (description: string) =>
        query<{ n: number }>("select count(*) as n from privacy_incidents where description = ?", description)[0]!.n;
      const what = `Misdirected e-mail ${info.project.name}-${lang}-${Date.now()}`;
      const blankBefore = count("");

      // Nothing filled in: refused in place, nothing recorded.
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: t.refused })).toBeVisible();
      expect(count("")).toBe(blankBefore);

      const today = montrealToday();
      await interactive(page);
      await page.getByLabel(t.occurred).fill(today);
      await page.getByLabel(t.discovered).fill(today);
      await page.getByLabel(t.what).fill(what);
      await page.getByLabel(t.residents).fill("3");
      await page.getByLabel(t.yes, { exact: true }).check();
      await page.getByLabel(t.commission).check();
      await page.getByLabel(t.measures).fill("Recalled the message");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByTestId("toast")).toContainText(t.recorded);
      expect(count(what)).toBe(1);
      const row = page.getByTestId("incident-register").getByRole("row").filter({ hasText: what });
      await expect(row).toContainText("3");
      await expect(row).toContainText("Recalled the message");
      const stored = query<{ serious_risk: number; commission_notified: number; residents_notified: number }>(
        "select serious_risk, commission_notified, residents_notified from privacy_incidents where description = ?",
        what,
      );
      expect(stored).toEqual([{ serious_risk: 1, commission_notified: 1, residents_notified: 0 }]);

      const csv = await download(page, page.getByRole("link", { name: t.csv }));
      expect(csv.name).toMatch(/^privacy-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.text.replace(/^\uFEFF/, "")).toContain(t.header);
      expect(csv.text).toContain(what);
    });

    test("a resident gets 403 and a visitor is sent to sign in", async ({ page }) => {
      await page.goto("/admin/privacy");
      await expect(page).toHaveURL(/\/sign-in\?redirect=admin%2Fprivacy/);
      await signInAs(page, { tag: `incidents-${lang}` });
      const answer = await page.goto("/admin/privacy");
      expect(answer!.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.forbidden);
      expect((await page.request.get("/admin/privacy.csv")).status()).toBe(403);
    });
  });
}
