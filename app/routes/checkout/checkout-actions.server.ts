// The checkout page's form posts, by intent: apply or remove a promo code, pay by card (simulated),
// go to Stripe's hosted page (no JavaScript), or confirm a free pickup. A refusal answers the form's
// reply (forms.server): the promo box's error under `code`, the card's under its fields, the rest as
// the form's error with a toast.
import { confirmationPath } from "~/lib/pickup-status";
import { profileStepPath } from "~/lib/paths";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { bookFree } from "~/services/checkout/free.server";
import { AuthenticationRequired, CardError, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { applyPromo, clearPromo, PromoError } from "~/services/booking/promo-rules.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { CheckoutPaidError } from "~/services/checkout/record.server";
import { paidPickupOf } from "~/services/booking/book.server";
import { getLanguage } from "../../services/http/language.server";
import { hit, RateLimitedError } from "../../services/http/rate-limit.server";
import { hostedCheckoutUrls } from "../../services/http/booking-steps.server";
import { reject, submissionOf, type RejectOptions, type Submission } from "../../services/http/forms.server";
import { readForm } from "../../services/http/request.server";
import { flashToast, redirectWithToast } from "../../services/http/toast.server";
import { CardFormSchema, parseExpiry } from "~/lib/checkout-schema";
import { acceptanceFromForm, type AcceptanceRefusal } from "~/lib/contract-acceptance";
import { PLAN_INTERVAL_FIELD, planChoiceFromForm, type PlanRefusal } from "~/lib/plan-choice";
import { now } from "~/lib/clock";
import type { BagCount } from "~/lib/pricing";
import type { User } from "../../../db/schema";

/** The card's fields are never sent back into the page. */
const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "postalCode"];

function refuse(submission: Submission, options: RejectOptions) {
  return reject(submission, { hideFields: CARD_FIELDS, ...options });
}

/** A box of the terms not ticked, as the form's field error next to it. */
function boxError(refusal: AcceptanceRefusal | undefined): Record<string, string[]> {
  return refusal ? { [refusal.field]: [`checkout:${refusal.key}`] } : {};
}

/** Issue 45: the plan's field not right, as the form's field error next to it. */
function planError(refusal: PlanRefusal | undefined): Record<string, string[]> {
  return refusal ? { [refusal.field]: [`checkout:${refusal.key}`] } : {};
}

const FREE_NO_PLAN = "checkout:planStart.freeNoPlan";

function toConfirmation(confirmationNumber: string) {
  return redirect(confirmationPath(confirmationNumber));
}

async function applyPromoIntent(request: Request, submission: Submission, form: FormData, user: User, bags: BagCount) {
  const back = new URL(request.url);
  const code = String(form.get("code") ?? "").slice(0, 40);
  if (!code.trim()) {
    clearPromo(user.id);
    return redirect(back.pathname + back.search);
  }
  try {
    hit(request, "promo");
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return refuse(submission, {
      fieldErrors: { code: ["common:errors.tooManyRequests"] },
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  try {
    const promo = applyPromo(user, code, bags);
    const headers = await flashToast(request, {
      title: "checkout:toast.promoApplied",
      description: "checkout:promo.applied",
      values: { percent: promo.percent },
    });
    return redirect(back.pathname + back.search, { headers });
  } catch (error) {
    if (error instanceof PromoError) return refuse(submission, { fieldErrors: { code: [`checkout:${error.key}`] } });
    throw error;
  }
}

export async function runCheckoutIntent(
  request: Request,
  user: User,
  booking: { bags: BagCount; slotId: number },
  checkoutId: string | null,
) {
  const form = await readForm(request);
  const submission = submissionOf(form);
  const back = new URL(request.url);
  // A paid checkout (Back after paying, a second tab) takes nothing more: its page says it is paid.
  if (checkoutId && paidPickupOf(user.id, checkoutId)) return redirect(back.pathname + back.search);
  // Every way to pay carries the resident's acceptance of the terms (issue 43): without the box ticked (and,
  // on an English page, the box choosing English after the French terms), nothing is claimed, charged or booked.
  const accepted = acceptanceFromForm(form, await getLanguage(request), now());
  // Issue 45: the plan chosen (planIntervalWeeks "", "4", "8") and the consent to keep the card
  // (saveCardConsent), stored on the checkout before paying; an interval without the consent charges nothing.
  const planned = planChoiceFromForm(form);
  const contracted = { ...booking, contract: accepted.contract, plan: planned.choice };
  const refusals = () => ({ ...boxError(accepted.refusal), ...planError(planned.refusal) });
  const refused = Boolean(accepted.refusal || planned.refusal);
  try {
    switch (form.get("intent")) {
      case "applyPromo":
        return await applyPromoIntent(request, submission, form, user, booking.bags);
      case "removePromo":
        clearPromo(user.id);
        return redirect(back.pathname + back.search);
      case "pay": {
        const card = parseWithZod(form, { schema: CardFormSchema });
        if (card.status !== "success" || refused) {
          const fieldErrors = Object.fromEntries(
            Object.entries((card.status !== "success" && card.error) || {}).map(([k, v]) => [
              k,
              [`checkout:${v?.[0] ?? "card.numberInvalid"}`],
            ]),
          );
          return refuse(submission, { fieldErrors: { ...fieldErrors, ...refusals() } });
        }
        const expiry = parseExpiry(card.value.expiry)!;
        const paid = await payWithSimulatedCard(
          user,
          contracted,
          {
            cardNumber: card.value.cardNumber,
            cvc: card.value.cvc,
            postalCode: card.value.postalCode,
            ...expiry,
          },
          checkoutId,
        ).catch((error: unknown) => {
          if (error instanceof AuthenticationRequired) return error;
          throw error;
        });
        // A card that asks for 3-D Secure: on to the authentication page; nothing is booked yet.
        if (paid instanceof AuthenticationRequired) return redirect(paid.redirectUrl);
        return toConfirmation(paid.confirmationNumber);
      }
      case "payHosted":
        if (refused) return refuse(submission, { fieldErrors: refusals() });
        return redirect(
          await startHostedCheckout(
            user,
            contracted,
            await getLanguage(request),
            hostedCheckoutUrls(back.pathname + back.search),
            checkoutId,
          ),
        );
      case "bookFree":
        // A free order takes no card: there is none to keep for a plan.
        if (planned.choice?.intervalWeeks) {
          return refuse(submission, { fieldErrors: { ...refusals(), [PLAN_INTERVAL_FIELD]: [FREE_NO_PLAN] } });
        }
        if (accepted.refusal) return refuse(submission, { fieldErrors: boxError(accepted.refusal) });
        return toConfirmation((await bookFree(user, contracted, checkoutId)).confirmationNumber);
      default:
        return refuse(submission, { formErrors: ["checkout:errors.generic"] });
    }
  } catch (error) {
    if (error instanceof CheckoutPaidError) return redirect(back.pathname + back.search);
    if (error instanceof CardError) {
      const reason = `checkout:${error.key}`;
      return refuse(submission, {
        formErrors: [reason],
        toast: { title: "checkout:toast.paymentFailed", description: reason },
      });
    }
    if (error instanceof BookingError) {
      if (error.key === "errors.profileIncomplete") {
        return redirectWithToast(request, profileStepPath(booking), {
          type: "error",
          title: "checkout:toast.profileIncomplete",
        });
      }
      const reason = `checkout:${error.key}`;
      return refuse(submission, {
        formErrors: [reason],
        toast: { title: "checkout:toast.bookingFailed", description: reason },
      });
    }
    throw error;
  }
}
