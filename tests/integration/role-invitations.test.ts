// Admin rights are earned (issue 21, part 2): ADMIN_EMAILS only pre-authorises (an invitation is e-mailed,
// the role comes when its link is accepted by that account); admins invite and revoke; create-admin works.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { createAdmin, registerUser, toPublicUser, verifyLogin } from "~/services/accounts/accounts.server";
import { sha256 } from "~/services/accounts/passwords.server";
import {
  InvitationError,
  invitationView,
  purgeExpiredInvitationEmails,
  ROLE_INVITATION_TTL_MS,
} from "~/services/accounts/role-invitations.server";
import { AdminError } from "~/services/admin/admin-error.server";
import { acceptAdminInvitation, adminTeam, inviteAdmin, revokeInvitation } from "~/services/admin/invitations.server";
import { redactedUrl } from "~/services/serving/access-log.server";
import { signIn } from "~/services/http/sign-in.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "sorting-day-1";
let n = 0;
const address = (tag: string) => `${tag}-${++n}-${Date.now()}@recircle-ops.ca`;

const savedAdminEmails = env.ADMIN_EMAILS;
const preauthorised: string[] = [];
/** An address ADMIN_EMAILS lists from now on. */
function listed(tag: string) {
  const email = address(tag);
  preauthorised.push(email);
  env.ADMIN_EMAILS = preauthorised.join(", ");
  return email;
}

beforeAll(() => {
  expect(env.APP_URL).toBeUndefined();
});
afterEach(() => setNow(null));
afterAll(() => {
  env.ADMIN_EMAILS = savedAdminEmails;
});

function invitationEmails(to: string) {
  return db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, to), eq(schema.emailOutbox.kind, "role-invitation")))
    .all();
}

/** The token of the newest invitation e-mailed to `to`, read from its link. */
function tokenFor(to: string) {
  const row = invitationEmails(to).at(-1)!;
  const link = /(\S+\/admin-invitation\?token=)(\S+)/.exec(row.text)!;
  return { row, base: link[1]!, token: decodeURIComponent(link[2]!) };
}

function invitationsOf(email: string) {
  return db.select().from(schema.roleInvitations).where(eq(schema.roleInvitations.email, email)).all();
}

function userOf(email: string) {
  return db.select().from(schema.users).where(eq(schema.users.email, email)).get()!;
}

function activity(action: string) {
  return db.select().from(schema.adminActivity).where(eq(schema.adminActivity.action, action)).all();
}

/** What accepting must not change: roles, invitations, activity. */
function snapshot(...emails: string[]) {
  return {
    roles: emails.map((e) => userOf(e)?.role),
    invitations: emails.map((e) => invitationsOf(e)),
    activity: db.select().from(schema.adminActivity).all().length,
  };
}

function acceptRefusal(token: string, userId: number) {
  try {
    acceptAdminInvitation(token, userId);
  } catch (error) {
    expect(error).toBeInstanceOf(InvitationError);
    return (error as InvitationError).reason;
  }
  throw new Error("accepted");
}

