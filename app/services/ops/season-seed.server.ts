// `npm run seed -- --season [--seed N] [--scale K] [--at ISO]` (issue 46 part 1): a plausible season to look
// at: about twenty served prefixes and ten waiting ones (their waitlists growing week by week), the slots of
// twelve past and four coming weeks, and pickups with the rows a real booking writes: the payment (paid,
// then partly or wholly refunded), the pickup with its price and taxes (its receipt), moves, cancellations
// (refunded less the $2.30 fee), Completed and Missed (some by our fault, refunded in full), and promo
// redemptions (one single-use code each). Deterministic for a seed and an `at`; refused in production.
// Written with prepared statements in one transaction per step (50,000 pickups in seconds at --scale 10).
import { priceBreakdown, refundOnCancel, type BagCount } from "~/lib/pricing";
import { seededRandom } from "~/lib/season";
import { now } from "~/lib/clock";
import { sqlite } from "~/services/platform/db.server";
import { PREFIX_CENTROIDS } from "../../../db/seed/prefix-centroids";
import { MONTREAL_PREFIXES } from "../../../db/seed/prefixes";
import { seed as baseSeed } from "./seed.server";
import { seedSeasonIntakes } from "./season-intake.server";
import {
  bookedPlaces,
  randomInt,
  SEASON_CAPACITY,
  SEASON_SERVED,
  SEASON_WAITING,
  seasonConfirmation,
  seasonDates,
  weightedPick,
} from "./season-plan.server";

export class SeasonRefusedError extends Error {}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STREETS = [
  "Rue Saint-Denis",
  "Avenue du Mont-Royal",
  "Rue Beaubien",
  "Boulevard Rosemont",
  "Rue Ontario",
  "Avenue Papineau",
];

type Options = { seed?: number; scale?: number; at?: number; nodeEnv?: string };

/** Served and waiting prefixes: the season's twenty served, every other Montreal prefix switched off. */
function setPrefixes(at: number) {
  const served = new Set<string>(SEASON_SERVED);
  const upsert = sqlite().prepare(
    "insert into service_prefixes (fsa, active, created_at) values (?, ?, ?) on conflict(fsa) do update set active = excluded.active",
  );
  for (const fsa of MONTREAL_PREFIXES) upsert.run(fsa, served.has(fsa) ? 1 : 0, at);
}

function residents(seed: number, scale: number, at: number, random: () => number) {
  const insert = sqlite().prepare(
    `insert into users (email, password_hash, role, first_name, last_name, street_address, city, province, postal_code,
       postal_fsa, has_completed_onboarding, latitude, longitude, position_approximate, locale, created_at, email_confirmed_at)
     values (?, '!season', 'resident', ?, ?, ?, 'Montréal', 'QC', ?, ?, 1, ?, ?, 1, ?, ?, ?) returning id`,
  );
  const byFsa = new Map<string, Array<{ id: number; address: string; email: string }>>();
  let n = 0;
  for (const fsa of SEASON_SERVED) {
    const count = Math.round((30 + random() * 60) * scale);
    const list: Array<{ id: number; address: string; email: string }> = [];
    for (let i = 0; i < count; i++, n++) {
      const street = `${randomInt(random, 100, 9999)} ${STREETS[n % STREETS.length]}`;
      const postal = `${fsa} ${randomInt(random, 1, 9)}A${randomInt(random, 1, 9)}`;
      const [lat, lon] = PREFIX_CENTROIDS[fsa];
      const created = at - randomInt(random, 100, 400) * DAY;
      const email = `season-${seed}-${n}@example.test`;
      const row = insert.get(
        email,
        "Resident",
        `Season ${n}`,
        street,
        postal,
        fsa,
        lat,
        lon,
        random() < 0.6 ? "fr" : "en",
        created,
        created,
      ) as { id: number };
      list.push({ id: row.id, email, address: `${street}, Montréal, QC ${postal}` });
    }
    byFsa.set(fsa, list);
  }
  return byFsa;
}

function slots(seasonSlots: ReturnType<typeof seasonDates>["slots"], capacity: number, at: number) {
  const upsert = sqlite().prepare(
    `insert into pickup_slots (date, window, starts_at, ends_at, max_capacity, service_areas, created_at)
     values (?, ?, ?, ?, ?, '[]', ?)
     on conflict(date, window) do update set max_capacity = excluded.max_capacity
     returning id, closed`,
  );
  return seasonSlots.map((s) => {
    const row = upsert.get(s.date, s.window, s.startsAt, s.endsAt, capacity, at) as { id: number; closed: number };
    return { ...s, id: row.id, closed: Boolean(row.closed) };
  });
}

