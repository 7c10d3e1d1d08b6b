// The driver role (issue 36), on a real SQLite file: given as the admin role is, by create-admin's
// service with role "driver" or by an invitation from the team page (its own e-mail, accepted only by the
// invited address); the driver's pages check it, and a driver is never an admin.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAdmin, isAdmin, isDriver, registerUser, toPublicUser } from "~/services/accounts/accounts.server";
import { invitationView } from "~/services/accounts/role-invitations.server";
import { AdminError } from "~/services/admin/admin-error.server";
import { acceptAdminInvitation, adminTeam, inviteAdmin } from "~/services/admin/invitations.server";
import { requireApiAdmin } from "~/services/http/admin-auth.server";
import { requireDriver } from "~/services/http/driver-auth.server";
import { createUserSession } from "~/services/http/current-user.server";
import { db, schema } from "~/services/platform/db.server";
import { driverGateRedirect, isOperatorPath } from "~/lib/operator-shell";
import type { User } from "../../db/schema";

let n = 0;
const address = (tag: string) => `${tag}-${++n}-${Date.now()}@recircle-ops.ca`;
const ORIGIN = "http://localhost:3000";

async function requestAs(user: User, path: string) {
  const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie, "Accept-Language": "en-CA" } });
}
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Response,
  );

describe("the driver role", () => {
  it("create-admin with role driver makes a driver (or gives the role to an existing account)", async () => {
    const driver = await createAdmin(address("driver"), "a-long-driver-passphrase", "driver");
    expect(driver.role).toBe("driver");
    expect(toPublicUser(driver)).toMatchObject({ isDriver: true, isAdmin: false });
    const resident = await registerUser({ email: address("resident"), password: "sorting-day-1", locale: "en" });
    expect((await createAdmin(resident.email, "another-long-passphrase", "driver")).role).toBe("driver");
    expect(isDriver(driver) && !isAdmin(driver)).toBe(true);
  });

  it("an invitation from the team page with the driver role e-mails its own text and gives the role when accepted", async () => {
    const admin = await createAdmin(address("admin"), "ops-admin-pass-12");
    const email = address("invited-driver");
    const invited = await registerUser({ email, password: "sorting-day-1", locale: "fr" });
    const invitation = inviteAdmin(admin, email, { origin: ORIGIN, adminLocale: "en", role: "driver" });
    expect(invitation.role).toBe("driver");
    const mail = db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "driver-invitation")))
      .get()!;
    expect(mail.subject).toBe("Vous êtes invité à conduire pour ReCircle");
    expect(adminTeam().pending.find((p) => p.email === email)).toMatchObject({ role: "driver" });
    const token = decodeURIComponent(/admin-invitation\?token=(\S+)/.exec(mail.text)![1]!);
    expect(invitationView(token, invited)).toEqual({ state: "ready", email, role: "driver" });
    expect(acceptAdminInvitation(token, invited.id).role).toBe("driver");
    expect(adminTeam().drivers.map((d) => d.email)).toContain(email);
    // Already a driver: refused; an admin is never made a driver by an invitation.
    expect(() => inviteAdmin(admin, email, { origin: ORIGIN, adminLocale: "en", role: "driver" })).toThrow(AdminError);
    expect(() => inviteAdmin(admin, admin.email, { origin: ORIGIN, adminLocale: "en", role: "driver" })).toThrow(
      AdminError,
    );
  });

  it("/driver lets drivers and admins in, a resident gets 403; the admin API answers a driver 403", async () => {
    const driver = await createAdmin(address("drv"), "a-long-driver-passphrase", "driver");
    const admin = await createAdmin(address("adm"), "ops-admin-pass-12");
    const resident = await registerUser({ email: address("res"), password: "sorting-day-1", locale: "en" });
    await expect(requireDriver(await requestAs(driver, "/driver"))).resolves.toMatchObject({ id: driver.id });
    await expect(requireDriver(await requestAs(admin, "/driver"))).resolves.toMatchObject({ id: admin.id });
    expect((await thrown(requireDriver(await requestAs(resident, "/driver"))))?.status).toBe(403);
    const refused = await thrown(requireApiAdmin(await requestAs(driver, "/api/admin/promo-stats")));
    expect(refused?.status).toBe(403);
  });

  it("a driver asking for a residents' page is sent to /driver; operators' pages have no residents' bar", () => {
    expect(driverGateRedirect({ role: "driver" }, "/")).toBe("/driver");
    expect(driverGateRedirect({ role: "driver" }, "/booking")).toBe("/driver");
    expect(driverGateRedirect({ role: "driver" }, "/driver")).toBeNull();
    expect(driverGateRedirect({ role: "driver" }, "/admin/day")).toBeNull();
    expect(driverGateRedirect({ role: "driver" }, "/sign-out")).toBeNull();
    expect(driverGateRedirect({ role: "resident" }, "/booking")).toBeNull();
    expect(driverGateRedirect(null, "/")).toBeNull();
    expect(isOperatorPath("/admin/team")).toBe(true);
    expect(isOperatorPath("/Driver")).toBe(true);
    expect(isOperatorPath("/drivers")).toBe(false);
    expect(isOperatorPath("/history")).toBe(false);
  });
});
