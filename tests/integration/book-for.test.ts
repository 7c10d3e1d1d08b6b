// Issue 46 part 5 on a real SQLite file, a resident who calls: the operator opens the account (who and when
// recorded, the set-password link and the privacy notice e-mailed), finds it by e-mail or phone, books under
// the resident's own rules (lead, served area, room, closed dates), the place held and the link e-mailed and
// texted in the booking's transaction; the link paid (no sign-in: the token is the key), booked once with the
// operator recorded, the link spent; another hold not paid in time released by the job, its resident told.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

// Texts need a provider: the outbox is only written here (no worker runs), nothing is sent.
process.env.TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000046";
process.env.TWILIO_AUTH_TOKEN = "book-for-token";
process.env.TWILIO_FROM = "+15145550000";

const { setNow } = await import("~/lib/clock");
const { db, schema } = await import("~/services/platform/db.server");
const { createAdmin } = await import("~/services/accounts/accounts.server");
const { createAccountFor, findResidentFor } = await import("~/services/accounts/created-for.server");
const { holdPhoneBooking, phoneBookingByToken, phoneBookingView, PhoneBookingError } =
  await import("~/services/checkout/phone-booking.server");
const { payPhoneBooking, payPhoneBookingWithSimulatedCard } = await import("~/services/checkout/phone-pay.server");
const { releaseExpiredPhoneHolds } = await import("~/services/checkout/phone-release.server");
const { BookingError } = await import("~/services/booking/booking-error.server");
const { findPickup } = await import("~/services/pickups/pickups.server");
const { exportAccountData } = await import("~/services/privacy/export.server");
const payRoute = await import("~/routes/pay.$token");
const { CARD, resident, slot } = await import("./fixtures");
const { acceptanceOf } = await import("~/lib/contract-acceptance");
const { TERMS_VERSION } = await import("~/lib/contract");

/** The terms accepted on a French page (issue 43), as the link's form sends them. */
const accepted = (at = Date.now()) =>
  acceptanceOf({ acceptTerms: true, language: "fr", frenchTermsReceived: false }, at).contract!;

afterEach(() => setNow(null));

