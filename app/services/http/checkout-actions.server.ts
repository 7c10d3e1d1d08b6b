// The checkout page's form posts, by intent: apply or remove a promo code, pay by card (simulated),
// go to Stripe's hosted page (no JavaScript), or confirm a free pickup.
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { BookingError } from "~/services/booking/book.server";
import {
  CardError,
  confirmFreeBooking,
  payWithSimulatedCard,
  startHostedCheckout,
} from "~/services/booking/checkout.server";
import { readForm } from "./request.server";
import { getLanguage } from "~/services/platform/i18n.server";
import { applyPromo, clearPromo, PromoError } from "~/services/booking/promos.server";
import { hit, RateLimitedError } from "~/services/platform/rate-limit.server";
import { flashToast, redirectWithToast } from "./toast.server";
import { type Toast } from "~/lib/toast";
import { CardFormSchema, parseExpiry } from "~/lib/checkout-schema";
import type { BagCount } from "~/lib/pricing";
import type { User } from "../../../db/schema";

type CheckoutActionBody = {
  formError?: string | null;
  fieldErrors?: Record<string, string>;
  promoError?: string | null;
  toast?: Toast | null;
};

type Outcome =
  | { kind: "redirect"; response: Response }
  | { kind: "data"; status: number; body: CheckoutActionBody; headers?: Record<string, string> };

const failure = (status: number, body: CheckoutActionBody, headers?: Record<string, string>): Outcome => ({
  kind: "data",
  status,
  body,
  headers,
});
const errorToast = (title: string, description?: string): Toast => ({
  id: String(Date.now()),
  type: "error",
  title,
  description,
});

function confirmationRedirect(confirmationNumber: string): Outcome {
  return { kind: "redirect", response: redirect(`/confirmation?confirmationNumber=${confirmationNumber}`) };
}

function bookingFailure(error: BookingError): Outcome {
  return failure(error.status === 404 ? 404 : 409, {
    formError: `checkout:${error.key}`,
    toast: errorToast("checkout:toast.bookingFailed", `checkout:${error.key}`),
  });
}

export async function runCheckoutIntent(
  request: Request,
  user: User,
  booking: { bags: BagCount; slotId: number },
): Promise<Outcome> {
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = new URL(request.url);
  try {
    switch (intent) {
      case "applyPromo": {
        const code = String(form.get("code") ?? "").slice(0, 40);
        if (!code.trim()) {
          clearPromo(user.id);
          return { kind: "redirect", response: redirect(back.pathname + back.search) };
        }
        try {
          hit(request, "promo");
        } catch (error) {
          if (error instanceof RateLimitedError) {
            return failure(
              429,
              { promoError: "common:errors.tooManyRequests" },
              { "Retry-After": String(error.retryAfterSeconds) },
            );
          }
          throw error;
        }
        try {
          const promo = applyPromo(user, code, booking.bags);
          const headers = await flashToast(request, {
            title: "checkout:toast.promoApplied",
            description: "checkout:promo.applied",
            values: { percent: promo.percent },
          });
          return { kind: "redirect", response: redirect(back.pathname + back.search, { headers }) };
        } catch (error) {
          if (error instanceof PromoError) return failure(400, { promoError: `checkout:${error.key}` });
          throw error;
        }
      }
      case "removePromo":
        clearPromo(user.id);
        return { kind: "redirect", response: redirect(back.pathname + back.search) };
      case "pay": {
        const submission = parseWithZod(form, { schema: CardFormSchema });
        if (submission.status !== "success") {
          const fieldErrors = Object.fromEntries(
            Object.entries(submission.error ?? {}).map(([k, v]) => [k, `checkout:${v?.[0] ?? "card.numberInvalid"}`]),
          );
          return failure(400, { fieldErrors });
        }
        const expiry = parseExpiry(submission.value.expiry)!;
        const pickup = await payWithSimulatedCard(user, booking, {
          cardNumber: submission.value.cardNumber,
          cvc: submission.value.cvc,
          postalCode: submission.value.postalCode,
          ...expiry,
        });
        return confirmationRedirect(pickup.confirmationNumber);
      }
      case "payHosted": {
        const url = await startHostedCheckout(user, booking, await getLanguage(request), back.pathname + back.search);
        return { kind: "redirect", response: redirect(url) };
      }
      case "bookFree": {
        const pickup = await confirmFreeBooking(user, booking);
        return confirmationRedirect(pickup.confirmationNumber);
      }
      default:
        return failure(400, { formError: "checkout:errors.generic" });
    }
  } catch (error) {
    if (error instanceof CardError) {
      return failure(402, {
        formError: `checkout:${error.key}`,
        toast: errorToast("checkout:toast.paymentFailed", `checkout:${error.key}`),
      });
    }
    if (error instanceof BookingError) {
      if (error.key === "errors.profileIncomplete") {
        return {
          kind: "redirect",
          response: await redirectWithToast(request, `/profile?bags=${booking.bags}&slotId=${booking.slotId}`, {
            type: "error",
            title: "checkout:toast.profileIncomplete",
          }),
        };
      }
      return bookingFailure(error);
    }
    throw error;
  }
}