describe("ADMIN_EMAILS only pre-authorises", () => {
  it("registering with a listed address gives no admin right and queues one invitation e-mail", async () => {
    const email = listed("ops-register");
    const user = await registerUser({ email, password: PASSWORD, locale: "fr", origin: ORIGIN });
    expect(user.role).toBe("resident");
    expect(toPublicUser(user).isAdmin).toBe(false);

    const emails = invitationEmails(email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.locale).toBe("fr");
    const { token, base } = tokenFor(email);
    expect(base).toBe(`${ORIGIN}/admin-invitation?token=`);
    // Only the token's hash is kept, as for reset links.
    const [invitation] = invitationsOf(email);
    expect(invitation).toMatchObject({ role: "admin", invitedBy: null, acceptedAt: null, revokedAt: null });
    expect(invitation!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(invitationsOf(email))).not.toContain(token);

    // Signing in while the invitation is pending: still no role, no second e-mail.
    const signedIn = await verifyLogin(email, PASSWORD, ORIGIN);
    expect(signedIn.role).toBe("resident");
    expect(invitationEmails(email)).toHaveLength(1);
    expect(invitationsOf(email)).toHaveLength(1);
  });

  it("signing in (page or API) with an address listed after the account was made: an invitation, no role", async () => {
    const email = address("ops-later");
    await registerUser({ email, password: PASSWORD, locale: "en", origin: ORIGIN });
    expect(invitationEmails(email)).toHaveLength(0);

    preauthorised.push(email);
    env.ADMIN_EMAILS = preauthorised.join(",");
    const request = new Request("http://localhost:3000/api/auth/login", { method: "POST" });
    const user = await signIn(request, { email, password: PASSWORD });
    expect(user.role).toBe("resident");
    expect(toPublicUser(user).isAdmin).toBe(false);
    expect(userOf(email).role).toBe("resident");
    expect(invitationEmails(email)).toHaveLength(1);
    expect(tokenFor(email).base).toBe("http://localhost:3000/admin-invitation?token=");
  });

  it("a new invitation once the pending one has expired; the expired e-mail loses its link", async () => {
    const email = listed("ops-expiry");
    await registerUser({ email, password: PASSWORD, locale: "en", origin: ORIGIN });
    const first = tokenFor(email);
    setNow(Date.now() + ROLE_INVITATION_TTL_MS + 1000);
    purgeExpiredInvitationEmails();
    const erased = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, first.row.id)).get()!;
    expect(erased.text).toBe("");
    expect(erased.html).toBeNull();

    await verifyLogin(email, PASSWORD, ORIGIN);
    expect(invitationEmails(email)).toHaveLength(2);
    expect(tokenFor(email).token).not.toBe(first.token);
  });
});

describe("accepting an invitation", () => {
  it("with the invited account: the role, the invitation spent, one activity line; the link works once", async () => {
    const email = listed("ops-accept");
    const user = await registerUser({ email, password: PASSWORD, locale: "en", origin: ORIGIN });
    const { token } = tokenFor(email);
    expect(invitationView(token, user)).toEqual({ state: "ready", email, role: "admin" });
    expect(invitationView(token, null)).toEqual({ state: "signedOut" });

    const before = activity("invitation.accept").length;
    const admin = acceptAdminInvitation(token, user.id);
    expect(admin.role).toBe("admin");
    expect(toPublicUser(userOf(email)).isAdmin).toBe(true);
    expect(invitationsOf(email)[0]!.acceptedAt).not.toBeNull();
    const lines = activity("invitation.accept");
    expect(lines).toHaveLength(before + 1);
    expect(lines.at(-1)).toMatchObject({ adminUserId: user.id, detail: JSON.stringify({ email }) });

    // Reused: refused, nothing changes.
    const after = snapshot(email);
    expect(acceptRefusal(token, user.id)).toBe("accepted");
    expect(snapshot(email)).toEqual(after);
    expect(invitationView(token, admin)).toEqual({ state: "accepted" });
    // An admin is not invited again at the next sign-in.
    await verifyLogin(email, PASSWORD, ORIGIN);
    expect(invitationEmails(email)).toHaveLength(1);
  });

  it("with another account, an expired, revoked or unknown token: refused, nothing changes", async () => {
    const email = listed("ops-refused");
    const invitee = await registerUser({ email, password: PASSWORD, locale: "en", origin: ORIGIN });
    const intruder = await registerUser({ email: address("intruder"), password: PASSWORD, locale: "en" });
    const { token } = tokenFor(email);

    let before = snapshot(email, intruder.email);
    expect(acceptRefusal(token, intruder.id)).toBe("otherAccount");
    expect(invitationView(token, intruder)).toEqual({ state: "otherAccount", email: intruder.email });
    expect(acceptRefusal("not-a-token", invitee.id)).toBe("unknown");
    expect(acceptRefusal("", invitee.id)).toBe("unknown");
    expect(invitationView("x".repeat(500), invitee)).toEqual({ state: "unknown" });
    expect(snapshot(email, intruder.email)).toEqual(before);

    setNow(Date.now() + ROLE_INVITATION_TTL_MS + 1);
    before = snapshot(email);
    expect(acceptRefusal(token, invitee.id)).toBe("expired");
    expect(snapshot(email)).toEqual(before);
    setNow(null);

    const boss = await createAdmin(address("boss"), "a-long-admin-passphrase");
    const revokedToken = tokenFor(email).token;
    const pending = adminTeam().pending.find((p) => p.email === email)!;
    expect(pending.invitedBy).toBeNull();
    expect(revokeInvitation(boss, pending.id)).toEqual({ email });
    expect(activity("invitation.revoke").at(-1)).toMatchObject({ adminUserId: boss.id });
    before = snapshot(email);
    expect(acceptRefusal(revokedToken, invitee.id)).toBe("revoked");
    expect(snapshot(email)).toEqual(before);
    expect(userOf(email).role).toBe("resident");
    // Revoking it again: no longer pending.
    expect(() => revokeInvitation(boss, pending.id)).toThrow(AdminError);
  });
});

