// /confirmation?confirmationNumber=…: the resident's booked pickup (number, date, window, bags) and
// what to do on pickup day. Someone else's number reads exactly like an unknown one: not found, 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bagsOutBy, formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { AddToCalendar } from "~/components/pickups/add-to-calendar";
import { data, getLanguage, getT, findPickupForUser, requireUser } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "booking", "calendar"] };

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = new URL(request.url).searchParams.get("confirmationNumber");
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "booking")]);
  const pickup = findPickupForUser(user.id, number);
  if (!pickup) {
    return data({ title: t("confirmation.notFound.title"), pickup: null }, { status: 404 });
  }
  return data({
    title: t("confirmation.title"),
    pickup: {
      confirmationNumber: pickup.confirmationNumber,
      bags: pickup.bagsRequested,
      date: formatDate(pickup.slot.date, lng),
      window: windowLabel(pickup.slot.window, lng),
      outBy: bagsOutBy(pickup.slot.window, lng),
      cancelled: pickup.status === "Cancelled",
    },
  });
}

export default function Confirmation() {
  const { pickup } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["booking", "common"]);

  if (!pickup) {
    return (
      <section className="card mx-auto max-w-md text-center" data-testid="pickup-not-found">
        <h1 className="page-title">{t("confirmation.notFound.title")}</h1>
        <p className="mt-2 text-stone-700">{t("confirmation.notFound.body")}</p>
        <div className="mt-4 flex flex-col gap-3">
          <Link to="/" className="btn-primary">
            {t("common:notFound.home")}
          </Link>
          <Link to="/history" className="btn-secondary">
            {t("confirmation.viewOrders")}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md">
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <svg
            viewBox="0 0 24 24"
            className="h-8 w-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 className="page-title mt-3">
          {pickup.cancelled ? t("confirmation.cancelledTitle") : t("confirmation.title")}
        </h1>
        <p className="mt-1 text-stone-700">
          {pickup.cancelled ? t("confirmation.cancelledBody") : t("confirmation.subtitle")}
        </p>
      </div>

      <dl className="card mt-4 space-y-2" data-testid="pickup-details">
        <div>
          <dt className="text-sm text-stone-600">{t("confirmation.number")}</dt>
          <dd className="font-mono text-xl font-bold tracking-wider text-stone-900" data-testid="confirmation-number">
            {pickup.confirmationNumber}
          </dd>
        </div>
        <Detail label={t("confirmation.date")}>{pickup.date}</Detail>
        <Detail label={t("confirmation.window")}>{pickup.window}</Detail>
        <Detail label={t("confirmation.bags")}>{t("bags.option", { count: pickup.bags })}</Detail>
      </dl>

      <section className="card mt-4" aria-labelledby="instructions-title">
        <h2 id="instructions-title" className="text-lg font-semibold">
          {t("confirmation.instructions.title")}
        </h2>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-stone-800">
          <li>{t("confirmation.instructions.outside", { time: pickup.outBy })}</li>
          <li>{t("confirmation.instructions.bag")}</li>
          <li>{t("confirmation.instructions.batteries")}</li>
        </ul>
      </section>

      {pickup.cancelled ? null : <AddToCalendar confirmationNumber={pickup.confirmationNumber} className="mt-4" />}

      <div className="mt-6 flex flex-col gap-3">
        <Link to="/materials" className="btn-primary">
          {t("confirmation.scheduleAnother")}
        </Link>
        <Link to="/history" className="btn-secondary">
          {t("confirmation.viewOrders")}
        </Link>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-stone-100 pt-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="ml-auto text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}