/** Each waiting prefix's entries, joined over the twelve past weeks, more of them lately. */
function waitlists(seed: number, scale: number, from: number, at: number, random: () => number) {
  const insert = sqlite().prepare(
    `insert into waitlist_entries (name, email, fsa, reason, locale, created_at, updated_at)
     values (?, ?, ?, 'Outside Service Area', ?, ?, ?) on conflict(email, fsa) do nothing`,
  );
  let total = 0;
  SEASON_WAITING.forEach((fsa, index) => {
    const count = Math.round((15 + (SEASON_WAITING.length - index) * 6 + random() * 20) * scale);
    for (let i = 0; i < count; i++) {
      const joined = Math.floor(from + (at - HOUR - from) * Math.sqrt(random()));
      insert.run(
        `Neighbour ${i}`,
        `wait-${seed}-${fsa}-${i}@example.test`,
        fsa,
        random() < 0.6 ? "fr" : "en",
        joined,
        joined,
      );
      total += 1;
    }
  });
  return total;
}

const BAGS: readonly BagCount[] = [1, 2, 4];
const PREFIX_WEIGHTS = SEASON_SERVED.map((_, i) => 0.5 + ((i * 7) % 10) / 10);

/** Creates the season; returns what it wrote (or that this seed's season is there already). */
export function seedSeason(options: Options = {}) {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === "production")
    throw new SeasonRefusedError("The season seed is for local and test databases only.");
  const seed = Math.trunc(options.seed ?? 1);
  const scale = Math.max(1, Math.trunc(options.scale ?? 1));
  const at = options.at ?? now();
  baseSeed(at);
  const connection = sqlite();
  const marker = connection.prepare("select 1 from users where email = ?").get(`season-${seed}-0@example.test`);
  if (marker) return { skipped: true, pickups: 0, intakes: 0, waitlist: 0, residents: 0 };
  const random = seededRandom(seed);
  const plan = seasonDates(at);
  const from = Date.parse(`${plan.first}T12:00:00Z`);
  return connection.transaction(() => {
    setPrefixes(at);
    const people = residents(seed, scale, at, random);
    const allSlots = slots(plan.slots, SEASON_CAPACITY * scale, at);
    const waiting = waitlists(seed, scale, from, at, random);
    const pickups = writePickups({ seed, scale, at, random, people, allSlots, firstMonday: plan.first });
    connection
      .prepare(
        `update pickup_slots set current_booked = (select count(*) from pickup_requests r
           where r.pickup_slot_id = pickup_slots.id and r.status <> 'Cancelled') where date >= ? and date < ?`,
      )
      .run(plan.first, plan.end);
    // Issue 47: the depot's partners and intakes, so /impact, /admin/intake and /admin/diversion have figures.
    const intakes = seedSeasonIntakes(seed, plan.first, at);
    return {
      skipped: false,
      pickups,
      intakes,
      waitlist: waiting,
      residents: [...people.values()].reduce((s, l) => s + l.length, 0),
    };
  })();
}

type PickupInput = {
  seed: number;
  scale: number;
  at: number;
  random: () => number;
  people: Map<string, Array<{ id: number; address: string; email: string }>>;
  allSlots: Array<ReturnType<typeof slots>[number]>;
  firstMonday: string;
};

