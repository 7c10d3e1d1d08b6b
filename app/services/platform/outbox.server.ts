// The outbox worker: the email_outbox rows are the queue. Every e-mail is written there in the transaction
// of the change that causes it (mailer.server); this worker sends the due ones after the answer, kicked
// right after each new row and every 30 seconds, on the primary only. A row is claimed in a transaction
// (claim_token, claimed_at; a batch of them at once, sent a few at a time) before it is sent, so two workers (two processes, or two runs racing) never
// send it twice; a claim older than a few minutes is a worker that died and may be taken again.
// Sent: the body is erased. Failed: attempts + 1, the error kept, tried again after 1 min, 5 min,
// 30 min, 2 h, then daily up to 3 days (lib/outbox). A message whose link expired (a reset e-mail) is not
// sent late: it is marked expired and its body erased.
// Texts (issue 35) are rows of the same table with channel "sms": the same claim, retries and worker,
// sent through platform/sms.server by Twilio. Without a text provider (issue 42) a text is not sent and
// nothing says it was: it is settled as "not sent: no text provider" (its body kept for admins to read),
// never retried, not a failure.
// The rows' claims and settles are in outbox-claims.server.
import nodemailer from "nodemailer";
import { env } from "./config.server";
import {
  claimBatch,
  ERASED_BODY,
  release,
  settle,
  settleNotSent,
  settleSent,
  type Channel,
  type Row,
} from "./outbox-claims.server";
import { textSender, type TextSender } from "./sms.server";
import { nextAttemptAt, tooLateToSend, type NotSentReason } from "~/lib/outbox";
import { now } from "~/lib/clock";

const WORKER_INTERVAL_MS = 30 * 1000;
/**
 * Messages in flight at once: each send mostly waits on the provider's answer (an SMTP round trip), so a few
 * at a time deliver a day's reminders in a minute where one at a time took many. A claimed batch is a few
 * rounds of them: far inside the stale-claim delay even when every send times out.
 */
const IN_FLIGHT = 8;
const CLAIM_BATCH = IN_FLIGHT * 2;
export const EXPIRED_ERROR = "Not sent: its link expired before it could be delivered";
const TOO_OLD_ERROR = "Not sent: written more than 3 days ago";

export type MailTransport = Pick<nodemailer.Transporter, "sendMail"> & { close?: () => void };

/**
 * nodemailer over SMTP with short connection, greeting and socket timeouts (SMTP_TIMEOUT_MS), unless
 * SMTP_URL sets its own (`?greetingTimeout=…`). Given in the URL: nodemailer ignores options beside a `url`.
 */
export function createSmtpTransport(url: string, timeoutMs = env.SMTP_TIMEOUT_MS): MailTransport {
  const withTimeouts = new URL(url);
  for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!withTimeouts.searchParams.has(key)) withTimeouts.searchParams.set(key, String(timeoutMs));
  }
  // A pool of as many connections as messages in flight, each kept for many messages: no new connection
  // (and TLS handshake) per message, unless SMTP_URL says otherwise (`?pool=false`).
  if (!withTimeouts.searchParams.has("pool")) {
    withTimeouts.searchParams.set("pool", "true");
    withTimeouts.searchParams.set("maxConnections", String(IN_FLIGHT));
  }
  return nodemailer.createTransport(withTimeouts.toString());
}

let smtp: MailTransport | null = null;
function smtpTransport() {
  if (!env.SMTP_URL) return null;
  smtp ??= createSmtpTransport(env.SMTP_URL);
  return smtp;
}

/**
 * What nodemailer sends for a row: from MAIL_FROM (the product's name), replies to the support address,
 * the text and HTML parts, the row's attachments (a calendar event) and extra headers.
 */
function mailOf(row: Row): nodemailer.SendMailOptions {
  const attachments = row.attachments
    ? (JSON.parse(row.attachments) as Array<{ filename: string; contentType: string; content: string }>)
    : [];
  return {
    from: env.MAIL_FROM,
    replyTo: env.SUPPORT_EMAIL,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    // Our texts are English and French: quoted-printable, without nodemailer counting characters to choose.
    textEncoding: "quoted-printable",
    ...(attachments.length ? { attachments } : {}),
    ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
  };
}

/** What sending a row came to: sent (its body kept or erased), or not sent and why. */
type Outcome = { keepBody: boolean } | { notSent: NotSentReason };

/** `notSent`: settled without sending (issue 42: texts without a text provider). */
export type DeliveryReport = { sent: number; failed: number; expired: number; notSent: number };

/**
 * Sends every due row, a few at a time, until none is left (or `stopped()` says so). Without a transport
 * (no SMTP_URL) nothing is sent: the rows wait in the outbox.
 */
export async function deliverDueEmails(
  transport: MailTransport | null = smtpTransport(),
  stopped: () => boolean = () => false,
): Promise<DeliveryReport> {
  if (!transport) return { sent: 0, failed: 0, expired: 0, notSent: 0 };
  return deliverDue(
    "email",
    async (row) => {
      // Its attachments (a calendar event) and headers (List-Unsubscribe, RFC 8058) as written.
      await transport.sendMail(mailOf(row));
      return { keepBody: false };
    },
    stopped,
  );
}

/**
 * Sends every due text through Twilio; without a text provider, settles each as not sent (its body stays
 * for admins to read, printed outside production with MAIL_LOG).
 */
