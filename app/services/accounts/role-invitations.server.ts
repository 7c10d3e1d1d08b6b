// Invitations to a role (issue 21, part 2). The admin role comes only from `npm run create-admin` (server
// access) or from an invitation e-mailed to an address and accepted, through the link in it, by the account
// with that address: the mailbox is proven. As for reset links, the token is only in the e-mail; the table
// keeps its SHA-256. ADMIN_EMAILS only pre-authorises: such an account that registers or signs in without
// the role is e-mailed an invitation (not again while one is pending), and gets the role when it accepts.
import { and, eq, gt, isNull } from "drizzle-orm";
import { adminEmails, env } from "~/services/platform/config.server";
import { db, durably, schema, type Db, type Tx } from "~/services/platform/db.server";
import { eraseEmailBodies, queueEmail } from "~/services/platform/mailer.server";
import { appLink } from "./links.server";
import { newLinkToken, sha256 } from "./passwords.server";
import { now } from "~/lib/clock";
import { normalizeEmail } from "~/lib/email-rules";
import type { Language } from "~/lib/i18n";
import type { User } from "../../../db/schema";

export const ROLE_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** The page the e-mailed link opens (its query string is kept out of the access log). */
export const INVITATION_PATH = "/admin-invitation";

export type RoleInvitation = typeof schema.roleInvitations.$inferSelect;
export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

/** Why an invitation cannot be accepted: its state, or "unknown" (no such token) or "otherAccount". */
export class InvitationError extends Error {
  constructor(
    public readonly reason: Exclude<InvitationState, "pending"> | "unknown" | "otherAccount",
    public readonly status = 400,
  ) {
    super(`Invitation ${reason}`);
  }
}

const invitations = schema.roleInvitations;

function invitationState(invitation: RoleInvitation, at = now()): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= at ? "expired" : "pending";
}

function pendingWhere(email: string) {
  return and(
    eq(invitations.email, email),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now()),
  );
}

/** The address's invitations that can still be accepted. */
function pendingInvitationsOf(email: string, tx: Db | Tx = db): RoleInvitation[] {
  return tx
    .select()
    .from(invitations)
    .where(pendingWhere(normalizeEmail(email)))
    .all();
}

/** Invitation e-mails whose link has expired lose their body (the link) in the outbox. */
export function purgeExpiredInvitationEmails() {
  eraseEmailBodies("role-invitation", now() - ROLE_INVITATION_TTL_MS);
  eraseEmailBodies("driver-invitation", now() - ROLE_INVITATION_TTL_MS);
}

/**
 * Writes an invitation and its e-mail in `tx` (the caller's transaction): the link carries the token, the
 * row its hash. `replace` revokes the address's pending invitations first (an admin inviting again);
 * without it nothing is written while one is pending, and null comes back.
 */
export function writeInvitation(
  tx: Db | Tx,
  input: {
    email: string;
    role: RoleInvitation["role"];
    invitedBy: number | null;
    locale: Language;
    /** The allowed origin of the request that caused it; APP_URL wins when set. */
    origin: string;
    replace?: boolean;
  },
): RoleInvitation | null {
  purgeExpiredInvitationEmails();
  const email = normalizeEmail(input.email);
  const pending = pendingInvitationsOf(email, tx);
  if (pending.length && !input.replace) return null;
  if (pending.length) tx.update(invitations).set({ revokedAt: now() }).where(pendingWhere(email)).run();
  const { token, tokenHash } = newLinkToken();
  const expiresAt = now() + ROLE_INVITATION_TTL_MS;
  const invitation = durably(
    tx
      .insert(invitations)
      .values({ email, role: input.role, tokenHash, invitedBy: input.invitedBy, expiresAt, createdAt: now() })
      .returning(),
  );
  queueEmail(tx, {
    to: email,
    kind: input.role === "driver" ? "driver-invitation" : "role-invitation",
    locale: input.locale,
    expiresAt,
    values: {
      link: appLink(input.origin, `${INVITATION_PATH}?token=${encodeURIComponent(token)}`),
      email,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
  return invitation;
}

/**
 * An account of ADMIN_EMAILS without the role, registering or signing in: e-mails it an invitation (one
 * transaction), unless one is pending. Without an origin (and no APP_URL) there is no link to write: the
 * next sign-in through the site offers it.
 */
export function offerPreauthorisedRole(user: Pick<User, "email" | "role" | "locale">, origin: string | undefined) {
  if (user.role === "admin" || !adminEmails().includes(normalizeEmail(user.email))) return null;
  const base = env.APP_URL ?? origin;
  if (!base) return null;
  return db.transaction((tx) =>
    writeInvitation(tx, { email: user.email, role: "admin", invitedBy: null, locale: user.locale, origin: base }),
  );
}

/** The invitation a link's token names, or null (unknown, or not a token at all). */
function invitationByToken(token: string | null | undefined, tx: Db | Tx = db): RoleInvitation | null {
  if (!token || token.length > 200) return null;
  return (
    tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, sha256(token)))
      .get() ?? null
  );
}

/**
 * Inside the caller's transaction: the account `userId` accepts the invitation `token` names. It must be
 * pending and sent to this account's address; the account gets the role and the invitation is spent.
 * Throws an InvitationError (nothing changed) otherwise.
 */
export function acceptInvitation(tx: Tx, token: string, userId: number): { invitation: RoleInvitation; user: User } {
  const invitation = invitationByToken(token, tx);
  if (!invitation) throw new InvitationError("unknown", 404);
  const state = invitationState(invitation);
  if (state !== "pending") throw new InvitationError(state, 410);
  const account = tx.select().from(schema.users).where(eq(schema.users.id, userId)).get();
  if (!account || account.email !== invitation.email) throw new InvitationError("otherAccount", 403);
  tx.update(invitations)
    .set({ acceptedAt: now() })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .run();
  const user = durably(
    tx.update(schema.users).set({ role: invitation.role }).where(eq(schema.users.id, account.id)).returning(),
  );
  return { invitation, user };
}

export type InvitationView =
  | { state: "ready"; email: string; role: RoleInvitation["role"] }
  | { state: "signedOut" }
  | { state: InvitationError["reason"]; email?: string };

/** What the invitation page shows to `user` (null: signed out) for a link's token. Changes nothing. */
export function invitationView(token: string | null | undefined, user: Pick<User, "email"> | null): InvitationView {
  const invitation = invitationByToken(token);
  if (!invitation) return { state: "unknown" };
  const state = invitationState(invitation);
  if (state !== "pending") return { state };
  if (!user) return { state: "signedOut" };
  if (user.email !== invitation.email) return { state: "otherAccount", email: user.email };
  return { state: "ready", email: user.email, role: invitation.role };
}
