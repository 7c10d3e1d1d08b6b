// /booking: choose bags, a pickup date and its window, see the price, then Continue to the profile
// (or straight to checkout when the address is complete). The choices travel in the query
// (?bags=2&date=2026-12-01&slotId=123) so the page works as a plain GET form without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { BookingChoices } from "~/components/booking/booking-choices";
import { Toaster } from "~/components/toaster";
import { titleMeta } from "~/lib/meta";
import {
  redirect,
  bookingPage,
  checkBookingChoice,
  nextStepUrl,
  legacyMoveRedirect,
  refusedChoice,
  readForm,
  requireUser,
  getLanguage,
  getT,
} from "~/services/http/pages.server";
import { type Toast } from "~/lib/toast";

export const handle = { i18n: ["common", "booking", "orders", "checkout"] };

export const meta: MetaFunction = titleMeta;

const ADDRESS_MISMATCH_TOAST: Toast = {
  id: "address-mismatch",
  type: "error",
  title: "booking:toast.addressNotServed",
  description: "booking:toast.addressNotServedBody",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const query = url.searchParams;
  // The spec's address for moving a pickup: its own page now (/order/{confirmationNumber}/move).
  if (query.get("modify") === "true") throw legacyMoveRedirect(user, query);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "booking")]);
  return {
    title: t("title"),
    lng,
    ...bookingPage(user, lng, query),
    toast: query.get("addressMismatch") === "true" ? ADDRESS_MISMATCH_TOAST : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  // A move posted by an older page: the pickup's move page.
  if (form.get("modify") === "true") return legacyMoveRedirect(user, form, 303);
  const result = checkBookingChoice(user, {
    bags: form.get("bags"),
    date: form.get("date"),
    slotId: form.get("slotId"),
  });
  if (result.ok) throw redirect(nextStepUrl(user, result.bags, result.slotId), 303);
  return refusedChoice(
    request,
    user,
    new URLSearchParams(result.values),
    `booking:${result.error}`,
    "booking:errors.title",
  );
}

export default function Booking() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["booking", "orders", "common"]);
  return (
    <section className="mx-auto max-w-xl">
      <Toaster toast={actionData?.toast ?? page.toast} />
      <h1 className="page-title">{t("title")}</h1>
      {page.area === "montreal" && page.weeks.length > 0 ? <p className="mt-1 text-stone-700">{t("intro")}</p> : null}
      <BookingChoices page={page} answer={actionData} variant="new" />
    </section>
  );
}