export async function deliverDueTexts(
  sender: TextSender = textSender(),
  stopped: () => boolean = () => false,
): Promise<DeliveryReport> {
  return deliverDue(
    "sms",
    async (row) => {
      await sender.send(row.to, row.text);
      return sender.provider === "recorded" ? { notSent: "no-text-provider" } : { keepBody: false };
    },
    stopped,
  );
}

/** Sends one claimed row: expire, send, settle or schedule the retry. */
async function deliverOne(channel: Channel, row: Row, send: (row: Row) => Promise<Outcome>, report: DeliveryReport) {
  const token = row.claimToken!;
  if (row.expiresAt !== null && row.expiresAt <= now()) {
    settle(row.id, token, { ...ERASED_BODY, error: EXPIRED_ERROR, nextAttemptAt: null });
    report.expired += 1;
    return;
  }
  // Three days of failures give up (below); so does a message that was never tried for as long (mail
  // was off when it was written): its news is stale. Its body is kept for an admin's Resend (which
  // sends it: it counts as tried).
  if (row.attempts === 0 && tooLateToSend(row.createdAt, now())) {
    settle(row.id, token, { error: row.error ?? TOO_OLD_ERROR, attempts: 1, nextAttemptAt: null });
    report.expired += 1;
    return;
  }
  try {
    const outcome = await send(row);
    if ("notSent" in outcome) {
      settleNotSent(row, token, outcome.notSent);
      report.notSent += 1;
      return;
    }
    settleSent(row, token, outcome.keepBody);
    report.sent += 1;
  } catch (error) {
    const attempts = row.attempts + 1;
    const next = nextAttemptAt(attempts, row.createdAt, now());
    settle(row.id, token, { error: String(error), attempts, nextAttemptAt: next });
    report.failed += 1;
    console.error(
      `[${channel === "sms" ? "sms" : "mail"}] delivery of outbox #${row.id} failed (attempt ${attempts}; ${
        next === null ? "given up" : `next ${new Date(next).toISOString()}`
      }): ${String(error)}`,
    );
  }
}

/**
 * One worker logic for both channels: a few lanes send at once, each taking the next row this worker has
 * claimed (not to a recipient another lane is sending to) and claiming the next batch when none is left
 * (claims are synchronous: two lanes never take the same), each row settled as soon as its answer comes,
 * until none is due or `stopped()` says so.
 */
async function deliverDue(
  channel: Channel,
  send: (row: Row) => Promise<Outcome>,
  stopped: () => boolean,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, expired: 0, notSent: 0 };
  const waiting: Row[] = [];
  // One message at a time per recipient, so that theirs arrive in the order they were written.
  const busy = new Set<string>();
  const free = () => waiting.findIndex((row) => !busy.has(row.to));
  let drained = false;
  const lane = async () => {
    while (!stopped()) {
      let next = free();
      // Claims more only when none is left (a lane with only busy recipients' rows stops: they are sent in turn).
      if (!waiting.length && !drained) {
        const batch = claimBatch(channel, CLAIM_BATCH);
        drained = batch.length === 0;
        waiting.push(...batch);
        next = free();
      }
      if (next === -1) return;
      const [row] = waiting.splice(next, 1) as [Row];
      busy.add(row.to);
      try {
        await deliverOne(channel, row, send, report);
      } finally {
        busy.delete(row.to);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  release(waiting);
  return report;
}

/**
 * The worker runs on the primary only: not with OUTBOX_WORKER=0, nor on a Fly machine outside PRIMARY_REGION.
 * On LiteFS the lease says which machine is the primary (ops/startup starts the worker there only), in
 * whichever region it moved to.
 */
export function isOutboxPrimary(
  source: Pick<typeof env, "OUTBOX_WORKER" | "FLY_REGION" | "PRIMARY_REGION" | "LITEFS_DIR"> = env,
) {
  if (source.OUTBOX_WORKER === "0") return false;
  if (source.LITEFS_DIR) return true;
  return !(source.FLY_REGION && source.PRIMARY_REGION && source.FLY_REGION !== source.PRIMARY_REGION);
}

const worker: { timer: NodeJS.Timeout | null; running: Promise<unknown> | null; again: boolean; stopping: boolean } = {
  timer: null,
  running: null,
  again: false,
  stopping: false,
};

function run() {
  if (!worker.timer) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = deliverDueEmails(smtpTransport(), () => worker.stopping)
    .then(() => deliverDueTexts(textSender(), () => worker.stopping))
    .catch((error: unknown) => console.error("[mail] outbox worker run failed", error))
    .finally(() => {
      worker.running = null;
      if (worker.again) {
        worker.again = false;
        run();
      }
    });
}

/** A row was just written: send it after the current answer (its transaction has committed by then). */
export function kickOutbox() {
  if (worker.timer) setImmediate(run);
}

/**
 * Starts the worker on the primary; what a restart finds in the outbox is sent. E-mails need SMTP_URL;
 * texts need Twilio (without it they are settled as not sent: no text provider).
 */
export function startOutboxWorker() {
  if (worker.timer || !isOutboxPrimary()) return false;
  worker.stopping = false;
  worker.timer = setInterval(run, WORKER_INTERVAL_MS);
  worker.timer.unref();
  kickOutbox();
  return true;
}

/** Stops the worker: no new run, the message being sent finishes (SMTP timeouts bound it). */
export async function stopOutboxWorker() {
  if (worker.timer) clearInterval(worker.timer);
  worker.timer = null;
  worker.stopping = true;
  await worker.running;
  // The pool's idle connections closed too.
  smtp?.close?.();
  smtp = null;
}
