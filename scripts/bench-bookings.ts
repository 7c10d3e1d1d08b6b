// Part of `npm run bench` (scripts/bench.mjs runs it with tsx): bookings per second through the full
// booking service path (price, simulated card, one-transaction booking with the atomic capacity update),
// on a temporary database of its own. Prints one JSON line on stdout.
//
//   BENCH_BOOKINGS=200 npx tsx scripts/bench-bookings.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";

const count = Math.max(1, Number(process.env.BENCH_BOOKINGS ?? 200));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recircle-bench-bookings-"));
// Set before any app module is loaded: config.server reads the environment once.
process.env.DATABASE_PATH = path.join(dir, "bookings.db");
process.env.SESSION_SECRET ??= "bench-secret";
process.env.MAIL_LOG = "0";
process.env.NODE_ENV = "production";
// Production refuses to start with the placeholder identity (issue 43).
Object.assign(process.env, STAND_IN_IDENTITY);
delete process.env.PAYMENT_PROVIDER;
delete process.env.STRIPE_SECRET_KEY;

async function main() {
  const { eq } = await import("drizzle-orm");
  const { db, schema } = await import("../app/services/platform/db.server");
  const { seed } = await import("../app/services/ops/seed.server");
  const { registerUser } = await import("../app/services/accounts/accounts.server");
  const { offeredSlots } = await import("../app/services/booking/slots.server");
  const { payWithSimulatedCard } = await import("../app/services/checkout/simulated-card.server");
  const { TERMS_VERSION } = await import("../app/lib/contract");

  seed();
  const slot = offeredSlots("H2X")[0];
  if (!slot) throw new Error("The seed offered no slot to H2X");
  // Room for everyone in one slot, so every booking takes the same contended row.
  db.update(schema.pickupSlots)
    .set({ maxCapacity: count + 10, currentBooked: 0 })
    .where(eq(schema.pickupSlots.id, slot.id))
    .run();

  // Residents with a complete address, as tests/integration/fixtures.ts builds them (not timed).
  const residents = [];
  for (let i = 0; i < count; i++) {
    const user = await registerUser({
      email: `bench-${i}-${process.pid}@recircle-mail.ca`,
      password: "recycle-42",
      postalFsa: "H2X",
      locale: "en",
    });
    residents.push(
      db
        .update(schema.users)
        .set({
          firstName: "Marie",
          lastName: "Tremblay",
          streetAddress: `${100 + i} Rue Saint-Denis`,
          city: "Montréal",
          province: "QC",
          postalCode: "H2X 3K2",
          postalFsa: "H2X",
          hasCompletedOnboarding: true,
        })
        .where(eq(schema.users.id, user.id))
        .returning()
        .get(),
    );
  }

  // Each resident accepts the terms as the checkout asks (issue 43): stored on the checkout and the pickup.
  const contract = {
    termsVersion: TERMS_VERSION,
    termsAcceptedAt: Date.now(),
    contractLanguage: "fr" as const,
    frenchTermsReceivedAt: null,
  };
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };
  const started = process.hrtime.bigint();
  let booked = 0;
  for (const user of residents) {
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot.id, contract }, card);
    if (pickup?.confirmationNumber) booked += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const row = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, slot.id)).get()!;

  console.log(
    JSON.stringify({
      bookings: booked,
      seconds,
      perSecond: booked / seconds,
      msPerBooking: (seconds * 1000) / booked,
      currentBooked: row.currentBooked,
    }),
  );
}

main()
  .then(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  });
