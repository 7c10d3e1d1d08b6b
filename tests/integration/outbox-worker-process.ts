// A second process's outbox worker, for outbox-delivery.test.ts: says "ready", waits for a line on stdin (so
// both processes start sending at the same moment), sends what is due in DATABASE_PATH's outbox through
// SMTP_URL, once, and prints its report as JSON.
import { db, schema } from "../../app/services/platform/db.server";
import { createSmtpTransport, deliverDueEmails } from "../../app/services/platform/outbox.server";

const transport = createSmtpTransport(process.env.SMTP_URL!, 2000);
// The database opened (and its migrations checked) before "ready", not after "go": the other worker is quick.
db.select({ id: schema.emailOutbox.id }).from(schema.emailOutbox).limit(1).all();
console.log("ready");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.pause();
console.log(JSON.stringify(await deliverDueEmails(transport)));
