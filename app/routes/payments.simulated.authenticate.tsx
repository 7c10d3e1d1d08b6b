// /payments/simulated/authenticate?payment_intent=pi_sim_…: the simulated provider's 3-D Secure step
// (test card 4000 0027 6000 3184), our stand-in for the bank's page. Only the resident who owns the
// payment sees it (anyone else: 404). Complete books the pickup and goes to the confirmation; Fail goes
// back to the checkout with the card's error. Works without JavaScript.
import { confirmationPath } from "~/lib/pickup-status";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { SimulatedAuthentication } from "~/components/checkout/simulated-authentication";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import {
  data,
  redirect,
  finishSimulatedAuthentication,
  simulatedAuthentication,
  type CheckoutRef,
  BookingError,
  getLanguage,
  getT,
  readForm,
  requireUser,
  redirectWithToast,
  BOOKING_PATH,
  checkoutPath,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "checkout"] };
export const meta: MetaFunction = titleMeta;
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const INTENT_ID = /^pi_sim_[a-f0-9]{24}$/;

function intentOf(request: Request): string {
  const id = new URL(request.url).searchParams.get("payment_intent") ?? "";
  if (!INTENT_ID.test(id)) throw data({ title: null }, { status: 404 });
  return id;
}

/** A BookingError 404 (unknown, or someone else's payment) as the page's 404. */
function notFound(error: unknown): never {
  if (error instanceof BookingError && error.status === 404) throw data({ title: null }, { status: 404 });
  throw error;
}

const toConfirmation = (confirmationNumber: string) => redirect(confirmationPath(confirmationNumber));

function checkoutUrl(checkout: CheckoutRef) {
  return checkout ? checkoutPath(checkout, checkout.id) : BOOKING_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await simulatedAuthentication(user.id, intentOf(request)).catch(notFound);
  // A bag more's payment (issue 45 part 5) goes back to its order page.
  if (view.state === "booked") throw view.back ? redirect(view.back) : toConfirmation(view.pickup.confirmationNumber);
  if (view.state === "closed") throw redirect(view.back ?? checkoutUrl(view.checkout));
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "checkout")]);
  return {
    title: t("authenticate.title"),
    amount: formatMoney(view.amountCents, lng),
    cardBrand: view.cardBrand,
    cardLast4: view.cardLast4,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const intentId = intentOf(request);
  const outcome = (await readForm(request)).get("outcome");
  if (outcome !== "complete" && outcome !== "fail") throw data({ title: null }, { status: 400 });
  const result = await finishSimulatedAuthentication(user.id, intentId, outcome).catch(notFound);
  if (result.state === "booked") {
    return result.back ? redirect(result.back) : toConfirmation(result.pickup.confirmationNumber);
  }
  return redirectWithToast(request, result.back ?? checkoutUrl(result.checkout), {
    type: "error",
    title: result.state === "failed" ? "checkout:toast.paymentFailed" : "checkout:toast.bookingFailed",
    description: `checkout:${result.reason}`,
  });
}

export default function Authenticate() {
  const view = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return <SimulatedAuthentication {...view} busy={navigation.state !== "idle"} />;
}
