// Builders for service tests: residents with a complete address, slots with a given room.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { registerUser } from "~/services/accounts/accounts.server";
import { seed } from "~/services/ops/seed.server";
import { addDays, dateKey, windowEnd, windowStart } from "~/lib/dates";
import { now } from "~/lib/clock";

let n = 0;
let seeded = false;

export function ensureSeeded() {
  if (!seeded) {
    seed();
    seeded = true;
  }
}

export async function resident(options: { postalCode?: string; street?: string } = {}) {
  ensureSeeded();
  n += 1;
  const postalCode = options.postalCode ?? "H2X 3K2";
  const user = await registerUser({
    email: `resident-${n}-${Date.now()}@bell.net`,
    password: "sorting-day-1",
    postalFsa: postalCode.slice(0, 3),
    locale: "en",
  });
  return db
    .update(schema.users)
    .set({
      firstName: "Marie",
      lastName: "Tremblay",
      streetAddress: options.street ?? `${100 + n} Rue Saint-Denis`,
      city: "Montréal",
      province: "QC",
      postalCode,
      postalFsa: postalCode.slice(0, 3),
      hasCompletedOnboarding: true,
    })
    .where(eq(schema.users.id, user.id))
    .returning()
    .get();
}

let dayOffset = 200;
/** A fresh slot of its own, far enough ahead, with the given room and prefixes (empty = all served). */
export function slot(
  options: { capacity?: number; daysAhead?: number; serviceAreas?: string[]; startsAt?: number } = {},
) {
  ensureSeeded();
  dayOffset += 1;
  const date = addDays(dateKey(now()), options.daysAhead ?? 3);
  // Unique (date, window) per test slot: use a far date when no explicit one is asked for.
  const uniqueDate = options.daysAhead === undefined ? addDays(dateKey(now()), 2 + (dayOffset % 25)) : date;
  const window = (dayOffset % 2 ? "morning" : "afternoon") as "morning" | "afternoon";
  const existing = db
    .select()
    .from(schema.pickupSlots)
    .where(eq(schema.pickupSlots.date, uniqueDate))
    .all()
    .find((s) => s.window === window);
  const values = {
    date: uniqueDate,
    window,
    startsAt: options.startsAt ?? windowStart(uniqueDate, window),
    endsAt: windowEnd(uniqueDate, window),
    maxCapacity: options.capacity ?? 10,
    currentBooked: 0,
    serviceAreas: JSON.stringify(options.serviceAreas ?? []),
    closed: false,
  };
  if (existing) {
    return db.update(schema.pickupSlots).set(values).where(eq(schema.pickupSlots.id, existing.id)).returning().get();
  }
  return db
    .insert(schema.pickupSlots)
    .values({ ...values, createdAt: now() })
    .returning()
    .get();
}

export const CARD = {
  cardNumber: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: 2034,
  cvc: "123",
  postalCode: "H2X 3K2",
};

type RouteHandler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
/** A route's loader or action called with `request`: its answer, or the Response it threw. */
export function routeAnswer(handler: unknown, request: Request): Promise<Response> {
  return (handler as RouteHandler)({ request, params: {}, context: {} }).then(
    (response) => response as Response,
    (thrown: unknown) => thrown as Response,
  );
}