describe("an admin invites", () => {
  it("an address without an account: e-mailed in the admin's language; the account made later accepts it", async () => {
    const boss = await createAdmin(address("boss"), "a-long-admin-passphrase");
    const email = address("newcomer");
    const invitation = inviteAdmin(boss, ` ${email.toUpperCase()} `, { origin: ORIGIN, adminLocale: "fr" });
    expect(invitation).toMatchObject({ email, invitedBy: boss.id });
    expect(invitationEmails(email)[0]!.locale).toBe("fr");
    expect(activity("invitation.send").at(-1)).toMatchObject({ adminUserId: boss.id });
    expect(adminTeam().pending.find((p) => p.email === email)?.invitedBy).toBe(boss.email);

    const user = await registerUser({ email, password: PASSWORD, locale: "en", origin: ORIGIN });
    expect(user.role).toBe("resident");
    expect(acceptAdminInvitation(tokenFor(email).token, user.id).role).toBe("admin");
    expect(adminTeam().admins.map((a) => a.email)).toContain(email);
    expect(adminTeam().pending.map((p) => p.email)).not.toContain(email);
  });

  it("a resident: e-mailed in the resident's language; inviting again replaces the link", async () => {
    const boss = await createAdmin(address("boss"), "a-long-admin-passphrase");
    const resident = await registerUser({ email: address("resident"), password: PASSWORD, locale: "fr" });
    inviteAdmin(boss, resident.email, { origin: ORIGIN, adminLocale: "en" });
    expect(invitationEmails(resident.email)[0]!.locale).toBe("fr");
    const old = tokenFor(resident.email).token;
    inviteAdmin(boss, resident.email, { origin: ORIGIN, adminLocale: "en" });
    const fresh = tokenFor(resident.email).token;
    expect(fresh).not.toBe(old);
    expect(acceptRefusal(old, resident.id)).toBe("revoked");
    expect(acceptAdminInvitation(fresh, resident.id).role).toBe("admin");
  });

  it("refuses an existing admin and a malformed address, writing nothing", async () => {
    const boss = await createAdmin(address("boss"), "a-long-admin-passphrase");
    const other = await createAdmin(address("other-admin"), "a-long-admin-passphrase");
    const count = () => db.select().from(schema.roleInvitations).all().length;
    const before = count();
    for (const [raw, key] of [
      [other.email, "team.errors.alreadyAdmin"],
      ["", "team.errors.emailRequired"],
      ["not an address", "team.errors.emailInvalid"],
      [`${"a".repeat(250)}@x.ca`, "team.errors.emailInvalid"],
      [["x@y.ca"], "team.errors.emailRequired"],
    ] as const) {
      expect(() => inviteAdmin(boss, raw, { origin: ORIGIN, adminLocale: "en" })).toThrow(
        expect.objectContaining({ key }),
      );
    }
    expect(count()).toBe(before);
  });
});

describe("create-admin", () => {
  it("still makes an admin, or promotes an existing account", async () => {
    const fresh = await createAdmin(address("script"), "a-long-admin-passphrase");
    expect(fresh.role).toBe("admin");
    const resident = await registerUser({ email: address("promoted"), password: PASSWORD, locale: "en" });
    expect((await createAdmin(resident.email, "another-long-passphrase")).role).toBe("admin");
    await expect(verifyLogin(resident.email, "another-long-passphrase")).resolves.toMatchObject({ role: "admin" });
  });
});

describe("the access log", () => {
  it("never prints an invitation's token (page and .data)", () => {
    expect(redactedUrl("/admin-invitation?token=s3cret")).toBe("/admin-invitation?[redacted]");
    expect(redactedUrl("/admin-invitation.data?token=s3cret&_routes=x")).toBe("/admin-invitation.data?[redacted]");
  });
});