function writePickups({ seed, scale, at, random, people, allSlots, firstMonday }: PickupInput): number {
  const c = sqlite();
  const payment = c.prepare(
    `insert into payments (provider, provider_payment_id, user_id, amount_cents, currency, status, booking, card_brand,
       card_last4, refunded_cents, created_at, updated_at) values ('simulated', ?, ?, ?, 'cad', ?, ?, 'visa', '4242', ?, ?, ?) returning id`,
  );
  const pickup = c.prepare(
    `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, payment_id, bags_requested, list_price_cents,
       multi_bag_discount_cents, service_fee_cents, promo_discount_cents, subtotal_cents, gst_cents, qst_cents, total_cents,
       address, postal_fsa, latitude, longitude, position_approximate, status, refund_cents, refund_status, cancelled_at,
       modified_at, calendar_sequence, missed_reason, stop_final_at, remedy, remedy_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const code = c.prepare(
    `insert into promo_codes (code, percent, active, expires_at, created_at) values (?, 50, 0, ?, ?) returning id`,
  );
  const redemption = c.prepare(
    `insert into promo_redemptions (promo_code_id, user_id, email, normalized_address, discount_cents, pickup_request_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  const firstMs = Date.parse(`${firstMonday}T00:00:00Z`);
  for (const slot of allSlots) {
    if (slot.closed) continue;
    const capacity = SEASON_CAPACITY * scale;
    const weekIndex = Math.floor((slot.startsAt - firstMs) / (7 * DAY));
    const active = bookedPlaces(slot, capacity, weekIndex, at, random);
    const cancelled = Math.round(active * (0.06 + random() * 0.06));
    for (let k = 0; k < active + cancelled; k++) {
      const isCancelled = k >= active;
      const latest = Math.min(slot.startsAt - DAY, at - HOUR);
      const created = latest - randomInt(random, 0, 20 * 24) * HOUR;
      if (created < firstMs - 21 * DAY) continue;
      const fsa = weightedPick(SEASON_SERVED, PREFIX_WEIGHTS, random);
      const resident = people.get(fsa)![randomInt(random, 0, people.get(fsa)!.length - 1)];
      const bags = BAGS[random() < 0.55 ? 0 : random() < 0.67 ? 1 : 2];
      const promo = random() < 0.06;
      const price = priceBreakdown({ bags, promoPercent: promo ? 50 : 0 });
      const past = slot.endsAt <= at;
      let status = isCancelled ? "Cancelled" : past ? "Completed" : "Scheduled";
      let missedReason: string | null = null;
      let refundCents: number | null = null;
      let cancelledAt: number | null = null;
      let remedy: string | null = null;
      let remedyAt: number | null = null;
      let stopFinalAt: number | null = null;
      if (isCancelled) {
        cancelledAt = created + Math.floor((latest - created) * random());
        refundCents = refundOnCancel(price.totalCents);
      } else if (past) {
        stopFinalAt = slot.endsAt + HOUR;
        if (random() < 0.05) {
          status = "Missed";
          const ours = random() < 0.3;
          missedReason = ours ? "our-fault-truck" : random() < 0.7 ? "bags-not-out" : "no-access";
          if (ours && slot.endsAt + 2 * DAY < at) {
            remedy = "refund";
            remedyAt = slot.endsAt + randomInt(random, 2, 47) * HOUR;
            refundCents = price.totalCents;
          }
        }
      }
      const moved = !isCancelled && random() < 0.1;
      const modifiedAt = moved ? created + Math.floor((latest - created) * random()) : null;
      n += 1;
      const ref = `season-${seed}-${n}`;
      const refunded = refundCents ?? 0;
      const paymentStatus =
        refunded <= 0 ? "succeeded" : refunded >= price.totalCents ? "refunded" : "partially_refunded";
      const booking = JSON.stringify({
        ref,
        bags,
        slotId: slot.id,
        fsa,
        promoCode: promo ? `SEASON${seed}X${n}` : null,
        breakdown: price,
      });
      const paid = payment.get(
        `pi_${ref}`,
        resident.id,
        price.totalCents,
        paymentStatus,
        booking,
        refunded,
        created,
        cancelledAt ?? remedyAt ?? created,
      ) as { id: number };
      const [lat, lon] = PREFIX_CENTROIDS[fsa];
      const row = pickup.get(
        seasonConfirmation(random, n), resident.id, slot.id, paid.id, bags, price.listPriceCents, price.promoDiscountCents,
        price.subtotalCents, price.gstCents, price.qstCents, price.totalCents, resident.address, fsa, lat, lon, status,
        refundCents, refundCents && refundCents > 0 ? "succeeded" : null, cancelledAt, modifiedAt,
        (moved ? 1 : 0) + (isCancelled ? 1 : 0), missedReason, stopFinalAt, remedy, remedyAt, created,
        cancelledAt ?? remedyAt ?? modifiedAt ?? stopFinalAt ?? created,
      ) as { id: number }; // prettier-ignore
      if (promo) {
        const promoId = (code.get(`SEASON${seed}X${n}`, created + 30 * DAY, created - DAY) as { id: number }).id;
        redemption.run(
          promoId,
          resident.id,
          resident.email,
          resident.address.toLowerCase(),
          price.promoDiscountCents,
          row.id,
          created,
        );
      }
    }
  }
  return n;
}
