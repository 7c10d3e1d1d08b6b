// Issue 46 part 5: the resident pays the pickup an operator booked for them, through the link (no sign-in:
// the token is the key). The pattern of a plan's held cycle (plans/cycle-holds): payPhoneBooking opens the
// intent (or, without JavaScript and with Stripe, a hosted Checkout Session), completePhoneBooking reads
// the payment back from the provider (never the browser) and turns the held place into a booked, paid pickup
// exactly once; a payment that lands on a hold no longer held is refunded in full, never booked. Once paid,
// the link only says so. The operator never sees or hears a card: the resident types it here.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { isSimulated, paymentProvider, type PaymentProvider } from "~/services/payments/provider.server";
import type { CardInput, HostedCheckout } from "~/services/payments/provider-types";
import { paidIntent } from "~/services/plans/cycle-holds.server";
import {
  bookPhoneBooking,
  phoneBookingByToken,
  phoneBookingResident,
  phonePaymentMetadata,
  PhoneBookingError,
} from "./phone-booking.server";
import { now } from "~/lib/clock";
import type { ContractAcceptance } from "~/lib/contract-acceptance";
import { CURRENCY } from "~/lib/pricing";
import { leadRefusal } from "~/lib/slots";
import type { PhoneBooking, PickupRequest } from "../../../db/schema";

const pb = schema.phoneBookings;
const isSession = (id: string | null) => Boolean(id?.startsWith("cs_"));
type Hosted = PaymentProvider & Partial<HostedCheckout>;

/** The held booking a token opens: unknown is 404, paid or released 409. */
function heldOf(token: string): PhoneBooking {
  const booking = phoneBookingByToken(token);
  if (!booking) throw new PhoneBookingError("errors.nothingToPay", 404);
  if (booking.status !== "held") throw new PhoneBookingError("errors.nothingToPay", 409);
  return booking;
}

function recordOpenPayment(booking: PhoneBooking, providerPaymentId: string) {
  db.update(pb).set({ providerPaymentId, updatedAt: now() }).where(eq(pb.id, booking.id)).run();
}

/**
 * The resident's acceptance of the terms (issue 43), carried by the payment itself (its metadata, written
 * by the server only) from the pay form to the booking, which copies it onto the pickup in its transaction:
 * the payment is read back from the provider, never from the browser.
 */
function contractMetadata(contract: ContractAcceptance): Record<string, string> {
  return {
    termsVersion: contract.termsVersion,
    termsAcceptedAt: String(contract.termsAcceptedAt),
    contractLanguage: contract.contractLanguage,
    frenchTermsReceivedAt: contract.frenchTermsReceivedAt === null ? "" : String(contract.frenchTermsReceivedAt),
  };
}

/** The acceptance a payment's metadata carries (none for one opened before the terms were asked). */
function contractOfMetadata(metadata: Record<string, string>): ContractAcceptance | null {
  const at = Number(metadata.termsAcceptedAt);
  const language = metadata.contractLanguage;
  if (!metadata.termsVersion || !Number.isSafeInteger(at) || (language !== "fr" && language !== "en")) return null;
  const french = Number(metadata.frenchTermsReceivedAt);
  return {
    termsVersion: metadata.termsVersion,
    termsAcceptedAt: at,
    contractLanguage: language,
    frenchTermsReceivedAt: metadata.frenchTermsReceivedAt && Number.isSafeInteger(french) ? french : null,
  };
}

type PhonePayment =
  | { kind: "intent"; intentId: string; clientSecret: string; amountCents: number }
  | { kind: "hosted"; url: string }
  | { kind: "booked"; pickup: PickupRequest };

/**
 * Opens the payment of the held booking, carrying the resident's acceptance of the terms: its intent
 * (reused while it can still be paid, the acceptance renewed on it), or, with `hosted`, a Checkout Session
 * that stops taking payment when the hold ends. Already paid: the booked pickup.
 */
