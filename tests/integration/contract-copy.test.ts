// Issue 43 parts 2 and 3: the confirmation e-mail is the copy of the consumer's contract (the merchant, the
// customer, the contract's date, the service, the price with both taxes and their numbers, the rules, the
// terms linked and attached as text), in the contract's language: French unless the contract is in English,
// whatever the account's language; a pickup booked before contracts (null) keeps the account's. What the
// payment provider is told follows it too: the item's name, the hosted page's locale, the Customer's
// preferred_locales.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Before any app module reads the environment: start the Stripe stand-in and point the SDK at it.
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { queueBookingConfirmation } from "~/services/booking/pickup-emails.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { SimulatedProvider } from "~/services/payments/simulated.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { cancelPickup, modifyPickup } from "~/services/pickups/changes.server";
import { env, whoWeAre } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import type { EmailAttachment } from "~/services/platform/mailer.server";
import { TERMS_VERSION } from "~/lib/contract";
import { CARD, resident, slot } from "./fixtures";

/** 27 Nov 2026, 20:07 UTC: 15:07 in Montreal (EST). */
const ACCEPTED_AT = Date.UTC(2026, 10, 27, 20, 7);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const mailsTo = (email: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email)).all();
const lastOf = (email: string, kind: string) =>
  mailsTo(email)
    .filter((m) => m.kind === kind)
    .at(-1)!;
const attachmentsOf = (mail: { attachments: string | null }) =>
  JSON.parse(mail.attachments ?? "[]") as EmailAttachment[];

async function residentIn(locale: "en" | "fr") {
  const user = await resident();
  return db.update(schema.users).set({ locale }).where(eq(schema.users.id, user.id)).returning().get();
}

/** A paid pickup whose contract is `language` (as the checkout stores it), its confirmation written again. */
async function contractIn(locale: "en" | "fr", language: "en" | "fr" | null) {
  const user = await residentIn(locale);
  const booked = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
  const pickup = db
    .update(schema.pickupRequests)
    .set(
      language
        ? {
            contractLanguage: language,
            termsVersion: TERMS_VERSION,
            termsAcceptedAt: ACCEPTED_AT,
            frenchTermsReceivedAt: language === "en" ? ACCEPTED_AT : null,
          }
        : { contractLanguage: null, termsVersion: null, termsAcceptedAt: null },
    )
    .where(eq(schema.pickupRequests.id, booked.id))
    .returning()
    .get();
  db.transaction((tx) => queueBookingConfirmation(tx, user, pickup));
  return { user, pickup, mail: lastOf(user.email, "booking-confirmed") };
}

afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

