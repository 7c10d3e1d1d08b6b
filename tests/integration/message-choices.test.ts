// Issue 35 part 6, "the resident decides", on a real SQLite file: PUT /api/auth/profile takes the mobile
// number and the message choices (each optional, saved in the profile's own statement, refused whole with
// the address); the day-after e-mails carry a one-click unsubscribe, and a resident who turned them off gets
// none (the bell still tells them).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { windowStart } from "~/lib/dates";
import { markPickup } from "~/services/admin/day.server";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { createUserSession } from "~/services/http/current-user.server";
import { notificationsFor } from "~/services/pickups/notifications.server";
import { db, schema } from "~/services/platform/db.server";
import { unsubscribe } from "~/services/platform/unsubscribe.server";
import { action as putProfile } from "~/routes/api.auth.profile";
import { CARD, resident, slot } from "./fixtures";

const u = schema.users;
const admin = await createAdmin(`choices-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
const PROFILE = {
  firstName: "Marie",
  lastName: "Tremblay",
  streetAddress: "100 Rue Saint-Denis",
  city: "Montréal",
  postalCode: "H2X 3K2",
};

async function put(user: { id: number }, body: unknown) {
  const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
  const request = new Request("http://localhost:3000/api/auth/profile", {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en-CA" },
    body: JSON.stringify(body),
  });
  try {
    return (await putProfile({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const row = (id: number) => db.select().from(u).where(eq(u.id, id)).get()!;

describe("PUT /api/auth/profile and the message choices", () => {
  it("saves the choices given, keeps the others, and answers them with the user", async () => {
    const user = await resident();
    const answer = await put(user, { ...PROFILE, remindersEnabled: false, dayAfterEnabled: false });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      remindersEnabled: false,
      reminderChannels: "email",
      alertsEnabled: true,
      dayAfterEnabled: false,
      phone: null,
      phoneVerified: false,
    });
    // A later save without them (an older client) changes none of them.
    expect((await put(user, PROFILE)).status).toBe(200);
    expect(row(user.id)).toMatchObject({ remindersEnabled: false, alertsEnabled: true, dayAfterEnabled: false });
    // Texts as a channel without a text provider (no TWILIO_* here, issue 42): refused whole, with the reason.
    const texts = await put(user, { ...PROFILE, phone: "514 555-0142", reminderChannels: "both" });
    expect(texts.status).toBe(400);
    expect((await texts.json()).message).toBe(
      "Texts are not available at the moment: reminders can only come by e-mail.",
    );
    expect(row(user.id)).toMatchObject({ phone: null, reminderChannels: "email" });
    const phone = await put(user, { ...PROFILE, phone: "514 555-0142" });
    expect(await phone.json()).toMatchObject({
      phone: "+15145550142",
      phoneVerified: false,
      reminderChannels: "email",
    });
  });

  it("refuses a wrong value naming the field, and an unserved address with choices saves neither", async () => {
    const user = await resident();
    const wrongType = await put(user, { ...PROFILE, alertsEnabled: "no" });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/alertsEnabled/);
    const wrongChannel = await put(user, { ...PROFILE, reminderChannels: "fax" });
    expect(wrongChannel.status).toBe(400);
    expect((await wrongChannel.json()).message).toMatch(/reminderChannels/);
    const unserved = await put(user, { ...PROFILE, postalCode: "H7N 1A1", remindersEnabled: false });
    expect(unserved.status).toBe(400);
    expect(row(user.id)).toMatchObject({ remindersEnabled: true, alertsEnabled: true, postalCode: "H2X 3K2" });
  });
});

describe("the day-after e-mails", () => {
  async function completed(user: Awaited<ReturnType<typeof resident>>, mark: "Completed" | "Missed") {
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
    const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
    await markPickup(admin, pickup.id, mark, windowStart(s.date, s.window) + 5 * 3_600_000, "bags-not-out");
    const kind = mark === "Completed" ? "pickup-completed" : "pickup-missed";
    return db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, user.email))
      .all()
      .filter((m) => m.kind === kind);
  }

  it("carry a one-click unsubscribe that turns them off; then none is written, the bell still tells", async () => {
    const user = await resident();
    const [thanks] = await completed(user, "Completed");
    const link = thanks!.text.match(/https?:\/\/\S+\/unsubscribe\/(\S+)$/m)!;
    expect(JSON.parse(thanks!.headers!)).toEqual({
      "List-Unsubscribe": `<${link[0]}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(unsubscribe(link[1]!)).toMatchObject({ userId: user.id, kind: "day-after" });
    expect(row(user.id).dayAfterEnabled).toBe(false);
    expect(await completed(user, "Missed")).toEqual([]);
    expect(await completed(user, "Completed")).toHaveLength(1); // the first one only
    expect(notificationsFor(user.id).filter((n) => n.type === "pickup_missed")).toHaveLength(1);
  });
});