let n = 0;
async function operator() {
  n += 1;
  return createAdmin(`operator-${n}-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
}

function outboxTo(to: string) {
  return db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();
}

function slotRow(id: number) {
  return db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
}

function tokenOf(text: string): string {
  return /\/pay\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

/** A resident with a verified phone number (texts may reach them). */
async function verifiedResident() {
  const user = await resident();
  const phone = `+1514555${String(2000 + n++).padStart(4, "0")}`;
  return db
    .update(schema.users)
    .set({ phone, phoneVerifiedAt: Date.now() })
    .where(eq(schema.users.id, user.id))
    .returning()
    .get();
}

describe("opening an account for a resident who calls", () => {
  it("records who opened it and when, and e-mails the set-password link and the privacy notice with it", async () => {
    const admin = await operator();
    const email = `caller-${Date.now()}@videotron.ca`;
    const input = {
      email,
      locale: "fr" as const,
      firstName: "Gisèle",
      lastName: "Lavoie",
      streetAddress: "4520 rue Saint-Denis",
      unit: "3",
      city: "Montréal",
      province: "QC" as const,
      postalCode: "H2J 2L3",
      phone: "+15145550177",
    };
    const user = await createAccountFor(admin.id, input, "http://localhost:3000");
    expect(user).toMatchObject({ createdById: admin.id, role: "resident", postalFsa: "H2J", locale: "fr" });
    expect(Math.abs(user.createdAt - Date.now())).toBeLessThan(60_000);
    const tokens = db
      .select()
      .from(schema.passwordResetTokens)
      .where(eq(schema.passwordResetTokens.userId, user.id))
      .all();
    expect(tokens).toHaveLength(1);
    const [mail] = outboxTo(email);
    expect(mail).toMatchObject({ kind: "account-opened-for-you", locale: "fr" });
    expect(mail!.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail!.text).toContain("http://localhost:3000/privacy");
    // Only the token's hash is kept.
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(tokens[0]!.tokenHash).not.toContain(token);
    // Found again by e-mail and by phone, in the forms people say it.
    expect(findResidentFor(email.toUpperCase())?.id).toBe(user.id);
    expect(findResidentFor("(514) 555-0177")?.id).toBe(user.id);
    expect(findResidentFor("nobody@videotron.ca")).toBeNull();
    // The same address twice: refused, nothing written.
    await expect(createAccountFor(admin.id, { ...input, phone: null }, "http://localhost:3000")).rejects.toMatchObject({
      key: "bookfor:errors.accountExists",
    });
  });
});

describe("a phone booking", () => {
  it("is refused under the resident's own rules: too soon, not served, full, closed", async () => {
    const admin = await operator();
    const user = await resident();
    const book = (slotId: number) => () => holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 2, slotId });
    const soon = slot({ daysAhead: 0, startsAt: Date.now() + 20 * 3_600_000 });
    expect(book(soon.id)).toThrow(BookingError);
    expect(book(soon.id)).toThrow("errors.slotTooSoon");
    expect(book(slot({ serviceAreas: ["H3Z"] }).id)).toThrow("errors.addressMismatch");
    const full = slot({ capacity: 1 });
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, full.id)).run();
    expect(book(full.id)).toThrow("errors.slotFull");
    const closed = slot();
    db.update(schema.pickupSlots).set({ closed: true }).where(eq(schema.pickupSlots.id, closed.id)).run();
    expect(book(closed.id)).toThrow("errors.slotUnavailable");
    expect(db.select().from(schema.phoneBookings).where(eq(schema.phoneBookings.userId, user.id)).all()).toEqual([]);
  });

  it("is held, paid through its link without signing in, booked once with its operator, and the link spent", async () => {
    const admin = await operator();
    const user = await verifiedResident();
    const s = slot({ capacity: 3 });
    const { booking, token, texted } = holdPhoneBooking({
      operatorId: admin.id,
      userId: user.id,
      bags: 2,
      slotId: s.id,
    });
    // Held: the place counted, no pickup yet, the link e-mailed and texted in the same transaction.
    expect(booking).toMatchObject({ status: "held", operatorId: admin.id, bags: 2, pickupRequestId: null });
    expect(booking.holdExpiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(booking.tokenHash).not.toBe(token);
    expect(slotRow(s.id).currentBooked).toBe(1);
    expect(texted).toBe(true);
    const mail = outboxTo(user.email).find((row) => row.kind === "phone-pay-link")!;
    expect(tokenOf(mail.text)).toBe(token);
    const text = outboxTo(user.phone!).find((row) => row.kind === "phone-pay-link")!;
    expect(tokenOf(text.text)).toBe(token);

    // The link's page, signed out: the held pickup and its amount.
    const page = await payRoute.loader({
      request: new Request(`http://localhost/pay/${token}`),
      params: { token },
      context: {},
    } as never);
    expect(page).toMatchObject({ state: "held", held: { bags: 2 } });
    // A made-up token opens nothing.
    expect(phoneBookingByToken("x".repeat(43))).toBeNull();

    const paid = await payPhoneBookingWithSimulatedCard(token, CARD, accepted());
    expect(paid.state).toBe("booked");
    const pickup = paid.state === "booked" ? paid.pickup : null;
    expect(pickup).toMatchObject({ userId: user.id, bookedById: admin.id, pickupSlotId: s.id, bagsRequested: 2 });
    expect(pickup!.totalCents).toBe(booking.amountCents);
    // The place was the hold's: not taken twice.
    expect(slotRow(s.id).currentBooked).toBe(1);
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup!.paymentId!)).get()!;
    expect(payment).toMatchObject({ status: "succeeded", amountCents: booking.amountCents, userId: user.id });
    expect(outboxTo(user.email).filter((row) => row.kind === "booking-confirmed")).toHaveLength(1);
    expect(phoneBookingView(phoneBookingByToken(token)!)).toEqual({
      state: "booked",
      confirmationNumber: pickup!.confirmationNumber,
    });

    // Spent: the link can no longer pay, and a second try books nothing more.
    await expect(payPhoneBooking(token, accepted())).rejects.toBeInstanceOf(PhoneBookingError);
    await expect(payPhoneBookingWithSimulatedCard(token, CARD, accepted())).rejects.toMatchObject({
      key: "errors.nothingToPay",
    });
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all()).toHaveLength(
      1,
    );

    // The order page and the export say who booked it, without naming the operator.
    expect(findPickup(user.id, pickup!.confirmationNumber)?.bookedForYouOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const exported = exportAccountData(user.id);
    expect(exported.pickups[0]!.bookedForYou).toEqual({ by: "ReCircle team", on: expect.any(String) });
    expect(JSON.stringify(exported)).not.toContain(admin.email);
  });

  it("a declined card leaves the place held; a hold not paid in time is released and its resident told", async () => {
    const admin = await operator();
    const user = await resident();
    const s = slot({ capacity: 2 });
    const { booking, token, texted } = holdPhoneBooking({
      operatorId: admin.id,
      userId: user.id,
      bags: 1,
      slotId: s.id,
    });
    expect(texted).toBe(false);
    const declined = await payPhoneBookingWithSimulatedCard(
      token,
      { ...CARD, cardNumber: "4000000000000002" },
      accepted(),
    );
    expect(declined).toMatchObject({ state: "declined" });
    expect(phoneBookingByToken(token)!.status).toBe("held");
    expect(slotRow(s.id).currentBooked).toBe(1);

    // Before the hold ends, the job leaves it alone.
    expect(await releaseExpiredPhoneHolds(booking.holdExpiresAt - 60_000)).toBe(0);
    setNow(booking.holdExpiresAt + 1);
    expect(await releaseExpiredPhoneHolds(booking.holdExpiresAt + 1)).toBe(1);
    expect(phoneBookingByToken(token)!.status).toBe("released");
    expect(slotRow(s.id).currentBooked).toBe(0);
    expect(outboxTo(user.email).filter((row) => row.kind === "phone-released")).toHaveLength(1);
    // Once: a second run finds nothing.
    expect(await releaseExpiredPhoneHolds(booking.holdExpiresAt + 2)).toBe(0);
    expect(outboxTo(user.email).filter((row) => row.kind === "phone-released")).toHaveLength(1);
    // The link says so and can no longer pay; no pickup was made.
    expect(phoneBookingView(phoneBookingByToken(token)!)).toEqual({ state: "released" });
    await expect(payPhoneBookingWithSimulatedCard(token, CARD, accepted())).rejects.toBeInstanceOf(PhoneBookingError);
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all()).toEqual([]);
  });

  it("a hold run out cannot be paid even before the job releases it", async () => {
    const admin = await operator();
    const user = await resident();
    const s = slot();
    const { booking, token } = holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 4, slotId: s.id });
    setNow(booking.holdExpiresAt);
    await expect(payPhoneBookingWithSimulatedCard(token, CARD, accepted())).rejects.toMatchObject({
      key: "errors.holdExpired",
    });
    expect(phoneBookingView(phoneBookingByToken(token)!, booking.holdExpiresAt)).toEqual({ state: "released" });
  });
});

