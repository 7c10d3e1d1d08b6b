// A load generator in a process of its own, for scripts/bench-reminders.ts: autocannon on one URL for
// the given seconds, or until its parent sends "stop", then one message to the parent with what it saw
// (requests per second over the whole run, their total, the answers not 2xx, errors, p99 latency); meanwhile
// it answers "count" with the responses so far (scripts/bench-plans.ts measures windows with it).
//
//   node scripts/bench-load.mjs <url> <connections> <seconds>
import autocannon from "autocannon";

const [url, connections, seconds] = process.argv.slice(2);
const started = performance.now();
const instance = autocannon({ url, connections: Number(connections), duration: Number(seconds) }, (error, result) => {
  const elapsed = (performance.now() - started) / 1000;
  process.send?.(
    error
      ? { error: String(error) }
      : {
          rps: result.requests.total / elapsed,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          p99: result.latency.p99,
          seconds: elapsed,
        },
    () => process.exit(0),
  );
});
// Responses so far, for a parent that measures windows of its own ("count": answered with { count }).
let responses = 0;
instance.on("response", () => responses++);
process.on("message", (message) => {
  if (message === "stop") instance.stop();
  if (message === "count") process.send?.({ count: responses });
});
