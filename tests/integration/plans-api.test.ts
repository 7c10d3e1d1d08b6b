// Issue 45 part 4: /api/pickup-plans answers the resident's own plans in the shape; PUT changes
// with the form's rules (an unknown field refused, nothing changed), skip, DELETE stops; another
// resident's plan is 404.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { db, schema } from "~/services/platform/db.server";
import { loader as list } from "~/routes/api.pickup-plans";
import { action as one } from "~/routes/api.pickup-plans.$id";
import { action as skip } from "~/routes/api.pickup-plans.$id.skip";
import { cookieFor, send, type Action } from "./api-action";
import { resident } from "./fixtures";
import { planned } from "./plan-fixtures";

afterEach(() => setPaymentProvider(null));
const planRow = (id: number) => db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, id)).get()!;

describe("/api/pickup-plans", () => {
  it("lists, changes, refuses an unknown field or a bag count of 3, skips and stops", async () => {
    const { user, slot: s, pickup, plan } = await planned();
    const cookie = await cookieFor(user.id);
    const listed = await send(list as unknown as Action, "/api/pickup-plans", undefined, { cookie, method: "GET" });
    expect(await listed.json()).toEqual([
      {
        id: plan.id,
        pickupRequestId: pickup.id,
        intervalWeeks: 4,
        bagCount: 2,
        window: s.window,
        status: "active",
        nextDate: addDays(s.date, 28),
        pausedUntil: null,
        card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
      },
    ]);
    const params = { id: String(plan.id) };
    const path = `/api/pickup-plans/${plan.id}`;
    const unknown = await send(one, path, JSON.stringify({ bagCount: 4, colour: "red" }), {
      cookie,
      method: "PUT",
      params,
    });
    expect(unknown.status).toBe(400);
    const three = await send(one, path, JSON.stringify({ bagCount: 3 }), { cookie, method: "PUT", params });
    expect(three.status).toBe(400);
    expect((await three.json()).message).toBe("Choose 1, 2 or 4 bags.");
    expect(planRow(plan.id).bagCount).toBe(2);
    const changed = await send(one, path, JSON.stringify({ bagCount: 4, intervalWeeks: 8 }), {
      cookie,
      method: "PUT",
      params,
    });
    expect(await changed.json()).toMatchObject({ bagCount: 4, intervalWeeks: 8, nextDate: addDays(s.date, 56) });
    const skipped = await send(skip, `${path}/skip`, undefined, { cookie, params });
    expect(await skipped.json()).toMatchObject({ nextDate: addDays(s.date, 112) });
    const stopped = await send(one, path, undefined, { cookie, method: "DELETE", params });
    expect(await stopped.json()).toMatchObject({ status: "stopped", nextDate: null, card: null });
  });

  it("answers 404 for another resident's plan and changes nothing", async () => {
    const { plan } = await planned();
    const other = await resident();
    const cookie = await cookieFor(other.id);
    const params = { id: String(plan.id) };
    const path = `/api/pickup-plans/${plan.id}`;
    expect((await send(one, path, JSON.stringify({ bagCount: 1 }), { cookie, method: "PUT", params })).status).toBe(
      404,
    );
    expect((await send(skip, `${path}/skip`, undefined, { cookie, params })).status).toBe(404);
    expect((await send(one, path, undefined, { cookie, method: "DELETE", params })).status).toBe(404);
    expect(planRow(plan.id)).toMatchObject({ status: "active", bagCount: 2, skipDate: null });
  });
});
