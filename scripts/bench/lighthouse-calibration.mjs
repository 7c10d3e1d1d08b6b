// Lighthouse's CPU slowdown calibrated to the host (issue 44). Lighthouse throttles the CPU relative to the
// machine it runs on (by default a constant 4x), so the same page scores lower on a slow or loaded host. Its
// throttling documentation (GoogleChrome/lighthouse docs/throttling.md, "Calibrating the CPU slowdown") says to
// read the host's `benchmarkIndex` from a report and set `throttling.cpuSlowdownMultiplier` with its CPU
// throttling calculator (lighthouse-cpu-throttling-calculator), whose formula is piecewise linear, chosen so
// the throttled host lands on Lighthouse's reference mid-tier mobile device:
//   index ≥ 1300:        3 + (index − 1300) / 233   (1300 → 3x, 1533 → 4x, 1766 → 5x, 2000 → 6x)
//   800 ≤ index < 1300:  2 + (index − 800) / 500    (800 → 2x)
//   150 ≤ index < 800:   1 + (index − 150) / 650    (150 → 1x)
//   index < 150:         1 (the host is already that slow)

/** The calculator's multiplier for a host's benchmarkIndex (see above), rounded to 0.1. */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`benchmarkIndex ${benchmarkIndex}`);
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 10) / 10;
}