describe("the link's terms (issue 43): accepted before paying, kept on the pickup it books", () => {
  /** Posts the link's card form as a browser without JavaScript would, in `lng`, with the boxes named. */
  async function post(token: string, lng: "fr" | "en", boxes: string[]) {
    const body = new URLSearchParams({
      intent: "pay",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
      postalCode: "H2X 3K2",
    });
    for (const box of boxes) body.set(box, "on");
    const result: unknown = await payRoute
      .action({
        request: new Request(`http://localhost/pay/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": `${lng}-CA` },
          body,
        }),
        params: { token },
        context: {},
      } as never)
      .catch((thrown: unknown) => thrown);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
    const answer = result as { init?: { status?: number }; data?: { reply?: { error?: Record<string, string[]> } } };
    return { status: answer.init?.status ?? 200, errors: answer.data?.reply?.error ?? {} };
  }

  function nothingCharged(booking: { id: number; userId: number }, token: string) {
    expect(phoneBookingByToken(token)).toMatchObject({ status: "held", providerPaymentId: null });
    const intents = db.select().from(schema.simulatedIntents).all();
    expect(
      intents.filter((i) => (JSON.parse(i.metadata) as { phoneBooking?: string }).phoneBooking === String(booking.id)),
    ).toEqual([]);
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, booking.userId)).all()).toEqual([]);
    expect(
      db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, booking.userId)).all(),
    ).toEqual([]);
  }

  it("refuses the form without the box, its message at the field, and charges nothing", async () => {
    const admin = await operator();
    const user = await resident();
    const { booking, token } = holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 1, slotId: slot().id });
    const refused = await post(token, "fr", []);
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ acceptTerms: ["checkout:contract.acceptRequired"] });
    nothingCharged(booking, token);
    // On an English page, the terms box alone is not enough: English is chosen after the French terms.
    const english = await post(token, "en", ["acceptTerms"]);
    expect(english.status).toBe(400);
    expect(english.errors).toEqual({ frenchTermsReceived: ["checkout:contract.frenchRequired"] });
    nothingCharged(booking, token);
  });

  it("stores the acceptance on the pickup booked from the link, with its version, time and language", async () => {
    const admin = await operator();
    const user = await resident();
    const { token } = holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 2, slotId: slot().id });
    const at = Date.now() + 60_000;
    setNow(at);
    const paid = await post(token, "fr", ["acceptTerms"]);
    expect(paid).toMatchObject({ status: 302, location: `/pay/${token}` });
    const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).get()!;
    expect(pickup).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: at,
      contractLanguage: "fr",
      frenchTermsReceivedAt: null,
    });
    expect(phoneBookingByToken(token)).toMatchObject({ status: "booked", pickupRequestId: pickup.id });
  });

  it("an English contract keeps when the French terms were received", async () => {
    const admin = await operator();
    const user = await resident();
    const { token } = holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 1, slotId: slot().id });
    const paid = await post(token, "en", ["acceptTerms", "frenchTermsReceived"]);
    expect(paid.status).toBe(302);
    const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).get()!;
    expect(pickup).toMatchObject({ termsVersion: TERMS_VERSION, contractLanguage: "en" });
    expect(pickup.frenchTermsReceivedAt).toBe(pickup.termsAcceptedAt);
  });
});

describe("a resident with a held phone booking deletes their account", () => {
  it("gives the held place back with the account's phone bookings", async () => {
    const { deleteAccount } = await import("~/services/privacy/deletion.server");
    const admin = await operator();
    const user = await resident();
    const s = slot({ capacity: 2 });
    holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags: 1, slotId: s.id });
    expect(slotRow(s.id).currentBooked).toBe(1);
    await deleteAccount(user, "sorting-day-1");
    expect(slotRow(s.id).currentBooked).toBe(0);
    expect(db.select().from(schema.phoneBookings).where(eq(schema.phoneBookings.userId, user.id)).all()).toEqual([]);
  });
});
