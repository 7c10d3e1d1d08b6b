// Admin services against a real SQLite file: promo statistics checked against the database (codes,
// redemptions, savings in cents), the admin API's access rules, slot supply (capacity never below what is
// booked, closing a date, template edits applied ahead), served areas and the waitlist, the day sheet,
// CSV escaping, and the activity log.
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { addDays, dateKey, weekdayOf, windowEnd, windowStart, type PickupWindow } from "~/lib/dates";
import { action as createCodesApi } from "~/routes/api.admin.promo-codes";
import { loader as redemptionsApi } from "~/routes/api.admin.promo-redemptions";
import { loader as statsApi } from "~/routes/api.admin.promo-stats";
import { createAdmin } from "~/services/accounts/accounts.server";
import { ACTIVITY_ACTIONS, recentActivity } from "~/services/admin/activity.server";
import en from "~/locales/en/admin.json";
import fr from "~/locales/fr/admin.json";
import { csvCell, toCsv } from "~/services/http/csv.server";
import { daySheet, markPickup } from "~/services/admin/day.server";
import { AdminError } from "~/services/admin/admin-error.server";
import {
  createCodesAsAdmin,
  deactivateCode,
  listCodes,
  promoStats,
  readCodeFilter,
  recentRedemptions,
} from "~/services/admin/promo-codes.server";
import { deactivatePrefix, openPrefix } from "~/services/admin/areas.server";
import { closeDate, closeDatePreview, reopenDate, setSlotCapacity } from "~/services/admin/supply.server";
import { applyTemplate, parseTemplateForm, saveTemplate, weeklyTemplate } from "~/services/admin/template.server";
import { notifyWaitlist, waitlistSummary } from "~/services/admin/waitlist-summary.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { isServedPrefix } from "~/services/areas/service-areas.server";
import { createUserSession } from "~/services/http/current-user.server";
import { offeredSlots } from "~/services/booking/slots.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import type { User } from "../../db/schema";
import { CARD, ensureSeeded, resident } from "./fixtures";

let admin: User;

beforeAll(async () => {
  ensureSeeded();
  admin = await createAdmin("ops@recircle-admin.ca", "ops-admin-pass-12");
});
afterEach(() => setNow(null));

/** The AdminError a call throws (its key and values), or null when it goes through. */
function refusal(fn: () => unknown): { key: string; values: Record<string, unknown> } | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AdminError) return { key: error.key, values: error.values };
    throw error;
  }
}
async function asyncRefusal(fn: () => Promise<unknown>) {
  try {
    await fn();
    return null;
  } catch (error) {
    if (error instanceof AdminError) return { key: error.key, values: error.values };
    throw error;
  }
}

/** The slot of (today + days, window), created or reset to an open slot with this capacity. */
function slotOn(days: number, window: PickupWindow, capacity = 10) {
  const date = addDays(dateKey(Date.now()), days);
  const existing = db
    .select()
    .from(schema.pickupSlots)
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.window, window)))
    .get();
  const values = {
    date,
    window,
    startsAt: windowStart(date, window),
    endsAt: windowEnd(date, window),
    maxCapacity: capacity,
    serviceAreas: "[]",
    closed: false,
  };
  if (existing)
    return db.update(schema.pickupSlots).set(values).where(eq(schema.pickupSlots.id, existing.id)).returning().get();
  return db
    .insert(schema.pickupSlots)
    .values({ ...values, createdAt: Date.now() })
    .returning()
    .get();
}

async function bookOn(slotId: number, options: { locale?: "en" | "fr" } = {}) {
  const user = await resident();
  if (options.locale) db.update(schema.users).set({ locale: options.locale }).where(eq(schema.users.id, user.id)).run();
  const pickup = await payWithSimulatedCard(
    { ...user, locale: options.locale ?? user.locale },
    { bags: 1, slotId },
    CARD,
  );
  return { user, pickup };
}

