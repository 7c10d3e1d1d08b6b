// The plans' job's pace (issue 45's bench line): between slices it pauses in proportion to the CPU it used,
// so it takes at most its duty's share of a CPU.
import { describe, expect, it } from "vitest";
import { MAX_PAUSE_MS, pacer } from "~/services/plans/job-pace.server";

/** A clock whose CPU time moves only when told, recording the pauses asked. */
function fakeClock() {
  let cpu = 0;
  const pauses: number[] = [];
  return {
    clock: { cpuMs: () => cpu, sleep: async (ms: number) => void pauses.push(ms) },
    work: (ms: number) => (cpu += ms),
    pauses,
  };
}

describe("the plans' job's pace", () => {
  it("at 30 % of a CPU, pauses 7 ms for every 3 ms of work since the last pause", async () => {
    const { clock, work, pauses } = fakeClock();
    const pause = pacer(0.3, clock);
    work(3);
    await pause();
    work(30);
    await pause();
    await pause(); // no work since: no pause
    expect(pauses.map((ms) => Math.round(ms * 1000) / 1000)).toEqual([7, 70, 0]);
    // Its share over the run: work ÷ (work + pauses).
    expect(33 / (33 + pauses.reduce((a, b) => a + b, 0))).toBeCloseTo(0.3, 5);
  });

  it("never pauses longer than a second at once", async () => {
    const { clock, work, pauses } = fakeClock();
    const pause = pacer(0.1, clock);
    work(500);
    await pause();
    expect(pauses).toEqual([MAX_PAUSE_MS]);
  });

  it("unpaced (duty 1, or not a share), only yields a turn", async () => {
    for (const duty of [1, 0, -1, Number.NaN, 2]) {
      const { clock, work, pauses } = fakeClock();
      const pause = pacer(duty, clock);
      work(50);
      await pause();
      expect(pauses).toEqual([0]);
    }
  });
});
