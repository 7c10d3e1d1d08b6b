// Kill test: the built production server is SIGKILLed in the middle of a burst of bookings through the
// JSON API (create-payment-intent → simulated confirm → pickup-requests) for a slot with fewer places
// than bookings, then restarted on the same database. After the restart's reconciliation every payment
// the provider took has exactly one pickup or a full refund, no slot is over capacity, each slot's count
// matches its pickups, and no pickup exists without a successful payment.
// It starts its own server (its own port and database), so it runs in the "js" project only.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import {
  ApiClient,
  freePort,
  pool,
  registerResident,
  serverDir,
  startServer,
  waitForLog,
  type OwnServer,
} from "./own-server";

const RESIDENTS = 36;
/** Residents whose browser died after paying, before asking for the booking (settled only by reconciliation). */
const ABANDONED = 6;
const CAPACITY = 14;
const CARD = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "starts its own server: runs once, in the js project",
);
test.describe.configure({ mode: "serial" });

let server: OwnServer | null = null;
let dir = "";

test.afterAll(async () => {
  await server?.kill();
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("a server killed mid-burst loses and doubles no booking once it has restarted", async () => {
  test.setTimeout(150_000);
  dir = serverDir("kill");
  const dbFile = path.join(dir, "app.db");
  const port = await freePort(process.env.KILL_TEST_PORT);
  server = await startServer({ port, dbFile });
  const first = server;

  // Residents with a complete address, signed in.
  const residents = Array.from(
    { length: RESIDENTS },
    (_, i) => new ApiClient(first.baseURL, `kill-${Date.now().toString(36)}-${i}@recircle-mail.ca`),
  );
  await pool(residents, 6, (resident, i) => registerResident(resident, `${1000 + i} Rue Saint-Denis`));

  // One slot, with fewer places than the burst.
  const slots = await residents[0]!.call("GET", "/api/pickup-slots");
  expect(slots.status).toBe(200);
  const slot = (slots.json as unknown as Array<{ id: number; currentBooked: number }>).find(
    (s) => s.currentBooked === 0,
  );
  expect(slot, "an empty bookable slot").toBeTruthy();
  const setup = new Database(dbFile);
  setup.pragma("busy_timeout = 5000");
  setup.prepare("update pickup_slots set max_capacity = ? where id = ?").run(CAPACITY, slot!.id);
  setup.close();

  const outcomes: Record<string, number> = {};
  const count = (what: string) => (outcomes[what] = (outcomes[what] ?? 0) + 1);
  let finished = 0;

  /** One resident's booking, as the checkout page's script makes it. */
  async function book(resident: ApiClient, abandon: boolean) {
    try {
      const intent = await resident.call("POST", "/api/create-payment-intent", {
        acceptTerms: true,
        bagCount: 1,
        slotId: slot!.id,
      });
      if (intent.status !== 200) return count(`intent ${intent.status}`);
      const paymentIntentId = intent.json.paymentIntentId as string;
      const confirmed = await resident.call("POST", "/api/payments/simulated/confirm", { paymentIntentId, ...CARD });
      if (confirmed.status !== 200) return count(`confirm ${confirmed.status}`);
      if (abandon) return count("paid, browser gone");
      const pickup = await resident.call("POST", "/api/pickup-requests", {
        acceptTerms: true,
        bagsRequested: 1,
        pickupSlotId: slot!.id,
        totalPrice: 11.5,
        paymentIntentId,
      });
      count(`pickup ${pickup.status}`);
    } catch {
      count("cut off by the kill");
    } finally {
      finished += 1;
    }
  }

  // Browsers that paid and died before asking for their booking.
  await pool(residents.slice(0, ABANDONED), 3, async (resident) => void (await book(resident, true)));
  // The burst: everyone else at once, killed when about a fifth of them are done.
  const burst = residents.slice(ABANDONED);
  const killAfter = ABANDONED + Math.ceil(burst.length / 5);
  const inFlight = Promise.all(burst.map((resident) => book(resident, false)));
  const killDeadline = Date.now() + 30_000;
  while (finished < killAfter && finished < RESIDENTS && Date.now() < killDeadline) {
    await new Promise((r) => setTimeout(r, 5));
  }
  await first.kill();
  expect(first.child.signalCode).toBe("SIGKILL");
  await inFlight;
  console.log(`[kill test] outcomes before the restart: ${JSON.stringify(outcomes)}`);

  // What the dead server left for reconciliation: paid at the provider, neither booked nor refunded.
  const before = new Database(dbFile, { readonly: true });
  const unsettled = before
    .prepare(
      `select count(*) as n from simulated_intents i join payments p on p.provider_payment_id = i.id
        where i.status = 'succeeded' and p.status not in ('refunded')
          and not exists (select 1 from pickup_requests r where r.payment_id = p.id)`,
    )
    .get() as { n: number };
  before.close();
  expect(unsettled.n, "the kill left paid payments to settle").toBeGreaterThan(0);

  // Restart on the same database; start-up reconciliation settles what was left.
  server = await startServer({ port, dbFile });
  await waitForLog(server, /\[reconcile\] start-up done/, 30_000);
  const reconciled = server.log.join("").match(/\[reconcile\] start-up done: (.*)/)?.[1];
  console.log(
    `[kill test] ${unsettled.n} payment(s) left unsettled by the kill; start-up reconciliation: ${reconciled}`,
  );

  const db = new Database(dbFile, { readonly: true });
  try {
    type Row = {
      paymentId: number;
      status: string;
      amount: number;
      refunded: number;
      intentRefunded: number;
      pickups: number;
      live: number;
      failureCode: string | null;
    };
    const paid = db
      .prepare(
        `select p.id as paymentId, p.status, p.amount_cents as amount, p.refunded_cents as refunded, p.failure_code as failureCode,
                i.refunded_cents as intentRefunded,
                (select count(*) from pickup_requests r where r.payment_id = p.id) as pickups,
                (select count(*) from pickup_requests r where r.payment_id = p.id and r.status <> 'Cancelled') as live
           from simulated_intents i join payments p on p.provider_payment_id = i.id
          where i.status = 'succeeded'`,
      )
      .all() as Row[];
    expect(paid.length).toBeGreaterThan(CAPACITY);
    for (const row of paid) {
      if (row.pickups > 0) {
        // Booked: exactly one pickup, the money kept, nothing refunded.
        expect(row, `payment #${row.paymentId}`).toMatchObject({
          pickups: 1,
          live: 1,
          status: "succeeded",
          refunded: 0,
          intentRefunded: 0,
        });
      } else {
        // Not booked: refunded in full, at the provider too.
        expect(row, `payment #${row.paymentId}`).toMatchObject({
          status: "refunded",
          refunded: row.amount,
          intentRefunded: row.amount,
        });
      }
      expect(row.failureCode ?? "", `payment #${row.paymentId}`).not.toMatch(/^refunding:|^refund_pending$/);
    }
    // No place lost either: a paid resident is refunded only when the slot is full.
    const booked = paid.filter((row) => row.pickups > 0).length;
    expect(booked).toBe(Math.min(CAPACITY, paid.length));

    // Slots: never over capacity, and each count is its non-cancelled pickups.
    const slotsState = db
      .prepare(
        `select s.id, s.max_capacity as capacity, s.current_booked as booked,
                (select count(*) from pickup_requests r where r.pickup_slot_id = s.id and r.status <> 'Cancelled') as pickups
           from pickup_slots s`,
      )
      .all() as Array<{ id: number; capacity: number; booked: number; pickups: number }>;
    for (const s of slotsState) {
      expect(s.booked, `slot #${s.id}`).toBeLessThanOrEqual(s.capacity);
      expect(s.booked, `slot #${s.id}`).toBe(s.pickups);
    }
    expect(slotsState.find((s) => s.id === slot!.id)!.booked).toBe(booked);

    // No pickup without a successful payment the provider took.
    const orphans = db
      .prepare(
        `select r.id from pickup_requests r left join payments p on p.id = r.payment_id
           left join simulated_intents i on i.id = p.provider_payment_id
          where p.id is null or p.status <> 'succeeded' or i.status is not 'succeeded'`,
      )
      .all();
    expect(orphans).toEqual([]);

    // The residents still see their own pickups through the API after the restart (sessions survived).
    for (const resident of residents.slice(0, 8)) {
      const mine = db
        .prepare(
          `select r.confirmation_number as c from pickup_requests r join users u on u.id = r.user_id where u.email = ?`,
        )
        .all(resident.email.toLowerCase()) as Array<{ c: string }>;
      const listed = await resident.call("GET", "/api/pickup-requests");
      expect(listed.status).toBe(200);
      const numbers = (listed.json as unknown as Array<{ confirmationNumber: string }>).map(
        (o) => o.confirmationNumber,
      );
      expect(numbers.sort()).toEqual(mine.map((m) => m.c).sort());
    }
  } finally {
    db.close();
  }
});
