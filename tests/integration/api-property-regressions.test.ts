// What the fast-check suite (tests/e2e/api-properties.spec.ts) found, pinned at the lowest level: a sign-out
// and a cancellation that ignored their body (a malformed or text/plain one signed out or cancelled), a
// province sent as ["QC"] read as "QC", and e-mail addresses with NUL, an RTL override or a lone surrogate
// taken by the waitlist and admin invitations; a body that was no JSON object was refused in English only.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BASIC_EMAIL_PATTERN } from "~/lib/email-rules";
import { action as invitationsAction } from "~/routes/api.admin.invitations";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { action as profileAction } from "~/routes/api.auth.profile";
import { action as pickupAction } from "~/routes/api.pickup-requests.$key";
import { action as waitlistAction } from "~/routes/api.waitlist";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { db, schema } from "~/services/platform/db.server";
import { type Action, cookieFor, send } from "./api-action";
import { CARD, resident, slot } from "./fixtures";

const sessionsOf = (userId: number) =>
  db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId)).all().length;

beforeEach(() => resetRateLimits());

describe("endpoints with no body by contract refuse a malformed or non-JSON one", () => {
  it("POST /api/auth/logout: [1], '{' and a text/plain body are 400/415 and end no session; no body signs out", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    for (const [body, type, status] of [
      ["[1]", "application/json", 400],
      ["{", "application/json", 400],
      ["{}", "text/plain", 415],
    ] as const) {
      const response = await send(logoutAction as Action, "/api/auth/logout", body, { cookie, type });
      expect(response.status, `${type} ${body}`).toBe(status);
      expect((await response.json()).message).toEqual(expect.any(String));
      expect(sessionsOf(user.id), `${type} ${body}`).toBe(1);
    }
    expect((await send(logoutAction as Action, "/api/auth/logout", undefined, { cookie })).status).toBe(200);
    expect(sessionsOf(user.id)).toBe(0);
  });

  it("DELETE /api/pickup-requests/{id}: a malformed or text/plain body cancels nothing; no body cancels", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).get()!;
    const options = { cookie, method: "DELETE", params: { key: String(pickup.id) } };
    const path = `/api/pickup-requests/${pickup.id}`;
    for (const [body, type, status] of [
      ['"cancel"', "application/json", 400],
      ["{,}", "application/json", 400],
      ["{}", "text/plain", 415],
    ] as const) {
      const response = await send(pickupAction as Action, path, body, { ...options, type });
      expect(response.status, `${type} ${body}`).toBe(status);
      const still = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
      expect(still.status, `${type} ${body}`).toBe("Scheduled");
    }
    expect((await send(pickupAction as Action, path, undefined, options)).status).toBe(200);
    const cancelled = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(cancelled.status).toBe("Cancelled");
  });
});

describe("a body that is no JSON object is refused in the caller's language", () => {
  it.each([
    ["en-CA", "{", "The request body is not valid JSON."],
    ["fr-CA", "{", "Le corps de la requête n’est pas du JSON valide."],
    ["en-CA", "[1]", "The request body must be a JSON object ({ … })."],
    ["fr-CA", '"x"', "Le corps de la requête doit être un objet JSON ({ … })."],
  ])("%s %s", async (language, body, message) => {
    const request = new Request("http://localhost/api/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": language },
      body,
    });
    const response = await waitlistAction({ request, params: {}, context: {} }).catch((r: Response) => r);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});

describe("a province is a JSON string", () => {
  it('PUT /api/auth/profile refuses ["QC"] and {} naming the field; the profile is unchanged; "Québec" is QC', async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const profile = {
      firstName: "Mallory",
      lastName: "Tremblay",
      streetAddress: "1 Rue Sainte-Catherine",
      city: "Montréal",
      postalCode: "H2X 3L3",
    };
    for (const province of [["QC"], {}, ["Québec"]]) {
      const response = await send(
        profileAction as Action,
        "/api/auth/profile",
        JSON.stringify({ ...profile, province }),
        {
          cookie,
          method: "PUT",
        },
      );
      expect(response.status, JSON.stringify(province)).toBe(400);
      expect(await response.json()).toEqual({ message: "province: this kind of value is not accepted" });
      expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.firstName).toBe("Marie");
    }
    const saved = await send(
      profileAction as Action,
      "/api/auth/profile",
      JSON.stringify({ ...profile, province: "Québec" }),
      { cookie, method: "PUT" },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ firstName: "Mallory", province: "QC" });
  });
});

describe("an e-mail address has no invisible characters", () => {
  const INVISIBLE = ["a\u0000@x.ca", "a\u202eb@x.ca", "a\ud800@x.ca", "a\u200b@x.ca", "a@x\u0007.ca", "a\ufeff@x.ca"];

  it("the basic pattern refuses control and format characters and lone surrogates, and takes accents and emoji", () => {
    for (const email of INVISIBLE) expect(BASIC_EMAIL_PATTERN.test(email), JSON.stringify(email)).toBe(false);
    for (const email of ["a@b.ca", "élise@exemple.québec", "a😀@x.ca"])
      expect(BASIC_EMAIL_PATTERN.test(email)).toBe(true);
  });

  it("POST /api/waitlist and POST /api/admin/invitations refuse them and store nothing", async () => {
    const admin = await createAdmin(`props-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
    const cookie = await cookieFor(admin.id);
    const count = () => ({
      waitlist: db.select().from(schema.waitlistEntries).all().length,
      invitations: db.select().from(schema.roleInvitations).all().length,
    });
    const before = count();
    for (const email of INVISIBLE) {
      const waitlist = await send(
        waitlistAction as Action,
        "/api/waitlist",
        JSON.stringify({ email, name: "Léa", postal_code: "K1A", building_access: "Outside Service Area" }),
      );
      expect(waitlist.status, JSON.stringify(email)).toBe(400);
      expect((await waitlist.json()).message).toEqual(expect.any(String));
      const invitation = await send(invitationsAction as Action, "/api/admin/invitations", JSON.stringify({ email }), {
        cookie,
      });
      expect(invitation.status, JSON.stringify(email)).toBe(400);
      expect((await invitation.json()).message).toEqual(expect.any(String));
    }
    expect(count()).toEqual(before);
  });
});