describe("the confirmation is the copy of the contract", () => {
  const who = whoWeAre();
  it.each([
    {
      account: "en",
      contract: "fr",
      lines: [
        "Ce courriel est votre copie du contrat.",
        "Date du contrat : 27 nov. 2026, 15 h 07",
        "Commerçant",
        `Téléphone : ${who.supportPhone}`,
        `Courriel : ${env.SUPPORT_EMAIL}`,
        "Client\nMarie Tremblay\nAdresse : ",
        "Sacs : 2 sacs",
        "Plage horaire : ",
        "Sous-total : 18,00 $",
        "TPS (5 %) : 0,90 $",
        "TVQ (9,975 %) : 1,80 $",
        "Total payé : 20,70 $",
        `Numéro d'inscription à la TPS : ${env.GST_NUMBER}`,
        `Numéro d'inscription à la TVQ : ${env.QST_NUMBER}`,
        "L'annulation rembourse le total moins des frais de 2,00 $ plus taxes (2,30 $).",
        "Collecte manquée : si vos sacs ne sont pas dehors avant",
        "Si nous manquons la collecte par notre faute, cela ne vous coûte rien",
        `Conditions d'utilisation (version ${TERMS_VERSION}) : jointes à ce courriel en fichier texte`,
      ],
      link: "http://localhost:3000/terms",
      file: `conditions-${TERMS_VERSION}.txt`,
      terms: ["Conditions d'utilisation", "Déplacer et annuler", "Loi applicable", `Version : ${TERMS_VERSION}`],
    },
    {
      account: "fr",
      contract: "en",
      lines: [
        "This e-mail is your copy of the contract.",
        "Date of the contract: Nov 27, 2026, 3:07 PM",
        "Merchant",
        `Phone: ${who.supportPhone}`,
        `E-mail: ${env.SUPPORT_EMAIL}`,
        "Customer\nMarie Tremblay\nAddress: ",
        "Bags: 2 bags",
        "Time window: ",
        "Subtotal: $18.00",
        "GST (5%): $0.90",
        "QST (9.975%): $1.80",
        "Total paid: $20.70",
        `GST registration number: ${env.GST_NUMBER}`,
        `QST registration number: ${env.QST_NUMBER}`,
        "Cancelling refunds the total minus a $2.00 fee plus its taxes ($2.30).",
        "Missed pickup: if your bags are not outside by",
        "If we miss the pickup through our fault, it costs you nothing",
        `Terms of service (version ${TERMS_VERSION}): attached to this e-mail as a text file`,
      ],
      link: "http://localhost:3000/terms?lang=en",
      file: `terms-${TERMS_VERSION}.txt`,
      terms: ["Terms of service", "Moving and cancelling", "Applicable law", `Version: ${TERMS_VERSION}`],
    },
  ] as const)(
    "a contract in $contract (account in $account)",
    async ({ account, contract, lines, link, file, terms }) => {
      const { pickup, mail } = await contractIn(account, contract);
      expect(mail.locale).toBe(contract);
      const text = plain(mail.text);
      const html = plain(mail.html!);
      for (const line of [...lines, pickup.confirmationNumber, who.business, who.address, link]) {
        expect(text, line).toContain(line);
      }
      expect(text).not.toMatch(/\{\{|\}\}/);
      // The HTML part says the same (its lines joined by <br/>), the terms a link.
      for (const value of [who.business, who.address, "Marie Tremblay", env.GST_NUMBER, env.QST_NUMBER]) {
        expect(html).toContain(value);
      }
      expect(html).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(html).toMatch(new RegExp(`<html [^>]*lang="${contract}"`));
      // The card line is the app's own words: "Paid by card: Visa", not defanged to "card[:]".
      expect(html).not.toContain("[:]");
      expect(html).not.toMatch(/\{\{|\}\}/);
      // The address the pickup is at, in the contract's words ("app." in French).
      expect(text).toContain(pickup.address.split(",")[0]!);

      // Attached: the calendar event as before, and the whole terms as plain text in the contract's language.
      const attached = attachmentsOf(mail);
      expect(attached.map((a) => a.filename)).toEqual([`${pickup.confirmationNumber}.ics`, file]);
      const termsFile = attached[1]!;
      expect(termsFile.contentType).toBe("text/plain; charset=utf-8");
      for (const words of [...terms, who.business, who.address]) expect(termsFile.content).toContain(words);
      expect(termsFile.content).not.toMatch(/\{\{|\}\}/);
      expect(termsFile.content.length).toBeGreaterThan(1500);
    },
  );

  it("without an acceptance time, the contract's date is when the pickup was booked", async () => {
    const { pickup, mail } = await contractIn("fr", null);
    const { formatDateTime } = await import("~/lib/format");
    expect(plain(mail.text)).toContain(`Date du contrat : ${plain(formatDateTime(pickup.createdAt, "fr"))}`);
  });
});

describe("the contract's language decides the pickup's e-mails", () => {
  it.each([
    ["en", "fr", "fr"],
    ["fr", "en", "en"],
    ["fr", "fr", "fr"],
    // Booked before issue 43 (no contract language): the account's language, as it always was.
    ["en", null, "en"],
    ["fr", null, "fr"],
  ] as const)(
    "account %s, contract %s: the confirmation, the move and the cancellation in %s",
    async (account, contract, lng) => {
      const { user, pickup } = await contractIn(account, contract);
      expect(lastOf(user.email, "booking-confirmed").locale).toBe(lng);
      const moved = await modifyPickup(user, pickup.id, slot().id);
      const movedMail = lastOf(user.email, "pickup-modified");
      expect(movedMail.locale).toBe(lng);
      expect(movedMail.subject).toContain(lng === "fr" ? "a été déplacée" : "has moved");
      await cancelPickup(user, moved.id ?? pickup.id);
      const cancelled = lastOf(user.email, "pickup-cancelled");
      expect(cancelled.locale).toBe(lng);
      expect(cancelled.subject).toContain(lng === "fr" ? "est annulée" : "is cancelled");
    },
  );
});

