// The price and the slot rule of a booking, re-checked on the server every time: the resident's
// profile, a slot offered to their prefix at least 24 hours ahead with room, the promo code, and the
// total the browser showed.
import { db } from "~/services/platform/db.server";
import { env } from "~/services/platform/config.server";
import { appliedPromo, checkPromo, PromoError } from "./promo-rules.server";
import { BookingError } from "./booking-error.server";
import { findSlot } from "./slots.server";
import { now } from "~/lib/clock";
import { priceBreakdown, type BagCount, type PriceBreakdown } from "~/lib/pricing";
import { addressLine, isProfileComplete } from "~/lib/profile";
import { fsaOf } from "~/lib/postal";
import { slotRefusal, type SlotView } from "~/lib/slots";
import type { User } from "../../../db/schema";
import type { PlanChoice } from "~/lib/plan-choice";
import type { ContractAcceptance } from "~/lib/contract-acceptance";

export type BookingRequest = {
  bags: BagCount;
  slotId: number;
  /** A promo code typed for this booking; otherwise the one the resident applied at checkout, if any. */
  promoCode?: string | null;
  /** What the browser showed; a different server price refuses the booking. */
  expectedTotalCents?: number | null;
  /**
   * The resident's acceptance of the terms (issue 43), stored on the checkout when it is claimed and copied
   * to the pickup it books. The web edge refuses a payment without it before anything is claimed.
   */
  contract?: ContractAcceptance;
  /**
   * Issue 45: the consent to keep the card and the plan chosen, stored on the checkout before payment so
   * whichever path fulfils it saves the card and starts the plan. Absent: the checkout's stored choice stays.
   */
  plan?: PlanChoice;
};

export type Quote = {
  slot: SlotView;
  breakdown: PriceBreakdown;
  promo: { code: string; percent: number } | null;
  address: string;
  fsa: string;
};

/** The slot, when it can be offered to this prefix now; otherwise the refusal (404 for an unknown slot). */
export function offeredSlot(slotId: number, fsa: string, at = now()): SlotView {
  const slot = findSlot(slotId);
  const refusal = slotRefusal(slot, fsa, at);
  if (refusal) throw new BookingError(refusal, refusal === "errors.slotNotFound" ? 404 : 409);
  return slot!;
}

export function quoteBooking(user: User, request: BookingRequest, at = now()): Quote {
  if (!isProfileComplete(user)) throw new BookingError("errors.profileIncomplete", 409);
  const fsa = fsaOf(user.postalCode);
  const slot = offeredSlot(request.slotId, fsa, at);
  let promo: Quote["promo"] = null;
  if (request.promoCode) {
    try {
      const row = checkPromo(db, user, request.promoCode, request.bags);
      promo = { code: row.code, percent: row.percent };
    } catch (error) {
      if (error instanceof PromoError) throw new BookingError(error.key, 400);
      throw error;
    }
  } else {
    promo = appliedPromo(user, request.bags);
  }
  const breakdown = priceBreakdown({
    bags: request.bags,
    promoPercent: promo?.percent ?? 0,
    serviceFeeCents: env.SERVICE_FEE_CENTS,
  });
  if (request.expectedTotalCents != null && request.expectedTotalCents !== breakdown.totalCents) {
    throw new BookingError("errors.priceChanged", 409);
  }
  return { slot, breakdown, promo, address: addressLine(user), fsa };
}