const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
const emailsTo = (to: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();
const lastActivity = () => recentActivity(1)[0]!;

async function cookieFor(user: User) {
  return (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;
async function call(handler: Handler, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  // The texts asserted here are English: say so (a request with no language preference gets French).
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", "en-CA");
  const request = new Request(`http://localhost${path}`, { ...init, headers });
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("activity log texts", () => {
  it("every admin action has its activity text in English and French", () => {
    for (const action of ACTIVITY_ACTIONS) {
      const [group, name] = action.split(".") as [string, string];
      for (const texts of [en, fr] as unknown as { activity: { actions: Record<string, Record<string, string>> } }[]) {
        const group_ = texts.activity.actions[group] ?? {};
        expect(group_[name] ?? group_[`${name}_other`], action).toBeTruthy();
      }
    }
  });
});

describe("promo statistics", () => {
  it("match the database: codes, active, used, redemptions (pending and booked) and savings in cents", async () => {
    const before = promoStats();
    const { codes, createdAt } = createCodesAsAdmin(admin, { count: "4", percent: "50" });
    expect(codes).toHaveLength(4);
    // The batch is found again from the page's ?batch= (an instant in milliseconds).
    const batch = readCodeFilter(new URLSearchParams({ batch: String(createdAt) }));
    expect(batch.batch).toBe(createdAt);
    expect(
      listCodes(batch)
        .rows.map((row) => row.code)
        .sort(),
    ).toEqual([...codes].sort());
    const [open, pendingCode, bookedCode, switchedOff] = codes as [string, string, string, string];
    // An expired code counts in the total but is not active.
    const [expired] = createPromoCodes(1, 50, admin.id);
    db.update(schema.promoCodes)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(schema.promoCodes.code, expired!))
      .run();
    const switchedOffId = db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, switchedOff)).get()!.id;
    expect(deactivateCode(admin, String(switchedOffId))).toBe(switchedOff);

    const waiting = await resident();
    applyPromo(waiting, pendingCode, 1);
    const payer = await resident();
    applyPromo(payer, bookedCode, 1);
    const afterApply = promoStats();
    expect(afterApply.totalRedemptions - before.totalRedemptions).toBe(2);
    expect(afterApply.usedCodes - before.usedCodes).toBe(0);
    expect(afterApply.totalSavingsCents - before.totalSavingsCents).toBe(0);

    const pickup = await payWithSimulatedCard(payer, { bags: 1, slotId: slotOn(4, "morning").id }, CARD);
    expect(pickup.promoDiscountCents).toBe(500);
    expect(pickup.totalCents).toBe(575);

    const stats = promoStats();
    // Every figure recomputed straight from the tables.
    const c = schema.promoCodes;
    const r = schema.promoRedemptions;
    const totalCodes = db.select({ n: count() }).from(c).get()!.n;
    const usedRows = db.select({ id: r.promoCodeId }).from(r).where(isNotNull(r.pickupRequestId)).all();
    const activeCodes = db
      .select()
      .from(c)
      .all()
      .filter((code) => code.active && code.expiresAt > Date.now() && !usedRows.some((u) => u.id === code.id)).length;
    const totalRedemptions = db.select({ n: count() }).from(r).get()!.n;
    const savings = db
      .select({ cents: sql<number>`coalesce(sum(${r.discountCents}), 0)` })
      .from(r)
      .where(isNotNull(r.pickupRequestId))
      .get()!.cents;
    expect(stats).toEqual({
      totalCodes,
      activeCodes,
      usedCodes: usedRows.length,
      totalRedemptions,
      pendingRedemptions: totalRedemptions - usedRows.length,
      totalSavings: savings / 100,
      totalSavingsCents: savings,
    });
    // And the change this test made: 5 codes, 2 still usable (open + the pending one), 1 used, $5.00 saved.
    expect(stats.totalCodes - before.totalCodes).toBe(5);
    expect(stats.activeCodes - before.activeCodes).toBe(2);
    expect(stats.usedCodes - before.usedCodes).toBe(1);
    expect(stats.totalRedemptions - before.totalRedemptions).toBe(2);
    expect(stats.pendingRedemptions - before.pendingRedemptions).toBe(1);
    expect(stats.totalSavingsCents - before.totalSavingsCents).toBe(500);
    expect(stats.totalSavings - before.totalSavings).toBeCloseTo(5, 10);

    const recent = recentRedemptions(10);
    expect(recent.find((row) => row.codeText === bookedCode)).toMatchObject({
      email: payer.email,
      pickupRequestId: pickup.id,
    });
    expect(recent.find((row) => row.codeText === pendingCode)).toMatchObject({
      email: waiting.email,
      pickupRequestId: null,
    });

    // The code list knows each status.
    const statusOf = (code: string) => listCodes({ status: "all", q: code, batch: null }).rows[0]!.status;
    expect([open, pendingCode, bookedCode, switchedOff, expired!].map(statusOf)).toEqual([
      "active",
      "pending",
      "used",
      "inactive",
      "expired",
    ]);
    expect(listCodes({ status: "used", q: "", batch: null }).rows.map((row) => row.code)).toContain(bookedCode);

    // The JSON API answers the same figures, and the redemptions in the spec's shape.
    const cookie = await cookieFor(admin);
    const apiStats = await call(statsApi, "/api/admin/promo-stats", { cookie });
    expect(apiStats.status).toBe(200);
    expect(await apiStats.json()).toEqual(stats);
    const apiRedemptions = await call(redemptionsApi, "/api/admin/promo-redemptions", { cookie });
    const list = (await apiRedemptions.json()) as Array<Record<string, unknown>>;
    expect(list.find((row) => row.codeText === bookedCode)).toEqual({
      id: expect.any(Number),
      email: payer.email,
      codeText: bookedCode,
      redeemedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pickupRequestId: pickup.id,
    });
  });

  it("creating codes: count 1..500 and percent 1..100 (default 50), refused otherwise with nothing stored", async () => {
    const total = () => db.select({ n: count() }).from(schema.promoCodes).get()!.n;
    const before = total();
    expect(refusal(() => createCodesAsAdmin(admin, { count: "0" }))?.key).toBe("promo.countInvalid");
    expect(refusal(() => createCodesAsAdmin(admin, { count: "501" }))?.key).toBe("promo.countInvalid");
    expect(refusal(() => createCodesAsAdmin(admin, { count: "2.5" }))?.key).toBe("promo.countInvalid");
    expect(refusal(() => createCodesAsAdmin(admin, { count: "1", percent: "101" }))?.key).toBe("promo.percentInvalid");
    expect(refusal(() => createCodesAsAdmin(admin, { count: "1", percent: "0" }))?.key).toBe("promo.percentInvalid");
    expect(total()).toBe(before);

    const cookie = await cookieFor(admin);
    const created = await call(createCodesApi, "/api/admin/promo-codes", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 3 }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { codes: string[]; percent: number };
    expect(body.codes).toHaveLength(3);
    expect(body.percent).toBe(50);
    expect(lastActivity()).toMatchObject({
      action: "promo.create",
      adminEmail: admin.email,
      detail: { count: 3, percent: 50 },
    });

    const bad = await call(createCodesApi, "/api/admin/promo-codes", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 1000 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Enter a number of codes from 1 to 500." });
    expect(total()).toBe(before + 3);
  });

  it("the admin API refuses visitors (401) and residents (403) with a JSON message, GET and POST alike", async () => {
    const residentCookie = await cookieFor(await resident());
    const before = db.select({ n: count() }).from(schema.promoCodes).get()!.n;
    for (const [handler, path, method] of [
      [statsApi, "/api/admin/promo-stats", "GET"],
      [redemptionsApi, "/api/admin/promo-redemptions", "GET"],
      [createCodesApi, "/api/admin/promo-codes", "POST"],
    ] as const) {
      const init =
        method === "POST"
          ? { method, body: JSON.stringify({ count: 5 }), headers: { "Content-Type": "application/json" } }
          : {};
      const visitor = await call(handler as Handler, path, init);
      expect(visitor.status, path).toBe(401);
      expect(await visitor.json()).toEqual({ message: "Please sign in with an admin account." });
      const forbidden = await call(handler as Handler, path, { ...init, cookie: residentCookie });
      expect(forbidden.status, path).toBe(403);
      expect(((await forbidden.json()) as { message: string }).message).toMatch(/Admins only/);
    }
    expect(db.select({ n: count() }).from(schema.promoCodes).get()!.n).toBe(before);
  });
});

describe("slot supply", () => {
  it("a slot's capacity never goes below what is booked", async () => {
    const slot = slotOn(5, "morning", 5);
    await bookOn(slot.id);
    await bookOn(slot.id);
    expect(slotRow(slot.id).currentBooked).toBe(2);

    expect(refusal(() => setSlotCapacity(admin, slot.id, "1"))).toEqual({
      key: "slot.belowBooked",
      values: { count: 2 },
    });
    expect(refusal(() => setSlotCapacity(admin, slot.id, "abc"))?.key).toBe("slot.capacityInvalid");
    expect(refusal(() => setSlotCapacity(admin, slot.id, "-1"))?.key).toBe("slot.capacityInvalid");
    expect(refusal(() => setSlotCapacity(admin, 999_999, "3"))?.key).toBe("slot.notFound");
    expect(slotRow(slot.id).maxCapacity).toBe(5);

    setSlotCapacity(admin, slot.id, "2");
    expect(slotRow(slot.id).maxCapacity).toBe(2);
    expect(lastActivity()).toMatchObject({
      action: "slot.capacity",
      detail: { date: slot.date, window: "morning", from: 5, to: 2 },
    });
    setSlotCapacity(admin, slot.id, "8");
    expect(slotRow(slot.id).maxCapacity).toBe(8);
  });

  it("closing a date lists the affected pickups first, closes its slots, keeps the pickups and e-mails their residents", async () => {
    const morning = slotOn(6, "morning");
    const afternoon = slotOn(6, "afternoon");
    const { user, pickup } = await bookOn(morning.id, { locale: "fr" });

    const preview = closeDatePreview(morning.date);
    expect(preview.closed).toBe(false);
    expect(preview.slots.map((s) => s.id).sort()).toEqual([morning.id, afternoon.id].sort());
    expect(preview.pickups).toEqual([
      expect.objectContaining({
        id: pickup.id,
        confirmationNumber: pickup.confirmationNumber,
        email: user.email,
        window: "morning",
      }),
    ]);
    // Looking does not close anything.
    expect(slotRow(morning.id).closed).toBe(false);

    const result = await closeDate(admin, morning.date);
    expect(result).toEqual({ pickups: 1 });
    expect(slotRow(morning.id).closed).toBe(true);
    expect(slotRow(afternoon.id).closed).toBe(true);
    expect(offeredSlots(null).some((s) => s.date === morning.date)).toBe(false);
    // Nobody is cancelled: the pickup stays scheduled and stays listed for follow-up.
    const stillThere = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(stillThere.status).toBe("Scheduled");
    expect(closeDatePreview(morning.date)).toMatchObject({
      closed: true,
      pickups: [expect.objectContaining({ id: pickup.id })],
    });
    const mail = emailsTo(user.email).find((m) => m.kind === "date-closed")!;
    expect(mail.locale).toBe("fr");
    expect(mail.subject).toMatch(/^Votre collecte du /);
    expect(mail.text).toContain(pickup.confirmationNumber);
    expect(mail.text).toContain("/history");
    expect(lastActivity()).toMatchObject({ action: "date.close", detail: { date: morning.date, pickups: 1 } });

    // Closing again (Back, a resubmitted form) answers the same and changes nothing: no second e-mail.
    const mails = emailsTo(user.email).length;
    const activity = lastActivity();
    expect(await closeDate(admin, morning.date)).toEqual({ pickups: 1 });
    expect(emailsTo(user.email)).toHaveLength(mails);
    expect(lastActivity()).toEqual(activity);
    const noSlots = addDays(dateKey(Date.now()), 400);
    expect((await asyncRefusal(() => closeDate(admin, noSlots)))?.key).toBe("close.nothingToClose");
    expect((await asyncRefusal(() => closeDate(admin, addDays(dateKey(Date.now()), -1))))?.key).toBe("close.past");

    reopenDate(admin, morning.date);
    expect(slotRow(morning.id).closed).toBe(false);
    const reopened = lastActivity();
    expect(reopened.action).toBe("date.reopen");
    reopenDate(admin, morning.date);
    expect(lastActivity()).toEqual(reopened);
    expect(() => reopenDate(admin, noSlots)).toThrow(AdminError);
  });

  it("a template edit is checked field by field, saved, and applied to the slots ahead", async () => {
    // A Monday at least 8 days ahead, with a booked morning.
    let offset = 8;
    while (weekdayOf(addDays(dateKey(Date.now()), offset)) !== 1) offset += 1;
    const bookedMonday = slotOn(offset, "morning");
    await bookOn(bookedMonday.id);
    const emptyMonday = slotOn(offset + 7, "morning");

    const form = new FormData();
    for (const row of weeklyTemplate()) {
      if (row.active) form.set(`active-${row.key}`, "on");
      form.set(`capacity-${row.key}`, String(row.capacity));
      form.set(`prefixes-${row.key}`, row.prefixes.join(", "));
    }
    // Mondays' mornings are no longer offered; Sunday mornings are, for 3 pickups in H2X and H2W.
    form.delete("active-1-morning");
    form.set("active-7-morning", "on");
    form.set("capacity-7-morning", "3");
    form.set("prefixes-7-morning", "h2x, H2W");

    const broken = new FormData();
    for (const [k, v] of form.entries()) broken.set(k, v);
    broken.set("capacity-2-afternoon", "0");
    broken.set("prefixes-3-morning", "ZZZ");
    broken.set("prefixes-4-morning", "H7N");
    try {
      parseTemplateForm(broken);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AdminError);
      expect((error as AdminError).fields).toEqual({
        "capacity-2-afternoon": { key: "template.capacityInvalid", values: { max: 500 } },
        "prefixes-3-morning": { key: "template.prefixInvalid", values: { prefix: "ZZZ" } },
        "prefixes-4-morning": { key: "template.prefixUnknown", values: { prefix: "H7N" } },
      });
    }
    expect(weeklyTemplate().find((r) => r.key === "7-morning")?.active).toBe(false);

    const summary = saveTemplate(admin, parseTemplateForm(form));
    expect(summary.created).toBeGreaterThanOrEqual(4);
    expect(summary.withdrawn).toBeGreaterThanOrEqual(1);
    expect(summary.keptBooked).toBeGreaterThanOrEqual(1);
    expect(weeklyTemplate().find((r) => r.key === "7-morning")).toMatchObject({
      active: true,
      capacity: 3,
      prefixes: ["H2W", "H2X"],
    });

    const sundays = db
      .select()
      .from(schema.pickupSlots)
      .where(eq(schema.pickupSlots.window, "morning"))
      .all()
      .filter((s) => s.date > dateKey(Date.now()) && weekdayOf(s.date) === 7);
    expect(sundays.length).toBeGreaterThanOrEqual(4);
    for (const s of sundays) expect([s.maxCapacity, JSON.parse(s.serviceAreas)]).toEqual([3, ["H2W", "H2X"]]);
    // The booked Monday morning is kept; the empty one is withdrawn.
    expect(slotRow(bookedMonday.id).closed).toBe(false);
    expect(slotRow(emptyMonday.id).closed).toBe(true);
    const actions = recentActivity(3).map((a) => a.action);
    expect(actions).toContain("template.update");

    // Applying again changes nothing more.
    expect(applyTemplate(admin)).toMatchObject({ created: 0, updated: 0, withdrawn: 0 });
    expect(lastActivity().action).toBe("slots.regenerate");
  });
});

describe("served areas and the waitlist", () => {
  it("opening a prefix e-mails the people waiting outside the area once, in their language", async () => {
    const en = joinWaitlist({
      name: "Luc",
      email: "luc@videotron.ca",
      fsa: "H7N",
      reason: "Outside Service Area",
      locale: "en",
    }).entry;
    const fr = joinWaitlist({
      name: "Ana",
      email: "ana@videotron.ca",
      fsa: "H7N",
      reason: "Outside Service Area",
      locale: "fr",
    }).entry;
    const access = joinWaitlist({
      name: "Zoé",
      email: "zoe@videotron.ca",
      fsa: "H7N",
      reason: "No Direct Access",
      locale: "fr",
    }).entry;

    expect((await asyncRefusal(() => notifyWaitlist(admin, "H7N")))?.key).toBe("waitlist.prefixNotServed");
    expect((await asyncRefusal(() => openPrefix(admin, "K1A", { notify: true })))?.key).toBe("prefix.notMontreal");
    expect((await asyncRefusal(() => openPrefix(admin, "1234", { notify: true })))?.key).toBe("prefix.invalid");
    expect(isServedPrefix("H7N")).toBe(false);
    expect(waitlistSummary().prefixes.find((p) => p.fsa === "H7N")).toMatchObject({
      served: false,
      outsideArea: 2,
      noDirectAccess: 1,
      total: 3,
      waiting: 2,
      notified: 0,
    });

    const result = await openPrefix(admin, "h7n", { notify: true });
    expect(result).toEqual({ fsa: "H7N", opened: true, notified: 2 });
    expect(isServedPrefix("H7N")).toBe(true);
    const entry = (id: number) =>
      db.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.id, id)).get()!;
    expect(entry(en.id).notifiedAt).not.toBeNull();
    expect(entry(fr.id).notifiedAt).not.toBeNull();
    expect(entry(access.id).notifiedAt).toBeNull();
    // Besides the confirmation each got on joining (issue 33 part 11), one e-mail when the prefix opens.
    const opened = (to: string) => emailsTo(to).filter((m) => m.kind !== "waitlist-joined");
    expect(opened("luc@videotron.ca").map((m) => [m.kind, m.subject])).toEqual([
      ["waitlist-opened", "ReCircle now picks up in H7N"],
    ]);
    const frMail = opened("ana@videotron.ca")[0]!;
    expect(frMail.subject).toBe("ReCircle fait maintenant la collecte dans le secteur H7N");
    expect(frMail.text).toContain("Bonjour Ana");
    expect(frMail.text).toContain("/postal-code?fsa=H7N");
    expect(opened("zoe@videotron.ca")).toHaveLength(0);
    expect(
      recentActivity(2)
        .map((a) => a.action)
        .sort(),
    ).toEqual(["prefix.open", "waitlist.notify"]);

    // Told once: nobody is left waiting, and opening again is refused.
    expect((await asyncRefusal(() => notifyWaitlist(admin, "H7N")))?.key).toBe("waitlist.nobodyWaiting");
    expect((await asyncRefusal(() => openPrefix(admin, "H7N", { notify: true })))?.key).toBe("prefix.alreadyOpen");
    expect(opened("luc@videotron.ca")).toHaveLength(1);

    expect(deactivatePrefix(admin, "H7N")).toEqual({ fsa: "H7N", kept: 0 });
    expect(isServedPrefix("H7N")).toBe(false);
    expect(refusal(() => deactivatePrefix(admin, "H7N"))?.key).toBe("prefix.notServed");
    expect(lastActivity()).toMatchObject({ action: "prefix.deactivate", detail: { prefix: "H7N", pickups: 0 } });
  });
});

