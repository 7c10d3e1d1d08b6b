// Issue 34 on a real SQLite file: Download my data holds exactly the resident's own rows and no secret;
// Delete my account refuses while the truck is coming, cancels later pickups and refunds them in full,
// without the $2.30 fee (places freed, no e-mail of their own), leaves the rows kept for tax records
// de-identified: no personal field (checked
// column by column against the schema: every column of every kept table, and every table that refers to
// users), keeps the admin totals, and lets the address sign up again.
import { and, eq, getTableColumns } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { AccountError, registerUser, verifyLogin } from "~/services/accounts/accounts.server";
import { newLinkToken } from "~/services/accounts/passwords.server";
import { promoStats } from "~/services/admin/promo-codes.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import { markAllNotificationsRead } from "~/services/pickups/notifications.server";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { deliverDueEmails } from "~/services/platform/outbox.server";
import { erasedValue, KEPT_TABLES, ownedTables, tombstoneEmail } from "~/services/privacy/deidentify.server";
import { deleteAccount, PrivacyError } from "~/services/privacy/deletion.server";
import { exportAccountData } from "~/services/privacy/export.server";
import type { User } from "../../db/schema";
import { CARD, resident, slot } from "./fixtures";

const HOUR = 3_600_000;
const PASSWORD = "sorting-day-1";

afterEach(() => setNow(null));

let sessionCounter = 0;
function addSession(user: User, userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") {
  sessionCounter += 1;
  const id = `session-${user.id}-${sessionCounter}-${"s".repeat(20)}`;
  db.insert(schema.sessions)
    .values({
      id,
      userId: user.id,
      data: JSON.stringify({ userId: user.id }),
      expiresAt: Date.now() + 86_400_000,
      userAgent,
      createdAt: Date.now(),
    })
    .run();
  return id;
}

function addResetToken(user: User) {
  const { tokenHash } = newLinkToken();
  db.insert(schema.passwordResetTokens)
    .values({ userId: user.id, tokenHash, expiresAt: Date.now() + HOUR })
    .run();
  return tokenHash;
}

/**
 * A resident with a paid pickup (on `options.slotId`, with `options.promoCode` when given: a first-time
 * customer's), a waitlist entry, a read notification, a session and a reset token.
 */
async function busyResident(options: { slotId?: number; promoCode?: string } = {}) {
  const user = await resident();
  if (options.promoCode) applyPromo(user, options.promoCode, 1);
  const bags = options.promoCode ? 1 : 2;
  const pickup = await payWithSimulatedCard(user, { bags, slotId: options.slotId ?? slot().id }, CARD);
  await joinWaitlist({
    name: "Marie Tremblay",
    email: user.email,
    fsa: "J8Y",
    reason: "Outside Service Area",
    locale: "en",
  });
  markAllNotificationsRead(user.id);
  const sessionId = addSession(user);
  const tokenHash = addResetToken(user);
  const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId!)).get()!;
  return { user, pickup, payment, sessionId, tokenHash };
}

