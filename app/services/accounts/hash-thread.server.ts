// scrypt on one thread of its own, below the pages (issue 44's `morning`). A hash at N=2^17 takes 128 MiB
// and about half a second of CPU. Through node's thread pool, four sign-ins at once took 512 MiB (the
// machine has 512 MB) and, on the one shared CPU, four fifths of it: the pages of every resident already
// signed in waited behind other residents' sign-ins. Here the hashes wait in turn for one worker thread,
// whose Linux niceness is raised (PASSWORD_HASH_NICENESS, 10; setpriority on its thread id), so a page being rendered takes the CPU
// before a hash does, and a hash still advances when the pages leave it time: about a tenth of the CPU while
// the pages are busy (CFS weights 110 against 1024), all of it when they are not.
import { Worker } from "node:worker_threads";
import { env } from "~/services/platform/config.server";

// Plain CommonJS evaluated by the worker (the server build is one ESM bundle, with no file to point at).
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
let niceness = null;
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  os.setPriority(tid, workerData.niceness);
  niceness = os.getPriority(tid);
} catch {}
parentPort.on("message", (job) => {
  if (job.kind === "niceness") return parentPort.postMessage({ id: job.id, niceness });
  try {
    const key = crypto.scryptSync(job.password, Buffer.from(job.salt), job.length, job.options);
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

type Answer = { id: number; key?: Uint8Array; error?: string; niceness?: number | null };
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  const waiting = [...pending.values()];
  pending.clear();
  worker = null;
  for (const job of waiting) job.reject(error);
}

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(SOURCE, { eval: true, workerData: { niceness: env.PASSWORD_HASH_NICENESS } });
  created.on("message", (answer: Answer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    // Idle, the thread does not keep a script (create-admin, the seed) from ending.
    if (pending.size === 0) created.unref();
    job.resolve(answer);
  });
  created.on("error", (error) => {
    if (worker === created) failAll(error);
  });
  created.on("exit", (code) => {
    if (worker === created) failAll(new Error(`the hashing thread ended (${code})`));
  });
  worker = created;
  return created;
}

function ask(job: Record<string, unknown>): Promise<Answer> {
  const thread = hashWorker();
  const id = ++nextId;
  return new Promise<Answer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ ...job, id });
  });
}

/** scrypt (r=8, p=1) on the hashing thread, one hash at a time. */
export async function scryptOnThread(
  password: string,
  salt: Buffer,
  length: number,
  cost: number,
  maxmem: number,
): Promise<Buffer> {
  const answer = await ask({ kind: "scrypt", password, salt, length, options: { N: cost, r: 8, p: 1, maxmem } });
  if (answer.error !== undefined || !answer.key) throw new Error(answer.error ?? "no key");
  return Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength);
}

/** The hashing thread's niceness as Linux reports it (null where it cannot be set or read). */
export async function hashThreadNiceness(): Promise<number | null> {
  return (await ask({ kind: "niceness" })).niceness ?? null;
}

/** Ends the hashing thread (what waits for it is refused); the next hash starts a new one. */
export async function stopHashThread(): Promise<void> {
  const current = worker;
  if (!current) return;
  failAll(new Error("the hashing thread was stopped"));
  await current.terminate();
}
