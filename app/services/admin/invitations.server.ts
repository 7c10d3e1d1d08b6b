// The admin team: who is an admin, the invitations waiting for an answer, inviting an address (the role
// is granted only when the link e-mailed to it is followed by that account) and revoking an invitation.
// Every change is written with its activity line in one transaction.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { acceptInvitation, writeInvitation, type RoleInvitation } from "~/services/accounts/role-invitations.server";
import { db, durably, schema } from "~/services/platform/db.server";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { now } from "~/lib/clock";
import { BASIC_EMAIL_PATTERN, normalizeEmail } from "~/lib/email-rules";
import type { Language } from "~/lib/i18n";
import type { User } from "../../../db/schema";

export type TeamMember = { id: number; email: string; createdAt: number };
export type PendingInvitation = {
  id: number;
  email: string;
  invitedBy: string | null;
  createdAt: number;
  expiresAt: number;
  role: "admin" | "driver";
};

const invitations = schema.roleInvitations;

/** The accounts with a role, oldest first. */
function membersWith(role: "admin" | "driver"): TeamMember[] {
  return db
    .select({ id: schema.users.id, email: schema.users.email, createdAt: schema.users.createdAt })
    .from(schema.users)
    .where(eq(schema.users.role, role))
    .orderBy(asc(schema.users.createdAt), asc(schema.users.id))
    .all();
}

/** The admins and drivers (oldest first) and the invitations that can still be accepted (newest first). */
export function adminTeam(): { admins: TeamMember[]; drivers: TeamMember[]; pending: PendingInvitation[] } {
  const admins = membersWith("admin");
  const inviter = alias(schema.users, "inviter");
  const pending = db
    .select({
      id: invitations.id,
      email: invitations.email,
      invitedBy: inviter.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      role: invitations.role,
    })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now())))
    .all()
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return { admins, drivers: membersWith("driver"), pending };
}

/** A typed address, checked: a string, well formed, at most 254 characters. */
function invitedAddress(raw: unknown): string {
  const email = typeof raw === "string" ? normalizeEmail(raw) : "";
  if (!email)
    throw new AdminError("team.errors.emailRequired", {}, 400, { email: { key: "team.errors.emailRequired" } });
  if (email.length > 254 || !BASIC_EMAIL_PATTERN.test(email)) {
    throw new AdminError("team.errors.emailInvalid", {}, 400, { email: { key: "team.errors.emailInvalid" } });
  }
  return email;
}

/**
 * An admin invites an address to the admin role (or, with `role: "driver"`, the driver role): an e-mail in the invitee's language when they have an
 * account, else in `adminLocale`, with a link to `origin` (APP_URL when set). Inviting again replaces the
 * pending invitation (a new link; the old one stops working). An existing admin is refused.
 */
export function inviteAdmin(
  admin: Pick<User, "id">,
  rawEmail: unknown,
  options: { origin: string; adminLocale: Language; role?: unknown },
): RoleInvitation {
  const email = invitedAddress(rawEmail);
  const role = options.role === "driver" ? "driver" : "admin";
  return db.transaction((tx) => {
    const account = tx.select().from(schema.users).where(eq(schema.users.email, email)).get();
    // An admin is never made a driver by an invitation (that would take the admin role away).
    if (account?.role === "admin") throw new AdminError("team.errors.alreadyAdmin", { email });
    if (account?.role === role) throw new AdminError("team.errors.alreadyDriver", { email });
    const invitation = writeInvitation(tx, {
      email,
      role,
      invitedBy: admin.id,
      locale: account?.locale ?? options.adminLocale,
      origin: options.origin,
      replace: true,
    })!;
    recordActivity(tx, admin.id, "invitation.send", { email, role });
    return invitation;
  });
}

/** Revokes a pending invitation: its link stops working. */
export function revokeInvitation(admin: Pick<User, "id">, invitationId: number | null): { email: string } {
  return db.transaction((tx) => {
    const revoked = durably(
      tx
        .update(invitations)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(invitations.id, invitationId ?? 0),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now()),
          ),
        )
        .returning(),
    );
    if (!revoked) throw new AdminError("team.errors.notPending", {}, 404);
    recordActivity(tx, admin.id, "invitation.revoke", { email: revoked.email });
    return { email: revoked.email };
  });
}

/**
 * The signed-in account `userId` accepts the invitation of a link: the role, the spent invitation and the
 * activity line in one transaction. Throws InvitationError (nothing changed) when it cannot.
 */
export function acceptAdminInvitation(token: string, userId: number): User {
  return db.transaction((tx) => {
    const { user } = acceptInvitation(tx, token, userId);
    recordActivity(tx, user.id, "invitation.accept", { email: user.email });
    return user;
  });
}