export async function payPhoneBooking(
  token: string,
  contract: ContractAcceptance,
  options: { provider?: PaymentProvider; hosted?: { successUrl: string; cancelUrl: string } } = {},
): Promise<PhonePayment> {
  const provider = options.provider ?? paymentProvider();
  const booking = heldOf(token);
  const at = now();
  if (at >= booking.holdExpiresAt) throw new PhoneBookingError("errors.holdExpired", 409);
  const done = await completePhoneBooking(token, { provider });
  if (done.state === "booked") return { kind: "booked", pickup: done.pickup };
  const user = phoneBookingResident(booking);
  const open = booking.providerPaymentId;
  const customerId = await customerIdFor(user, provider, user.locale);
  const attempt = `phone-${booking.id}-pay-${open ?? "first"}`;
  const input = {
    amountCents: booking.amountCents,
    currency: CURRENCY,
    metadata: { ...phonePaymentMetadata(booking), ...contractMetadata(contract) },
    description: `ReCircle: pickup booked by phone ${booking.id}`,
  };
  if (options.hosted) {
    const hosted = provider as Hosted;
    if (!hosted.createCheckoutSession || !hosted.openSessionUrl)
      throw new PhoneBookingError("errors.paymentSystem", 409);
    const url = isSession(open) ? await hosted.openSessionUrl(open!) : null;
    if (url) return { kind: "hosted", url };
    // Stripe keeps a session open 30 minutes to 24 hours: until the hold ends, within those bounds.
    const expiresAt = Math.max(at + 31 * 60_000, Math.min(booking.holdExpiresAt, at + 23 * 3_600_000));
    const session = await hosted.createCheckoutSession({
      ...input,
      customerId,
      ...options.hosted,
      locale: user.locale,
      expiresAt,
      idempotencyKey: `${attempt}-session`,
    });
    recordOpenPayment(booking, session.id);
    return { kind: "hosted", url: session.url };
  }
  if (open && !isSession(open)) {
    const intent = await provider.retrieveIntent(open);
    const secret =
      intent && (intent.status === "requires_payment_method" || intent.status === "requires_action")
        ? await provider.intentClientSecret(open)
        : null;
    if (secret) {
      await provider.updateIntent(open, { amountCents: booking.amountCents, metadata: input.metadata });
      return { kind: "intent", intentId: open, clientSecret: secret, amountCents: booking.amountCents };
    }
  }
  const intent = await provider.createIntent({
    ...input,
    receiptEmail: user.email,
    customerId,
    idempotencyKey: attempt,
  });
  recordOpenPayment(booking, intent.id);
  return { kind: "intent", intentId: intent.id, clientSecret: intent.clientSecret, amountCents: booking.amountCents };
}

type PhoneOutcome =
  { state: "booked"; pickup: PickupRequest } | { state: "pending"; processing?: boolean } | { state: "refunded" };

/**
 * After the resident paid (the return from Checkout, the card form, the release job): the booking's
 * payment read back from the provider; succeeded for its amount while still held, the place becomes a
 * booked, paid pickup, in one transaction, once. Paid for a booking no longer held (released meanwhile, or
 * paid by another payment), for another amount, or too late for the window: refunded in full. `token` or
 * the booking itself (the release job). `intentId`: the payment the Payment Element's return names (its
 * `payment_intent`, never trusted): read back, it must be one this booking's link made (errors.notThisPayment).
 */
export async function completePhoneBooking(
  key: string | PhoneBooking,
  options: { provider?: PaymentProvider; intentId?: string } = {},
): Promise<PhoneOutcome> {
  const provider = options.provider ?? paymentProvider();
  const booking = typeof key === "string" ? phoneBookingByToken(key) : key;
  if (!booking) throw new PhoneBookingError("errors.nothingToPay", 404);
  const paymentId = options.intentId ?? booking.providerPaymentId;
  if (!paymentId) return { state: "pending" };
  const intent = await paidIntent(provider, paymentId);
  const ours = intent?.metadata.phoneBooking === String(booking.id);
  if (options.intentId && !ours) throw new PhoneBookingError("errors.notThisPayment", 409);
  if (!intent || intent.status !== "succeeded" || !ours)
    return { state: "pending", processing: intent?.status === "processing" };
  const at = now();
  const outcome = db.transaction((tx) => {
    const fresh = tx.select().from(pb).where(eq(pb.id, booking.id)).get()!;
    if (fresh.status === "booked" && fresh.providerPaymentId === intent.id && fresh.pickupRequestId !== null) {
      const pickup = tx
        .select()
        .from(schema.pickupRequests)
        .where(eq(schema.pickupRequests.id, fresh.pickupRequestId))
        .get()!;
      return { state: "booked" as const, pickup };
    }
    if (fresh.status !== "held" || intent.amountCents !== fresh.amountCents) return { state: "refund" as const };
    // The date was closed meanwhile, or the window is now too near for a payment (lib/slots' paid lead).
    const slot = tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, fresh.slotId)).get();
    if (!slot || slot.closed || leadRefusal(slot.startsAt, at, true)) return { state: "refund" as const };
    return {
      state: "booked" as const,
      pickup: bookPhoneBooking(tx, fresh, intent, provider.name, at, contractOfMetadata(intent.metadata)),
    };
  });
  if (outcome.state === "booked") return outcome;
  const refunds = await provider.listRefunds(intent.id);
  const back = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountCents, 0);
  if (back < intent.amountCents)
    await provider.refund(intent.id, intent.amountCents - back, `phone-refund-${intent.id}`);
  return { state: "refunded" };
}