describe("Download my data", () => {
  it("holds exactly the resident's own rows, and no password hash, session id, token, payment id or card", async () => {
    const me = await busyResident();
    const other = await busyResident();
    db.update(schema.users)
      .set({ phone: "+15145550123", pickupNotes: "Behind the side gate" })
      .where(eq(schema.users.id, me.user.id))
      .run();
    const data = exportAccountData(me.user.id, me.sessionId);
    expect(data).toMatchObject({ format: "recircle-personal-data", version: 1 });
    expect(data.account.email).toBe(me.user.email);
    expect(data.profile).toMatchObject({
      firstName: "Marie",
      streetAddress: me.user.streetAddress,
      postalCode: "H2X 3K2",
      phone: "+15145550123",
      pickupNotes: "Behind the side gate",
    });
    expect(data.pickups.map((p) => p.confirmationNumber)).toEqual([me.pickup.confirmationNumber]);
    expect(data.pickups[0]).toMatchObject({
      status: "Scheduled",
      bags: 2,
      price: { totalCents: me.pickup.totalCents, gstCents: me.pickup.gstCents, qstCents: me.pickup.qstCents },
      payment: { status: "succeeded", amountCents: me.pickup.totalCents, refundedCents: 0 },
    });
    expect(data.waitlist).toEqual([expect.objectContaining({ email: me.user.email, postalPrefix: "J8Y" })]);
    expect(data.notifications.read.length).toBeGreaterThan(0);
    expect(data.sessions).toEqual([
      expect.objectContaining({ browser: "Firefox 128", system: "Linux", current: true }),
    ]);
    expect(data.emails.map((e) => e.kind)).toContain("booking-confirmed");
    // Issue 43's sections, each present (no text, no calendar link on this account).
    expect(data.texts).toEqual([]);
    expect(data.messageChoices).toMatchObject({ remindersEnabled: true, reminderChannels: "email" });
    expect(data.calendarLink).toEqual({ exists: false });
    expect(data.termsAccepted).toEqual(expect.any(Array));

    const text = JSON.stringify(data);
    for (const secret of [
      me.user.passwordHash,
      me.sessionId,
      me.tokenHash,
      me.payment.providerPaymentId,
      `"${me.payment.cardLast4}"`,
      "cardLast4",
      "cardBrand",
      other.user.email,
      other.user.streetAddress,
      other.pickup.confirmationNumber,
      other.sessionId,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

/** Every table in the database that refers to users, by its foreign keys. */
function tablesReferringToUsers() {
  const tables = sqlite()
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'",
    )
    .all() as { name: string }[];
  return tables.flatMap(({ name }) =>
    (
      sqlite().prepare(`pragma foreign_key_list("${name}")`).all() as {
        table: string;
        from: string;
        on_delete: string;
      }[]
    )
      .filter((key) => key.table === "users")
      .map((key) => ({ table: name, column: key.from, onDelete: key.on_delete.toUpperCase() })),
  );
}

/** Columns of a table that refer to users without deleting with the account: they point at the tombstone. */
const POINT_AT_TOMBSTONE = new Set([
  // Issue 45: a deleted account's plans are stopped (their cards detached) and kept beside its pickups.
  "pickup_plans.user_id",
  "promo_codes.created_by_user_id",
  "admin_activity.admin_user_id",
  "role_invitations.invited_by",
  "privacy_incidents.recorded_by",
  // Who saved a version of an incident entry (issue 43 part 6): the register keeps every version as written.
  "privacy_incident_versions.changed_by",
  "holiday_openings.opened_by",
  // Who sent a service alert (issue 35), as the activity log keeps it.
  "service_alerts.admin_user_id",
  // The admins' access log (issue 42 part 9): who looked, and whose data (the text of the look is erased).
  "admin_access_log.admin_user_id",
  "admin_access_log.subject_user_id",
  // Who marked, undid or corrected a stop (issue 42 parts 1-2): a driver's or admin's number, kept as the
  // activity log keeps it.
  "stop_events.actor_id",
  // Who recorded what was left at a stop's door (issue 47 part 1): the driver's or admin's number, the same.
  "refused_items.recorded_by",
  // Issue 46 part 5: the operator who opened an account, booked a pickup or held a place for a resident who
  // called (a staff number, kept as the activity log keeps it).
  "users.created_by_id",
  "pickup_requests.booked_by_id",
  "phone_bookings.operator_id",
  // Issue 47 parts 2 and 5: who recorded or corrected the depot's intake.
  "intake_records.recorded_by",
  "intake_corrections.corrected_by",
]);

describe("Delete my account", () => {
  it("is refused with the wrong password, and nothing changes", async () => {
    const { user } = await busyResident();
    await expect(deleteAccount(user, "not-my-password")).rejects.toMatchObject({
      key: "delete.wrongPassword",
      status: 400,
    });
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()).toEqual(user);
    expect(db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id)).all()).toHaveLength(1);
  });

  it("is refused while a pickup starts within 12 hours or is under way", async () => {
    const user = await resident();
    const s = slot();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD);
    for (const at of [s.startsAt - 12 * HOUR, s.startsAt - HOUR, s.startsAt + HOUR]) {
      setNow(at);
      const refused = await deleteAccount(user, PASSWORD).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PrivacyError);
      expect(refused).toMatchObject({ key: "delete.truckComing", status: 409 });
    }
    const row = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(row.status).toBe("Scheduled");
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.email).toBe(user.email);
  });

  it("cancels later pickups refunded in full, de-identifies every kept row column by column, keeps admin totals, frees the address", async () => {
    const admin = await resident();
    const [code] = createPromoCodes(1, 50, admin.id);
    // A pickup done (with a promo code), one booked ahead, and one booked further ahead.
    const doneSlot = slot({ daysAhead: 3 });
    const { user, sessionId, pickup: done } = await busyResident({ slotId: doneSlot.id, promoCode: code! });
    await payWithSimulatedCard(user, { bags: 2, slotId: slot({ daysAhead: 10 }).id }, CARD);
    db.update(schema.pickupRequests).set({ status: "Completed" }).where(eq(schema.pickupRequests.id, done.id)).run();
    const laterSlot = slot({ daysAhead: 20 });
    const later = await payWithSimulatedCard(user, { bags: 4, slotId: laterSlot.id }, CARD);
    const scheduled = db
      .select()
      .from(schema.pickupRequests)
      .where(and(eq(schema.pickupRequests.userId, user.id), eq(schema.pickupRequests.status, "Scheduled")))
      .all();
    expect(scheduled.length).toBe(2);
    const bookedBefore = (id: number) =>
      db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!.currentBooked;
    const laterBooked = bookedBefore(laterSlot.id);
    setNow(doneSlot.endsAt + HOUR);
    const statsBefore = promoStats();

    await expect(deleteAccount(user, PASSWORD)).resolves.toEqual({ cancelled: 2 });

    // Later pickups: cancelled, refunded in full (no $2.30 fee), their places freed.
    const laterRow = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, later.id)).get()!;
    expect(laterRow).toMatchObject({
      status: "Cancelled",
      refundCents: later.totalCents,
      refundStatus: "succeeded",
    });
    expect(bookedBefore(laterSlot.id)).toBe(laterBooked - 1);
    const laterPayment = db.select().from(schema.payments).where(eq(schema.payments.id, later.paymentId!)).get()!;
    expect(laterPayment).toMatchObject({ refundedCents: later.totalCents, status: "refunded" });
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, done.id)).get()!.status).toBe(
      "Completed",
    );

    // Admin totals: the promo statistics are the same.
    expect(promoStats()).toEqual(statsBefore);

    // Every table that refers to users either empties with the account or points at the tombstone.
    for (const ref of tablesReferringToUsers()) {
      const name = `${ref.table}.${ref.column}`;
      const kept = Object.values(KEPT_TABLES).some((k) => k.table !== schema.users && sqlName(k.owner) === name);
      expect(ref.onDelete === "CASCADE" || kept || POINT_AT_TOMBSTONE.has(name), `${name} is classified`).toBe(true);
      if (ref.onDelete === "CASCADE") {
        const left = sqlite()
          .prepare(`select count(*) as n from "${ref.table}" where "${ref.column}" = ?`)
          .get(user.id) as { n: number };
        expect(left.n, `${name}: the account's rows are deleted`).toBe(0);
      }
    }
    expect(ownedTables().map((t) => t.table)).toEqual(
      expect.arrayContaining(["sessions", "password_reset_tokens", "notification_reads"]),
    );
    expect(db.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId)).get()).toBeUndefined();
    expect(db.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, user.email)).all()).toEqual(
      [],
    );

    // Column by column, over the schema: a kept row keeps only the columns listed, every other is erased.
    for (const [tableName, kept] of Object.entries(KEPT_TABLES)) {
      const rows = db.select().from(kept.table).where(eq(kept.owner, user.id)).all() as Record<string, unknown>[];
      expect(rows.length, `${tableName} keeps rows`).toBeGreaterThan(0);
      for (const row of rows) {
        for (const [key, column] of Object.entries(getTableColumns(kept.table)) as [string, SQLiteColumn][]) {
          if ((kept.keep as readonly string[]).includes(key)) continue;
          if (tableName === "payments" && key === "booking") {
            expect(JSON.parse(row[key] as string).address, "payments.booking has no address").toBe("");
          } else if (tableName === "users" && key === "email") {
            expect(row[key]).toBe(tombstoneEmail(user.id));
          } else {
            expect(row[key], `${tableName}.${key} is erased`).toEqual(erasedValue(column));
          }
        }
        // And nothing personal in any kept column either.
        const cells = JSON.stringify(row);
        for (const personal of [
          user.email,
          user.firstName,
          user.lastName,
          user.streetAddress,
          "Saint-Denis",
          "H2X 3K2",
        ]) {
          expect(cells, `${tableName} row holds no "${personal}"`).not.toContain(personal);
        }
      }
    }
    const pickupRow = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, done.id)).get()!;
    expect(pickupRow).toMatchObject({
      address: "",
      postalFsa: "H2X",
      totalCents: done.totalCents,
      gstCents: done.gstCents,
    });

    // The outbox: every earlier message to the address is gone, and the cancellations write none; the
    // confirmation alone waits, and keeps no body once sent.
    const toThem = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all();
    expect(toThem.map((m) => m.kind)).toEqual(["account-deleted"]);
    await deliverDueEmails({ sendMail: async () => ({}) as never });
    for (const m of db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all()) {
      expect(m.text, m.kind).toBe("");
      expect(m.html).toBeNull();
    }

    // The activity log records it, without the address.
    const logged = db.select().from(schema.adminActivity).where(eq(schema.adminActivity.adminUserId, user.id)).all();
    expect(logged.map((a) => a.action)).toEqual(["account.delete"]);
    expect(JSON.parse(logged[0]!.detail)).toEqual({ account: user.id, cancelled: 2 });
    expect(
      db
        .select()
        .from(schema.adminActivity)
        .all()
        .some((a) => a.detail.includes(user.email)),
    ).toBe(false);

    // The old credentials fail exactly as for an unknown account; the address signs up anew.
    const old = await verifyLogin(user.email, PASSWORD).catch((error: unknown) => error);
    const unknown = await verifyLogin("nobody-here@bell.net", PASSWORD).catch((error: unknown) => error);
    expect(old).toBeInstanceOf(AccountError);
    expect(old).toMatchObject({
      key: (unknown as AccountError).key,
      status: (unknown as AccountError).status,
      message: (unknown as AccountError).message,
    });
    const again = await registerUser({ email: user.email, password: "a-new-start-7", locale: "fr" });
    expect(again.id).not.toBe(user.id);
    expect(exportAccountData(again.id).pickups).toEqual([]);
  });
});

function sqlName(column: SQLiteColumn) {
  return `${(column.table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")]}.${column.name}`;
}
