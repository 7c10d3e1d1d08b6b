// Issue 46 part 5, the web edge of /pay/{token}: the pickup an operator booked for a resident who called,
// paid through the link sent to them, without signing in (the token is the key to that one pickup). The
// simulated card form is a plain POST (a card asking for 3-D Secure goes on to the simulated bank's step,
// ?step=authenticate); with Stripe, the Payment Element with JavaScript (intent "stripeIntent", a fetcher:
// the terms checked, then the booking's intent; its return, `?payment_intent=`, a 3-D Secure redirect too,
// read back and booked once) and hosted Checkout without (its success URL comes back here and books it).
// Paid, the link only says so (its confirmation number); released, that the place was given back. An
// unknown or malformed token: 404, like any page that is not there.
import { data, redirect } from "@remix-run/node";
import {
  authenticatePhoneBooking,
  completePhoneBooking,
  payPhoneBooking,
  payPhoneBookingWithSimulatedCard,
  phoneBookingCard,
} from "~/services/checkout/phone-pay.server";
import {
  PhoneBookingError,
  phoneBookingByToken,
  phoneBookingResident,
  phoneBookingView,
} from "~/services/checkout/phone-booking.server";
import { appUrl, whoWeAre } from "~/services/platform/config.server";
import { now } from "~/lib/clock";
import { acceptanceFromForm } from "~/lib/contract-acceptance";
import { isLinkToken, phonePayPath } from "~/lib/book-for";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { cancellationFeeTexts, formatMoney } from "~/lib/pricing";
import { cardOfForm, declinedCard } from "./card-reply.server";
import { reject, submissionOf } from "./forms.server";
import { getLanguage } from "./language.server";
import { readForm } from "./request.server";
import { redirectWithToast } from "./toast.server";

const notFound = () => data({ title: null }, { status: 404 });

/** The token of the URL, when it has a token's shape; anything else is 404. */
export function phoneTokenOf(raw: string | undefined): string {
  if (!isLinkToken(raw)) throw notFound();
  return raw;
}

/** A PhoneBookingError as the page's answer: 404 for an unknown link, else back with its words. */
async function phoneRefusal(request: Request, token: string, error: unknown): Promise<never> {
  if (!(error instanceof PhoneBookingError)) throw error;
  if (error.status === 404) throw notFound();
  throw await redirectWithToast(request, phonePayPath(token), {
    type: "error",
    title: "bookfor:pay.failed",
    description: `bookfor:pay.${error.key}`,
  });
}

/** What the link's page shows, in the request's language (the resident's, by default, for a first visit). */
export async function phonePayPage(request: Request, token: string) {
  const url = new URL(request.url);
  const booking = phoneBookingByToken(token);
  if (!booking) throw notFound();
  // Back from hosted Checkout: the payment read back, and the place booked once.
  if (url.searchParams.has("session_id")) {
    const done = await completePhoneBooking(token).catch((error) => phoneRefusal(request, token, error));
    if (done.state === "booked") throw redirect(phonePayPath(token));
  }
  // Back from the Payment Element (or Stripe's 3-D Secure page): that payment read back, booked once.
  if (url.searchParams.has("payment_intent")) throw await intentReturn(request, token, url);
  const lng = await getLanguage(request);
  const view = phoneBookingView(phoneBookingByToken(token)!);
  const name = phoneBookingResident(booking).firstName;
  if (view.state !== "held") {
    return {
      state: view.state,
      name,
      confirmationNumber: view.state === "booked" ? view.confirmationNumber : null,
      held: null,
      merchant: null,
      cancellationFee: null,
      authenticate: null,
    };
  }
  const card = url.searchParams.get("step") === "authenticate" ? await phoneBookingCard(token) : null;
  const who = whoWeAre();
  return {
    /** The merchant the resident contracts with (issue 43), shown with the terms above the way to pay. */
    merchant: {
      business: who.business,
      address: who.address,
      supportPhone: who.supportPhone,
      supportEmail: who.supportEmail,
    },
    /** The terms' cancellation fee in the page's language (formatted here: the page carries no pricing code). */
    cancellationFee: cancellationFeeTexts(lng),
    state: view.state,
    name,
    confirmationNumber: null,
    held: {
      amountCents: view.amountCents,
      date: formatDate(view.date, lng),
      window: windowLabel(view.window, lng),
      bags: view.bags,
      amount: formatMoney(view.amountCents, lng),
      heldUntil: formatDateTime(view.holdExpiresAt, lng),
    },
    authenticate: card
      ? { amount: formatMoney(card.amountCents, lng), cardBrand: card.cardBrand, cardLast4: card.cardLast4 }
      : null,
  };
}

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/**
 * The page named in the Payment Element's return (`payment_intent`, from the browser: read back from the
 * provider, never trusted): this booking's, succeeded, for its amount, the place booked once (a reload, a
 * second tab: the same pickup); then the page without the query, which says paid, or what went wrong.
 */
