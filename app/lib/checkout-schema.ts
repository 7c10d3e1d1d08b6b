// The card form and the checkout API payloads. Messages are keys of the checkout namespace.
import { z } from "zod";
import { isNormalPostalCode, normalizePostalCode } from "./postal";
import { isBagCount } from "./pricing";
import { contractApiFields, frenchTermsRule } from "./contract-api-fields";
import { planApiFields, planConsentRule, planIntervalField } from "./plan-api-fields";

// JSON bodies are typed: a number field takes a JSON number only (never "1", true, [1], null or {}); a
// wrong type is answered "<field>: a number is expected" (parseApiBody). The bag rule is the one the
// pages use (isBagCount, behind parseBagCount, which reads the forms' and links' strings).
const bagsField = z.number().refine(isBagCount, "errors.bagCountExpected");
/** A row's id: a positive whole JSON number ("slotId: a whole number is expected" and the like otherwise). */
export const jsonIdField = z.number().int().positive();
const slotIdField = jsonIdField;

/**
 * The expiry as people type it → month and four-digit year: '04/29', '4/2029', '04 / 29', '04-29', and
 * without the slash '0429' or '042029'.
 */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const compact = value.replace(/\s/g, "").replace(/[-.]/g, "/");
  const match = compact.match(/^(\d{1,2})\/(\d{2}|\d{4})$/) ?? compact.match(/^(\d{2})(\d{2}|\d{4})$/);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

export const CardFormSchema = z.object({
  cardNumber: z
    .string({ required_error: "card.numberRequired" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "card.numberInvalid")),
  expiry: z
    .string({ required_error: "card.expiryRequired" })
    .refine((v) => parseExpiry(v) !== null, "card.expiryInvalid"),
  cvc: z
    .string({ required_error: "card.cvcRequired" })
    .trim()
    .regex(/^\d{3,4}$/, "card.cvcInvalid"),
  postalCode: z
    .string({ required_error: "card.postalRequired" })
    .trim()
    .max(7, "card.postalInvalid")
    .transform(normalizePostalCode)
    .pipe(z.string().refine(isNormalPostalCode, "card.postalInvalid")),
});

/** A checkout's id (its page's `checkout` parameter); absent, the server finds or starts one. */
const checkoutIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, "errors.bookingInfo")
  .nullable()
  .optional();

/** Both refinements of a body that pays: English needs the French terms received; a plan needs the consent. */
function payingRules(
  body: Parameters<typeof frenchTermsRule>[0] & Parameters<typeof planConsentRule>[0],
  ctx: z.RefinementCtx,
) {
  frenchTermsRule(body, ctx);
  planConsentRule(body, ctx);
}

/**
 * Starting a card payment carries the resident's acceptance of the terms (issue 43): refused without it.
 * Issue 45: `"saveCardConsent": true` makes the payment keep the card for later payments (setup_future_usage),
 * and `"planIntervalWeeks": 4 | 8` (with the consent) starts a plan once the pickup is booked.
 */
export const CreatePaymentIntentSchema = z
  .object({
    checkoutId: checkoutIdField,
    amount: z.number({ invalid_type_error: "errors.priceChanged" }).nonnegative().optional(),
    bagCount: bagsField,
    slotId: slotIdField,
    promoCode: z.string().max(40).nullable().optional(),
    ...contractApiFields,
    ...planApiFields,
  })
  .superRefine(payingRules);

export const SimulatedConfirmSchema = z.object({
  paymentIntentId: z.string().min(1, "errors.paymentMissing").max(100),
  cardNumber: z.string({ required_error: "card.numberRequired" }).max(30),
  expMonth: z
    .number({ invalid_type_error: "card.expiryInvalid" })
    .int()
    .min(1, "card.expiryInvalid")
    .max(12, "card.expiryInvalid"),
  expYear: z.number({ invalid_type_error: "card.expiryInvalid" }).int().min(0).max(9999),
  cvc: z.string({ required_error: "card.cvcRequired" }).max(4, "card.cvcInvalid"),
  postalCode: z
    .string({ required_error: "card.postalRequired" })
    .max(20, "card.postalInvalid")
    .transform(normalizePostalCode)
    .pipe(z.string().refine(isNormalPostalCode, "card.postalInvalid")),
});

/**
 * Booking a paid pickup: `"acceptTerms": true`, and for a contract in English `"contractLanguage": "en"` with
 * `"frenchTermsReceived": true` (French by default). Issue 45: `"planIntervalWeeks": 4 | 8` with
 * `"saveCardConsent": true` starts a plan from the booked pickup (its payment must have saved the card).
 */
export const CreatePickupSchema = z
  .object({
    bagsRequested: bagsField,
    pickupSlotId: slotIdField,
    /** Dollars, as the spec's client sends it. */
    totalPrice: z
      .number({ invalid_type_error: "errors.priceChanged", required_error: "errors.priceChanged" })
      .nonnegative(),
    address: z.string().max(500).optional(),
    paymentIntentId: z.string().min(1, "errors.paymentMissing").max(100),
    ...contractApiFields,
    ...planApiFields,
  })
  .superRefine(payingRules);

export const CheckoutSessionSchema = z
  .object({
    checkoutId: checkoutIdField,
    bagCount: bagsField,
    slotId: slotIdField,
    email: z.string().max(254).optional(),
    address: z.string().max(500).optional(),
    promoCode: z.string().max(40).nullable().optional(),
    ...contractApiFields,
  })
  .superRefine(frenchTermsRule);

export const PromoValidateSchema = z.object({
  code: z.string({ required_error: "promo.invalid" }).max(40, "promo.invalid"),
  bagCount: bagsField,
  email: z.string().max(254).optional(),
  address: z.string().max(500).optional(),
});

/** Issue 45: POST /api/pickup-plans, a plan started from a booked pickup whose payment saved the card. */
export const StartPlanSchema = z
  .object({
    pickupRequestId: jsonIdField,
    intervalWeeks: planIntervalField,
  })
  .strict();

/**
 * Issue 45 part 5, a bag more: `POST /api/create-payment-intent` `{ pickupRequestId, bagCount }` opens the
 * intent for the difference. Typed and closed: an unknown field is refused.
 */
export const BagChangeIntentSchema = z.object({ pickupRequestId: jsonIdField, bagCount: bagsField }).strict();

/**
 * `PUT /api/pickup-requests/{id}` `{ bagCount, paymentIntentId? }`: the change applied, with the intent that
 * paid the difference (more bags) or alone (fewer bags: the difference refunded). Closed like the intent's.
 */
export const BagChangeSchema = z
  .object({ bagCount: bagsField, paymentIntentId: z.string().min(1, "errors.paymentMissing").max(100).optional() })
  .strict();

/** Whether a JSON body asks for a bag change (it names `field`), read before the body is parsed. */
export function namesField(body: unknown, field: string): boolean {
  return typeof body === "object" && body !== null && !Array.isArray(body) && field in body;
}
