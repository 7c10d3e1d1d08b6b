// The resident's pickups in their calendar (issue 35 part 3): one pickup's event ("Add to calendar",
// owner only) and the private feed of every upcoming scheduled pickup at /calendar/{token}.ics, read
// without signing in. The feed's token is random; making a new one revokes the old one.
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { pickupEvent } from "~/services/booking/pickup-calendar.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { calendarT } from "~/services/platform/mailer.server";
import { calendarFile } from "~/lib/calendar";
import { now } from "~/lib/clock";
import { isLanguage } from "~/lib/i18n";
import { ordersWhere } from "./pickups.server";

/** 32 random bytes, URL-safe: the feed's link is its only key. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function row(r: { pickup: typeof schema.pickupRequests.$inferSelect; slot: typeof schema.pickupSlots.$inferSelect }) {
  return { ...r.pickup, date: r.slot.date, window: r.slot.window };
}

/** The resident's own pickup as an .ics file (cancelled: its cancellation); null for anyone else's or none. */
export function orderCalendar(user: { id: number; locale: string }, confirmationNumber: string, at = now()) {
  const found = ordersWhere(user.id, eq(schema.pickupRequests.confirmationNumber, confirmationNumber)).get();
  if (!found) return null;
  const lng = isLanguage(user.locale) ? user.locale : "en";
  const pickup = row(found);
  return calendarFile([pickupEvent(pickup, lng)], { at, calName: calendarT(lng)("event.feedName") });
}

/** The feed of the resident holding `token`: their scheduled pickups still to come; null for an unknown token. */
export function calendarFeed(token: string, at = now()) {
  if (!TOKEN.test(token)) return null;
  const user = db
    .select({ id: schema.users.id, locale: schema.users.locale })
    .from(schema.users)
    .where(eq(schema.users.calendarToken, token))
    .get();
  if (!user) return null;
  const lng = isLanguage(user.locale) ? user.locale : "en";
  const upcoming = ordersWhere(
    user.id,
    and(eq(schema.pickupRequests.status, "Scheduled"), gt(schema.pickupSlots.endsAt, at)),
  )
    .all()
    .reverse();
  return calendarFile(
    upcoming.map((r) => pickupEvent(row(r), lng)),
    { at, calName: calendarT(lng)("event.feedName") },
  );
}

/** The resident's feed link (on APP_URL, else the origin they use), or null before they made one. */
export function calendarFeedUrl(user: { calendarToken: string | null }, origin: string) {
  const base = (env.APP_URL ?? origin).replace(/\/$/, "");
  return user.calendarToken ? `${base}/calendar/${user.calendarToken}.ics` : null;
}

/** A new feed token for the resident: the old link stops working at once. */
export function renewCalendarFeed(userId: number) {
  const token = crypto.randomBytes(32).toString("base64url");
  db.update(schema.users).set({ calendarToken: token }).where(eq(schema.users.id, userId)).run();
  return token;
}
