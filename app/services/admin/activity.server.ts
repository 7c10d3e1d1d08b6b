// The admin activity log: every change an admin makes is written here (who, what, when) in the same
// transaction as the change, and the dashboard shows the latest entries in the reader's language.
import { desc, eq } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

/** Every action an admin can take; each has a text `activity.<action>` in the admin namespace. */
export const ACTIVITY_ACTIONS = [
  "promo.create",
  "promo.deactivate",
  "template.update",
  "slots.regenerate",
  "slot.capacity",
  "date.close",
  "date.reopen",
  "holiday.open",
  "prefix.open",
  "prefix.deactivate",
  "waitlist.notify",
  "pickup.completed",
  "pickup.missed",
  "refund.retry",
  "refund.full",
  "pickup.corrected",
  "invitation.send",
  "invitation.revoke",
  "invitation.accept",
  "email.resend",
  "account.delete",
  "account.expire",
  "incident.record",
  "incident.update",
  "alert.send",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Values the activity text interpolates; kept as JSON so the log reads in either language. */
export type ActivityDetail = Record<string, string | number>;

export function recordActivity(
  tx: Tx | typeof db,
  adminUserId: number,
  action: ActivityAction,
  detail: ActivityDetail = {},
) {
  tx.insert(schema.adminActivity)
    .values({ adminUserId, action, detail: JSON.stringify(detail), createdAt: now() })
    .run();
}

export type ActivityEntry = {
  id: number;
  action: ActivityAction;
  detail: ActivityDetail;
  adminEmail: string;
  createdAt: number;
};

function parseDetail(text: string): ActivityDetail {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ActivityDetail) : {};
  } catch {
    return {};
  }
}

export function recentActivity(limit = 10): ActivityEntry[] {
  return db
    .select({
      id: schema.adminActivity.id,
      action: schema.adminActivity.action,
      detail: schema.adminActivity.detail,
      adminEmail: schema.users.email,
      createdAt: schema.adminActivity.createdAt,
    })
    .from(schema.adminActivity)
    .innerJoin(schema.users, eq(schema.users.id, schema.adminActivity.adminUserId))
    .orderBy(desc(schema.adminActivity.createdAt), desc(schema.adminActivity.id))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, action: row.action as ActivityAction, detail: parseDetail(row.detail) }));
}