async function intentReturn(request: Request, token: string, url: URL): Promise<Response> {
  const back = phonePayPath(token);
  const intentId = url.searchParams.get("payment_intent") ?? "";
  const say = (type: "error" | "info", title: string, description: string) =>
    redirectWithToast(request, back, { type, title, description });
  if (!INTENT_ID.test(intentId)) return say("error", "bookfor:pay.failed", "bookfor:pay.errors.notThisPayment");
  const done = await completePhoneBooking(token, { intentId }).catch((error) => phoneRefusal(request, token, error));
  if (done.state === "booked") return redirect(back);
  if (done.state === "refunded") return say("error", "bookfor:pay.failed", "bookfor:pay.errors.refunded");
  if (done.processing) return say("info", "checkout:return.processingTitle", "bookfor:pay.processing");
  return say("error", "bookfor:pay.failed", "checkout:return.failed");
}

/**
 * The link page's posts: the simulated card (intent "pay"), the Payment Element's intent ("stripeIntent"),
 * hosted Checkout ("payHosted"), the bank's step. Every way to pay checks the terms' boxes first.
 */
export async function phonePayAction(request: Request, token: string) {
  if (!phoneBookingByToken(token)) throw notFound();
  const form = await readForm(request);
  const submission = submissionOf(form);
  const back = phonePayPath(token);
  const failed = (reason: string) =>
    redirectWithToast(request, back, { type: "error", title: "bookfor:pay.failed", description: reason });
  try {
    const outcome = form.get("outcome");
    if (outcome === "complete" || outcome === "fail") {
      const done = await authenticatePhoneBooking(token, outcome);
      if (done.state === "booked") return redirect(back);
      return failed("checkout:card.errors.authentication_failed");
    }
    // Every way to pay carries the resident's acceptance of the terms (issue 43): without the box ticked (and,
    // on an English page, the box choosing English after the French terms), nothing is opened or charged.
    const accepted = acceptanceFromForm(form, await getLanguage(request), now());
    const boxError = accepted.refusal ? { [accepted.refusal.field]: [`checkout:${accepted.refusal.key}`] } : {};
    switch (form.get("intent")) {
      case "pay": {
        const typed = cardOfForm(form, submission, boxError);
        if (!typed.ok) return typed.answer;
        if (!accepted.contract) return reject(submission, { fieldErrors: boxError });
        const paid = await payPhoneBookingWithSimulatedCard(token, typed.card, accepted.contract);
        if (paid.state === "booked") return redirect(back);
        if (paid.state === "requires_action") return redirect(`${back}?step=authenticate`);
        if (paid.state === "declined") return declinedCard(submission, paid.code);
        return failed("bookfor:pay.errors.notBooked");
      }
      case "stripeIntent": {
        // With JavaScript (the Payment Element, a fetcher): the boxes refused at the box, as without it, and
        // no intent made; else the held booking's intent (made once, reused while unpaid) to confirm.
        if (!accepted.contract) return reject(submission, { fieldErrors: boxError });
        const open = await payPhoneBooking(token, accepted.contract);
        if (open.kind === "booked") return redirect(back);
        if (open.kind !== "intent") return failed("bookfor:pay.errors.paymentSystem");
        return data({ stripe: { clientSecret: open.clientSecret, intentId: open.intentId } });
      }
      case "payHosted": {
        if (!accepted.contract) return reject(submission, { fieldErrors: boxError });
        const base = `${appUrl()}${back}`;
        const open = await payPhoneBooking(token, accepted.contract, {
          hosted: { successUrl: `${base}?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: base },
        });
        if (open.kind === "hosted") return redirect(open.url);
        if (open.kind === "booked") return redirect(back);
        return failed("bookfor:pay.errors.paymentSystem");
      }
      default:
        throw data({ title: null }, { status: 400 });
    }
  } catch (error) {
    return phoneRefusal(request, token, error);
  }
}