/**
 * Stripe's webhook: a payment (an intent, or a hosted session) whose metadata names a phone booking, read back
 * and booked once, as the link's return does (its browser never came back); a payment the booking does not
 * know as its own, or no such booking, changes nothing (null).
 */
export async function completePhoneBookingOfWebhook(
  bookingId: string,
  paymentId: string,
  provider: PaymentProvider,
): Promise<PhoneOutcome | null> {
  const id = /^\d{1,12}$/.test(bookingId) ? Number(bookingId) : null;
  const booking = id === null ? undefined : db.select().from(pb).where(eq(pb.id, id)).get();
  if (!booking) return null;
  return completePhoneBooking(booking, { provider, intentId: paymentId }).catch((error: unknown) => {
    if (error instanceof PhoneBookingError) return null;
    throw error;
  });
}

/**
 * The simulated provider's card form (with or without JavaScript): the card confirmed on the booking's
 * intent, then completed; a card asking for 3-D Secure answers "requires_action" (the page shows the
 * simulated bank's step, then authenticatePhoneBooking); a declined one its code.
 */
export async function payPhoneBookingWithSimulatedCard(
  token: string,
  card: CardInput,
  contract: ContractAcceptance,
  options: { provider?: PaymentProvider } = {},
): Promise<PhoneOutcome | { state: "requires_action" } | { state: "declined"; code: string }> {
  const provider = options.provider ?? paymentProvider();
  if (!isSimulated(provider)) throw new PhoneBookingError("errors.paymentSystem", 409);
  const open = await payPhoneBooking(token, contract, { provider });
  if (open.kind === "booked") return { state: "booked", pickup: open.pickup };
  if (open.kind !== "intent") throw new PhoneBookingError("errors.paymentSystem", 409);
  const result = await provider.confirmCard(open.intentId, card);
  if (!result.ok && "code" in result) return { state: "declined", code: result.code };
  if (!result.ok) return { state: "requires_action" };
  return completePhoneBooking(token, { provider });
}

/** The simulated bank's answer for the booking's intent (Complete or Fail), then the payment read back. */
export async function authenticatePhoneBooking(
  token: string,
  outcome: "complete" | "fail",
  options: { provider?: PaymentProvider } = {},
): Promise<PhoneOutcome> {
  const provider = options.provider ?? paymentProvider();
  if (!isSimulated(provider)) throw new PhoneBookingError("errors.paymentSystem", 409);
  const booking = heldOf(token);
  if (booking.providerPaymentId) await provider.authenticate(booking.providerPaymentId, outcome);
  return completePhoneBooking(token, { provider });
}

/** The card of the booking's open payment waiting for the simulated bank's step, if any. */
export async function phoneBookingCard(token: string) {
  const booking = phoneBookingByToken(token);
  const provider = paymentProvider();
  if (booking?.status !== "held" || !booking.providerPaymentId || !isSimulated(provider)) return null;
  const intent = await provider.retrieveIntent(booking.providerPaymentId);
  if (!intent || intent.status !== "requires_action") return null;
  return { cardBrand: intent.cardBrand, cardLast4: intent.cardLast4, amountCents: booking.amountCents };
}
