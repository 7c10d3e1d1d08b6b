// Issue 45 part 3, the web edge of /plans/{id}/pay: the held pickup of a plan ("Payment needed") paid
// on-session. The simulated card form is a plain POST (with or without JavaScript; a card asking for 3-D
// Secure goes on to the simulated bank's step on this page, ?step=authenticate); with Stripe, hosted Checkout
// (its success URL comes back here and books the place). Paid: the booked pickup's order page. Someone
// else's plan, an unknown one or a garbage id: 404. A paid, released or absent hold says so plainly.
import { data, redirect } from "@remix-run/node";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { toInteger } from "~/lib/ids";
import { orderPath } from "~/lib/paths";
import { planPayPath } from "~/lib/plan-paths";
import { formatMoney } from "~/lib/pricing";
import { now } from "~/lib/clock";
import {
  authenticateHeldCycle,
  completeHeldCycle,
  HeldCycleError,
  payHeldCycle,
  payHeldCycleWithSimulatedCard,
} from "~/services/plans/cycle-holds.server";
import { heldCycleCard, heldCycleView } from "~/services/plans/held-view.server";
import { appUrl } from "~/services/platform/config.server";
import type { User } from "../../../db/schema";
import { cardOfForm, declinedCard } from "./card-reply.server";
import { submissionOf } from "./forms.server";
import { getLanguage } from "./language.server";
import { readForm } from "./request.server";
import { redirectWithToast } from "./toast.server";

const notFound = () => data({ title: null }, { status: 404 });

/** The plan's id from the URL: digits only, else 404. */
export function planIdOf(raw: string | undefined): number {
  const id = /^\d{1,9}$/.test(raw ?? "") ? toInteger(raw) : null;
  if (id === null || id < 1) throw notFound();
  return id;
}

/** A HeldCycleError as the page's answer: 404 for nothing of this resident's, else back with its words. */
async function heldRefusal(request: Request, planId: number, error: unknown): Promise<never> {
  if (!(error instanceof HeldCycleError)) throw error;
  if (error.status === 404) throw notFound();
  throw await redirectWithToast(request, planPayPath(planId), {
    type: "error",
    title: "myplans:pay.failed",
    description: `myplans:pay.errors.${error.key.split(".").pop()}`,
  });
}

/** What the pay page shows, in the request's language. */
export async function planPayPage(request: Request, user: User, planId: number) {
  const url = new URL(request.url);
  // Back from hosted Checkout, or from Stripe's Payment Element (a 3-D Secure redirect too): the payment read
  // back, and the place booked once.
  if (url.searchParams.has("session_id") || url.searchParams.has("payment_intent")) {
    const done = await completeHeldCycle(user.id, planId).catch((error) => heldRefusal(request, planId, error));
    if (done.state === "booked") throw redirect(orderPath(done.pickup.confirmationNumber));
  }
  const view = heldCycleView(user.id, planId);
  if (!view) throw notFound();
  const lng = await getLanguage(request);
  if (view.state !== "held") return { state: view.state, order: view.state === "booked" ? view : null };
  const card = url.searchParams.get("step") === "authenticate" ? await heldCycleCard(user.id, planId) : null;
  return {
    state: view.state,
    order: null,
    held: {
      planId,
      amountCents: view.amountCents,
      date: formatDate(view.cycleDate, lng),
      window: windowLabel(view.window, lng),
      bags: view.bags,
      amount: formatMoney(view.amountCents, lng),
      heldUntil: view.holdExpiresAt === null ? null : formatDateTime(view.holdExpiresAt, lng),
    },
    authenticate: card
      ? { amount: formatMoney(card.amountCents, lng), cardBrand: card.cardBrand, cardLast4: card.cardLast4 }
      : null,
  };
}

const toOrder = (confirmationNumber: string) => redirect(orderPath(confirmationNumber));

/** The pay page's posts: the simulated card (intent "pay"), hosted Checkout ("payHosted"), the bank's step. */
export async function planPayAction(request: Request, user: User, planId: number) {
  const form = await readForm(request);
  const submission = submissionOf(form);
  const back = planPayPath(planId);
  const failed = (reason: string) =>
    redirectWithToast(request, back, { type: "error", title: "myplans:pay.failed", description: reason });
  // Ticked: the card that pays is saved for the plan's next payments (issue 45 part 4, "Change the card").
  const saveCard =
    form.get("saveCardConsent") === "on" ? { language: await getLanguage(request), at: now() } : undefined;
  try {
    const outcome = form.get("outcome");
    if (outcome === "complete" || outcome === "fail") {
      const done = await authenticateHeldCycle(user, planId, outcome);
      if (done.state === "booked") return toOrder(done.pickup.confirmationNumber);
      return failed("checkout:card.errors.authentication_failed");
    }
    switch (form.get("intent")) {
      case "pay": {
        const typed = cardOfForm(form, submission);
        if (!typed.ok) return typed.answer;
        const paid = await payHeldCycleWithSimulatedCard(user, planId, typed.card, { saveCard });
        if (paid.state === "booked") return toOrder(paid.pickup.confirmationNumber);
        if (paid.state === "requires_action") return redirect(`${back}?step=authenticate`);
        if (paid.state === "declined") return declinedCard(submission, paid.code);
        return failed("myplans:pay.errors.notBooked");
      }
      case "stripeIntent": {
        // With JavaScript (the Payment Element, a fetcher): the held cycle's intent to confirm in the page.
        const open = await payHeldCycle(user, planId, { saveCard });
        if (open.kind === "booked") return toOrder(open.pickup.confirmationNumber);
        if (open.kind !== "intent") return failed("myplans:pay.errors.paymentSystem");
        return data({ stripe: { clientSecret: open.clientSecret, intentId: open.intentId } });
      }
      case "payHosted": {
        const base = `${appUrl()}${back}`;
        const open = await payHeldCycle(user, planId, {
          hosted: { successUrl: `${base}?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: base },
          saveCard,
        });
        if (open.kind === "booked") return toOrder(open.pickup.confirmationNumber);
        if (open.kind === "hosted") return redirect(open.url);
        return failed("myplans:pay.errors.paymentSystem");
      }
      default:
        throw data({ title: null }, { status: 400 });
    }
  } catch (error) {
    return heldRefusal(request, planId, error);
  }
}
