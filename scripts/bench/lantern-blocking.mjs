// What Lighthouse's simulated blocking time is made of, task by task (issue 44, seventh session). Lighthouse's
// score here is all Total Blocking Time, and its simulation (Lantern) does not count the tasks a trace shows:
//   - it keeps the main-thread tasks of 10 ms and more (shorter ones are pruned unless they link others, and
//     the first parse, layout and paint are kept), and multiplies each by the CPU slowdown, a task that laid
//     out the page by half of it;
//   - it estimates the first contentful paint on a graph of the document, its render-blocking requests and
//     the first parse, layout and paint only, but places the tasks on the whole graph, where the navigation's
//     commit (13-33 ms on this host) runs first: the page's own first parse and layout then land after the
//     paint it estimated, and count;
//   - its blocking time is the mean of an optimistic and a pessimistic estimate, each pairing the other's
//     first paint.
// This runs Lantern again on a run's trace (Lighthouse's own computed artifacts) and writes each task it
// placed: simulated start, end and length, the observed length, whether it laid out, what it blocked after
// the first paint of that estimate, and its longest events. BENCH_LH_REPORTS writes it beside each report.
import { Audit } from "lighthouse/core/audits/audit.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";

/** The text of the breakdown for one run (`result` is what `lighthouse()` returned, artifacts included). */
export async function lanternBlocking(result) {
  const context = { computedCache: new Map(), settings: result.lhr.configSettings };
  const data = Audit.makeMetricComputationDataInput(result.artifacts, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const lines = [
    `${result.lhr.finalDisplayedUrl}: blocking ${Math.round(result.lhr.audits["total-blocking-time"].numericValue)} ms ` +
      `(optimistic ${Math.round(tbt.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(tbt.pessimisticEstimate.timeInMs)}); ` +
      `first contentful paint optimistic ${Math.round(fcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(fcp.pessimisticEstimate.timeInMs)}; ` +
      `CPU slowdown ${result.lhr.configSettings.throttling.cpuSlowdownMultiplier}, benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}`,
  ];
  // Lantern pairs the pessimistic blocking time with the optimistic first paint, and the other way round.
  const estimates = [
    ["pessimistic", tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs],
    ["optimistic", tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs],
  ];
  for (const [name, estimate, paint] of estimates) {
    lines.push(`${name} (first paint at ${Math.round(paint)} ms): start-end, simulated, observed, L = laid out`);
    const tasks = [...estimate.nodeTimings.entries()]
      .filter(([node]) => node.type === "cpu")
      .sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of tasks) {
      const blocked = Math.max(0, timing.endTime - Math.max(timing.startTime, paint) - 50);
      const events = node.childEvents
        .filter((event) => event.dur > 500)
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 3)
        .map((event) => {
          const url = event.args?.data?.url;
          return `${event.name}${url ? `(${url.split("/").pop()})` : ""} ${(event.dur / 1000).toFixed(1)}`;
        });
      lines.push(
        `  ${Math.round(timing.startTime)}-${Math.round(timing.endTime)} ${Math.round(timing.duration)} ms, ` +
          `observed ${(node.duration / 1000).toFixed(1)}${node.didPerformLayout() ? " L" : ""}` +
          `${blocked > 0 ? `, blocks ${Math.round(blocked)}` : ""}: ${events.join(", ")}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
