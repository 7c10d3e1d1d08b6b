// `npm run retention -- --at <ISO time>`: the daily retention job once, as if it were that time (issue 43
// part 5), as `npm run reminders -- --at` is for the reminders: warns and deletes unused accounts, erases
// what has served its purpose, purges the deleted accounts' de-identified tax records six years after the
// end of their tax year, and asks the payment provider again to delete the customers of deleted accounts;
// then delivers the e-mails it wrote and prints what it did. Every step is a conditional write on what is
// due at that time: a second run does nothing twice. Without --at: now.
import { parseArgs } from "node:util";
import { setNow } from "../app/lib/clock";
import { taxRecordsPurgeBefore } from "../app/lib/tax-records";
import { deliverDueEmails } from "../app/services/platform/outbox.server";
import { runRetention } from "../app/services/privacy/retention.server";

const { values } = parseArgs({ options: { at: { type: "string" } } });
const at = values.at === undefined ? Date.now() : Date.parse(values.at);
if (Number.isNaN(at)) {
  console.error(`--at: not a date and time: ${values.at} (e.g. 2033-01-01T03:30:00-05:00)`);
  process.exit(2);
}
setNow(at);
const run = await runRetention(at);
const mail = await deliverDueEmails();
const tax = run.taxRecords;
console.log(
  [
    `Retention at ${new Date(at).toISOString()}:`,
    `- unused accounts: ${run.warned} warned, ${run.deleted} deleted;`,
    `- waitlist entries erased: ${run.waitlist}; e-mail bodies erased: ${run.emailBodies}; deletion confirmations removed: ${run.confirmations};`,
    `- de-identified tax records purged (last money event before ${new Date(taxRecordsPurgeBefore(at)).toISOString()}): ${tax.pickups} pickups, ${tax.payments} payments, ${tax.checkouts} checkouts, ${tax.promoRedemptions} promo redemptions;`,
    `- customers deleted at the payment provider: ${run.customers.deleted} (${run.customers.failed} failed, asked again next run);`,
    `- e-mails delivered: ${mail.sent} (${mail.failed} failed).`,
  ].join("\n"),
);
process.exit(run.customers.failed + mail.failed > 0 ? 1 : 0);
