// Issue 45 in the readable "Download my data" page (export-view): each plan (started from which pickup, how
// often, its bags and window, its status, its dates) and each card saved for it (brand, last four digits,
// expiry, when and in which language the resident consented, when it was removed at the provider); never a
// card number nor the provider's ids, which the export does not hold either.
import type { TFunction } from "i18next";
import type { ExportItem, ExportRow } from "~/lib/data-export";
import { formatDate, windowLabel } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { AccountExport } from "./export.server";

type Formatters = {
  when: (iso: string | null) => string;
  row: (label: string, value: string) => ExportRow;
};

type Plan = AccountExport["plans"][number];
type Card = AccountExport["savedCards"][number];

function planItem(p: Plan, lng: Language, t: TFunction, f: Formatters): ExportItem {
  const day = (date: string | null) => (date ? [formatDate(date, lng)] : []);
  return {
    heading: t("plan.heading", { number: p.startedFrom }),
    rows: [
      f.row("plan.status", t(`myplans:statuses.${p.status}`)),
      f.row("plan.interval", t("plan.everyWeeks", { count: p.intervalWeeks })),
      f.row("plan.bags", String(p.bagCount)),
      f.row("plan.window", windowLabel(p.window, lng)),
      f.row("plan.lastDate", formatDate(p.lastDate, lng)),
      ...day(p.skipDate).map((date) => f.row("plan.skipDate", date)),
      ...day(p.pausedUntil).map((date) => f.row("plan.pausedUntil", date)),
      ...(p.pauseReason ? [f.row("plan.pauseReason", t(`myplans:pauseReasons.${p.pauseReason}`))] : []),
      f.row("plan.createdAt", f.when(p.createdAt)),
      ...(p.stoppedAt ? [f.row("plan.stoppedAt", f.when(p.stoppedAt))] : []),
    ],
  };
}

function cardItem(c: Card, t: TFunction, f: Formatters): ExportItem {
  const expiry = c.expMonth && c.expYear ? `${String(c.expMonth).padStart(2, "0")}/${c.expYear}` : t("notGiven");
  return {
    heading: t("savedCard.heading", { brand: c.brand ?? t("savedCard.card"), last4: c.last4 ?? "····" }),
    rows: [
      f.row("savedCard.expiry", expiry),
      f.row("savedCard.consentedAt", f.when(c.consentedAt)),
      f.row("savedCard.consentLanguage", t(`languages.${c.consentLanguage}`)),
      f.row("savedCard.removedAt", c.detachedAt ? f.when(c.detachedAt) : t("savedCard.stillSaved")),
    ],
  };
}

/** The plans' and the saved cards' items of the readable export. */
export function planSections(data: AccountExport, lng: Language, t: TFunction, f: Formatters) {
  return {
    plans: data.plans.map((p) => planItem(p, lng, t, f)),
    savedCards: data.savedCards.map((c) => cardItem(c, t, f)),
  };
}