describe("the day sheet", () => {
  it("groups a date's pickups by window, and marks them Completed or Missed from their day on", async () => {
    const morning = slotOn(3, "morning");
    const afternoon = slotOn(3, "afternoon");
    const a = await bookOn(morning.id);
    const b = await bookOn(morning.id, { locale: "fr" });
    const c = await bookOn(afternoon.id);
    const cancelled = await bookOn(afternoon.id);
    db.update(schema.pickupRequests)
      .set({ status: "Cancelled" })
      .where(eq(schema.pickupRequests.id, cancelled.pickup.id))
      .run();

    const sheet = daySheet(morning.date);
    expect(sheet.windows.map((w) => [w.window, w.pickups.map((p) => p.id).sort()])).toEqual([
      ["morning", [a.pickup.id, b.pickup.id].sort()],
      ["afternoon", [c.pickup.id]],
    ]);
    expect(sheet).toMatchObject({ totalPickups: 3, totalBags: 3, cancelled: 1, canMark: false });
    expect(sheet.windows[0]!.pickups.find((p) => p.id === a.pickup.id)).toMatchObject({
      confirmationNumber: a.pickup.confirmationNumber,
      address: a.pickup.address,
      bags: 1,
      status: "Scheduled",
      name: "Marie Tremblay",
      email: a.user.email,
    });

    expect((await asyncRefusal(() => markPickup(admin, a.pickup.id, "Completed")))?.key).toBe("stops:errors.tooEarly");

    // Pickup day, 2 PM.
    setNow(windowStart(morning.date, "afternoon") + 60 * 60 * 1000);
    expect(daySheet(morning.date).canMark).toBe(true);
    expect((await asyncRefusal(() => markPickup(admin, a.pickup.id, "Lost")))?.key).toBe("stops:errors.markInvalid");
    await markPickup(admin, a.pickup.id, "Completed");
    await markPickup(admin, b.pickup.id, "Missed", undefined, "bags-not-out");
    expect((await asyncRefusal(() => markPickup(admin, a.pickup.id, "Missed", undefined, "no-access")))?.key).toBe(
      "stops:errors.alreadyCompleted",
    );
    expect(
      (await asyncRefusal(() => markPickup(admin, cancelled.pickup.id, "Missed", undefined, "no-access")))?.key,
    ).toBe("stops:errors.alreadyCancelled");

    const statuses = daySheet(morning.date).windows[0]!.pickups.map((p) => [p.id, p.status]);
    expect(Object.fromEntries(statuses)).toEqual({ [a.pickup.id]: "Completed", [b.pickup.id]: "Missed" });
    const missed = emailsTo(b.user.email).filter((m) => m.kind === "pickup-missed");
    expect(missed).toHaveLength(1);
    expect(missed[0]!.locale).toBe("fr");
    expect(missed[0]!.text).toContain(b.pickup.confirmationNumber);
    expect(missed[0]!.text).toMatch(/http:\/\/localhost:\d+\/booking/);
    expect(emailsTo(a.user.email).some((m) => m.kind === "pickup-missed")).toBe(false);
    expect(recentActivity(2).map((x) => x.action)).toEqual(["pickup.missed", "pickup.completed"]);
    expect(recentActivity(1)[0]).toMatchObject({
      adminEmail: "ops@recircle-admin.ca",
      detail: { confirmationNumber: b.pickup.confirmationNumber },
    });
  });
});

describe("CSV downloads", () => {
  it("quote commas, quotes and line breaks, start with a BOM, end rows with CRLF and neutralise formulas", () => {
    expect(csvCell('Rue "Saint", Denis')).toBe('"Rue ""Saint"", Denis"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", "b"],
        ["Montréal", "x,y"],
      ]),
    ).toBe('\uFEFFa,b\r\nMontréal,"x,y"\r\n');
  });
});
