// `npm run plans -- --at <ISO time>`: the plans' cycle job once, as if it were that time (issue 45): first
// the plans' reconcile (a cycle a crash left charged but not booked is finished with its idempotency key),
// then every cycle due then is booked and charged, the holds run out are released and expiring cards asked
// for; the e-mails (SMTP_URL) and texts (Twilio) are delivered before it exits. What was done is not done
// again, so a second run, or one at the same time as the server's, books and charges nothing twice.
// Operators run it after downtime (docs/operations.md), as `npm run reminders -- --at`. `--plan <id>`: only
// that plan's cycle, hold and card notice (the reconcile and the deliveries stay whole).
import { parseArgs } from "node:util";
import { setNow } from "../app/lib/clock";
import { runPlanCycles } from "../app/services/plans/cycle-job.server";
import { reconcilePlans } from "../app/services/plans/cycle-reconcile.server";
import { deliverDueEmails, deliverDueTexts } from "../app/services/platform/outbox.server";

/** A cycle claimed less than this long ago may be another process's, still waiting for the provider. */
const GRACE_MS = 10 * 60 * 1000;

const { values } = parseArgs({ options: { at: { type: "string" }, plan: { type: "string" } } });
const planId = values.plan === undefined ? undefined : Number(values.plan);
if (planId !== undefined && !(Number.isInteger(planId) && planId > 0)) {
  console.error(`--plan: not a plan's id: ${values.plan}`);
  process.exit(2);
}
const at = values.at === undefined ? Date.now() : Date.parse(values.at);
if (Number.isNaN(at)) {
  console.error(`--at: not a date and time: ${values.at} (e.g. 2026-12-01T08:00:00-05:00)`);
  process.exit(2);
}
setNow(at);
const settled = await reconcilePlans({ graceMs: GRACE_MS });
const run = await runPlanCycles(at, { planId });
const mail = await deliverDueEmails();
const texts = await deliverDueTexts();
console.log(
  `Plans at ${new Date(at).toISOString()}: ${run.booked} booked and charged, ${run.held} held for payment, ` +
    `${run.noPlace} without a place, ${run.released} released, ${run.cardNotices} asked for a new card, ` +
    `${settled.charged + settled.held + settled.paid} finished after a crash, ${run.errors + settled.errors} errors; ` +
    `delivered ${mail.sent} e-mails (${mail.failed} failed) and ${texts.sent} texts (${texts.failed} failed).`,
);
console.log(JSON.stringify({ run, settled }));
process.exit(run.errors + settled.errors + mail.failed + texts.failed > 0 ? 1 : 0);