describe("the payment provider is told the contract's language", () => {
  /** A checkout whose contract is in `language`, as the checkout page stores it. */
  function checkoutIn(userId: number, slotId: number, language: "en" | "fr") {
    const id = newCheckoutId();
    db.insert(schema.checkouts)
      .values({
        id,
        userId,
        bags: 2,
        slotId,
        contractLanguage: language,
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: ACCEPTED_AT,
      })
      .run();
    return id;
  }
  const customerRow = (userId: number) =>
    db.select().from(schema.paymentCustomers).where(eq(schema.paymentCustomers.userId, userId)).get()!;
  const simulatedIntent = (id: string) =>
    db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;

  it("simulated: a French item name and fr-CA by default, English and en-CA for a contract in English", async () => {
    setPaymentProvider(new SimulatedProvider());
    const user = await residentIn("en");
    const s = slot();
    const french = await startCardPayment(
      user,
      { bags: 2, slotId: s.id },
      { checkoutId: checkoutIn(user.id, s.id, "fr") },
    );
    expect(simulatedIntent(french.paymentIntentId).description).toBe("Collecte ReCircle : 2 sacs");
    expect(customerRow(user.id).preferredLocale).toBe("fr-CA");
    const other = slot();
    const english = await startCardPayment(
      user,
      { bags: 2, slotId: other.id },
      { checkoutId: checkoutIn(user.id, other.id, "en") },
    );
    expect(simulatedIntent(english.paymentIntentId).description).toBe("ReCircle pickup: 2 bags");
    expect(customerRow(user.id).preferredLocale).toBe("en-CA");
  });

  describe("with Stripe", () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
    beforeEach(() => {
      standIn.reset();
      setPaymentProvider(stripe);
    });

    it("the PaymentIntent's description and the Customer's preferred_locales, set again when the language changes", async () => {
      const user = await residentIn("en");
      const s = slot();
      await startCardPayment(user, { bags: 2, slotId: s.id }, { checkoutId: checkoutIn(user.id, s.id, "fr") });
      const [created] = standIn.requestsTo("POST", "/v1/customers");
      expect(created!.params.preferred_locales).toEqual(["fr-CA"]);
      const [intent] = standIn.requestsTo("POST", "/v1/payment_intents");
      expect(intent!.params.description).toBe("Collecte ReCircle : 2 sacs");
      // Paid again in French: the Customer is left alone.
      const again = slot();
      await startCardPayment(user, { bags: 2, slotId: again.id }, { checkoutId: checkoutIn(user.id, again.id, "fr") });
      const customerId = customerRow(user.id).customerId;
      expect(standIn.requestsTo("POST", `/v1/customers/${customerId}`)).toHaveLength(0);
      // A contract in English: the Customer's receipts turn English, once.
      const english = slot();
      await startCardPayment(
        user,
        { bags: 2, slotId: english.id },
        { checkoutId: checkoutIn(user.id, english.id, "en") },
      );
      const updates = standIn.requestsTo("POST", `/v1/customers/${customerId}`);
      expect(updates).toHaveLength(1);
      expect(updates[0]!.params.preferred_locales).toEqual(["en-CA"]);
      expect(standIn.customers.get(customerId)!.preferred_locales).toEqual(["en-CA"]);
      expect(standIn.requestsTo("POST", "/v1/payment_intents").at(-1)!.params.description).toBe(
        "ReCircle pickup: 2 bags",
      );
    });

    it("the hosted page: the product line's name and the page's locale follow the contract, not the page", async () => {
      const user = await residentIn("en");
      const s = slot();
      const id = checkoutIn(user.id, s.id, "fr");
      await startHostedCheckout(user, { bags: 2, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"), id);
      const [session] = standIn.requestsTo("POST", "/v1/checkout/sessions");
      expect(session!.params.locale).toBe("fr");
      expect(session!.params.line_items).toEqual([
        expect.objectContaining({
          price_data: expect.objectContaining({ product_data: { name: "Collecte ReCircle : 2 sacs" } }),
        }),
      ]);
      expect(session!.params.payment_intent_data).toMatchObject({ description: "Collecte ReCircle : 2 sacs" });

      const other = slot();
      const englishId = checkoutIn(user.id, other.id, "en");
      await startHostedCheckout(user, { bags: 2, slotId: other.id }, "fr", hostedCheckoutUrls("/checkout"), englishId);
      const english = standIn.requestsTo("POST", "/v1/checkout/sessions").at(-1)!;
      expect(english.params.locale).toBe("en");
      expect(english.params.payment_intent_data).toMatchObject({ description: "ReCircle pickup: 2 bags" });
    });
  });
});
