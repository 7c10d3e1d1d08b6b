// `npm run reminders -- --at <ISO time>`: the day-before reminder job once, as if it were that time
// (issue 35): writes the reminders due then to the outboxes and delivers them (e-mail with SMTP_URL;
// texts by Twilio; without it they are settled as not sent: no text provider) before it exits. What was already written is not written again, so a
// second run sends nothing. Operators run it after downtime (docs/operations.md, "Reminders, texts and alerts").
import { parseArgs } from "node:util";
import { setNow } from "../app/lib/clock";
import { queueDueReminders } from "../app/services/notices/reminders.server";
import { deliverDueEmails, deliverDueTexts } from "../app/services/platform/outbox.server";

const { values } = parseArgs({ options: { at: { type: "string" } } });
const at = values.at === undefined ? Date.now() : Date.parse(values.at);
if (Number.isNaN(at)) {
  console.error(`--at: not a date and time: ${values.at} (e.g. 2026-12-01T17:00:00-05:00)`);
  process.exit(2);
}
setNow(at);
const run = await queueDueReminders(at);
const mail = await deliverDueEmails();
const texts = await deliverDueTexts();
console.log(
  run.date === null
    ? `No reminders are due at ${new Date(at).toISOString()} (they go out from 17:00 Montreal time the day before).`
    : `Reminders for ${run.date}: ${run.emails} e-mails and ${run.texts} texts written; delivered ${mail.sent} e-mails (${mail.failed} failed) and ${texts.sent} texts (${texts.failed} failed, ${texts.notSent} not sent: no text provider).`,
);
process.exit(mail.failed + texts.failed > 0 ? 1 : 0);
