// Part of `npm run bench` (scripts/bench.mjs runs it with tsx): 5,000 Scheduled pickups due at 17:00 on a
// fresh database; the reminder job writes them to the outbox (timed: budget 10 s) and the outbox worker's
// logic delivers them to a local SMTP sink (timed: budget 5 minutes). Prints one JSON line on stdout.
//
//   BENCH_REMINDERS=5000 npx tsx scripts/bench-reminders.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSmtpStandIn } from "../tests/integration/smtp-stand-in";

const COUNT = Math.max(1, Number(process.env.BENCH_REMINDERS ?? 5000));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reminders-"));
process.env.DATABASE_PATH = path.join(dir, "bench.db");
process.env.SESSION_SECRET ??= "bench-secret";
process.env.MAIL_LOG = "0";
const smtp = await startSmtpStandIn();
process.env.SMTP_URL = smtp.url;

const { setNow } = await import("../app/lib/clock");
const { addDays, dateKey, windowEnd, windowStart } = await import("../app/lib/dates");
const { reminderWindow } = await import("../app/lib/reminders");
const { sqlite } = await import("../app/services/platform/db.server");
const { queueDueReminders } = await import("../app/services/notices/reminders.server");
const { deliverDueEmails } = await import("../app/services/platform/outbox.server");

const date = addDays(dateKey(Date.now()), 3);
const db = sqlite();
db.transaction(() => {
  const slots = (["morning", "afternoon"] as const).map(
    (window) =>
      db
        .prepare(
          "INSERT INTO pickup_slots (date, window, starts_at, ends_at, max_capacity, service_areas) VALUES (?, ?, ?, ?, ?, '[]') RETURNING id",
        )
        .get(date, window, windowStart(date, window), windowEnd(date, window), COUNT) as { id: number },
  );
  const user = db.prepare(
    "INSERT INTO users (email, password_hash, first_name, last_name, street_address, city, postal_code, postal_fsa, locale) VALUES (?, 'x', 'Marie', 'Tremblay', '100 Rue Saint-Denis', 'Montréal', 'H2X 3K2', 'H2X', ?) RETURNING id",
  );
  const pickup = db.prepare(
    "INSERT INTO pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, list_price_cents, subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, updated_at) VALUES (?, ?, ?, 2, 2400, 2400, 120, 239, 2759, '100 Rue Saint-Denis', 'H2X', 0)",
  );
  for (let i = 0; i < COUNT; i++) {
    const { id } = user.get(`bench-${i}@example.ca`, i % 2 ? "fr" : "en") as { id: number };
    pickup.run(`BNCH-${String(i).padStart(5, "0")}`, id, slots[i % 2]!.id);
  }
})();

const at = reminderWindow(date).from;
setNow(at);
let started = performance.now();
const run = queueDueReminders(at);
const queueMs = performance.now() - started;
started = performance.now();
const report = await deliverDueEmails();
const deliverMs = performance.now() - started;
await smtp.close();
console.log(JSON.stringify({ count: COUNT, queued: run.emails, queueMs, delivered: report.sent, deliverMs }));
process.exit(0);
