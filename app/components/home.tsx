// The signed-in resident's home page at /: a welcome, their service area, and the two next steps.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, windowLabel } from "~/lib/format";
import { orderPath } from "~/lib/paths";
import { PickupChanges, type PickupChangesView } from "./pickups/pickup-changes";

export type HomeData = {
  firstName: string;
  postalFsa: string;
  /** Whether the resident's prefix is in the served table; null when we do not know their prefix. */
  served: boolean | null;
  /** An account older than a day, or with a pickup: welcomed back; a new one is welcomed. */
  returning: boolean;
  /** The soonest pickup still ahead, shown first. */
  next: (PickupChangesView & { bagsRequested: number; slot: { date: string; window: "morning" | "afternoon" } }) | null;
  /** Scheduled pickups on a date the service closed: the resident must choose another date. */
  closedDates?: Array<{ confirmationNumber: string; date: string }>;
};

export function Home({ firstName, postalFsa, served, returning, next, closedDates = [] }: HomeData) {
  const { t, i18n } = useTranslation(["common", "orders"]);
  const greeting = returning
    ? firstName
      ? t("home.welcomeBackName", { name: firstName })
      : t("home.welcomeBack")
    : firstName
      ? t("home.welcomeName", { name: firstName })
      : t("home.welcome");
  return (
    <section className="mx-auto max-w-md">
      <h1 className="page-title">{greeting}</h1>
      <p className="mt-1 text-stone-700">{t("home.subtitle")}</p>
      {closedDates.length ? (
        <div className="card mt-4 border-red-200 bg-red-50" role="status" data-testid="date-closed-notice">
          <p className="font-semibold text-red-900">{t("home.dateClosed")}</p>
          <ul className="mt-1 text-sm text-red-900">
            {closedDates.map((p) => (
              <li key={p.confirmationNumber}>
                {t("home.dateClosedPickup", {
                  confirmationNumber: p.confirmationNumber,
                  date: formatDate(p.date, i18n.language),
                })}
              </li>
            ))}
          </ul>
          <Link to="/history" className="btn-link mt-2 inline-block">
            {t("home.dateClosedAction")}
          </Link>
        </div>
      ) : null}

      {next ? (
        <section className="card mt-4" aria-labelledby="next-pickup-title" data-testid="next-pickup">
          <h2 id="next-pickup-title" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
            {t("home.nextPickup")}
          </h2>
          <p className="mt-1 text-lg font-semibold text-stone-900">{formatDate(next.slot.date, i18n.language)}</p>
          <p className="text-stone-800">
            {t("home.nextPickupDetails", {
              window: windowLabel(next.slot.window, i18n.language),
              bags: t("orders:history.bags", { count: next.bagsRequested }),
            })}
          </p>
          <Link to={orderPath(next.confirmationNumber)} className="btn-link mt-1 inline-block text-sm">
            {t("home.viewOrder", { number: next.confirmationNumber })}
          </Link>
          <PickupChanges order={next} />
        </section>
      ) : null}

      <div className="card mt-4 flex items-start gap-3 narrow:flex-col" data-testid="service-area">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
            <path d="M12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
          </svg>
        </span>
        <div className="min-w-0">
          {postalFsa ? (
            <>
              <p className="text-lg text-stone-900">
                {t("home.serviceAreaLead")}
                <strong className="font-bold tracking-wide">{postalFsa}</strong>
              </p>
              <p className="mt-1 text-sm text-stone-700">{served === false ? t("home.notServed") : t("home.served")}</p>
              {served === false ? (
                <Link to="/profile" className="btn-link mt-2 inline-block text-sm">
                  {t("home.updateAddress")}
                </Link>
              ) : null}
            </>
          ) : (
            <>
              <p className="text-stone-800">{t("home.unknownArea")}</p>
              <Link to="/profile" className="btn-link mt-2 inline-block text-sm">
                {t("home.addAddress")}
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3">
        <Link to="/materials" className="btn-primary">
          {t("home.schedule")}
        </Link>
        <Link to="/history" className="btn-secondary">
          {t("home.history")}
        </Link>
      </div>
      <p className="mt-6 text-center">
        <Link to="/how-it-works" className="btn-link">
          {t("nav.howItWorks")}
        </Link>
      </p>
    </section>
  );
}
