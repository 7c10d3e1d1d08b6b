// The plans' job's pace (issue 45): what it does between its slices of work. A turn of the event loop; and
// with a `duty` below 1, a pause long enough that the job uses at most that share of a CPU: the CPU time it
// used since its last pause, times 1/duty − 1 (at most a second at once). The scheduled run in its own
// process is paced (plans/cycle-apart): on a machine whose two vCPUs behave as one core's two threads,
// every millisecond it works makes the pages' requests dearer (issue 45's bench: `/` cost 16 % more CPU
// while it ran flat out), and a renewal booked a week ahead can wait a few milliseconds.

export type Pacer = () => Promise<void>;

/** The longest single pause, whatever a slice cost. */
export const MAX_PAUSE_MS = 1000;

type Clock = {
  /** This process's CPU time so far, in ms. */
  cpuMs: () => number;
  /** Waits `ms` (0: a turn of the event loop). */
  sleep: (ms: number) => Promise<void>;
};

const processClock: Clock = {
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
  sleep: (ms) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve))),
};

/** The pause between two slices for a job allowed `duty` of a CPU (1, or anything not in (0, 1): none). */
export function pacer(duty = 1, clock: Clock = processClock): Pacer {
  const paced = duty > 0 && duty < 1;
  let last = clock.cpuMs();
  return async () => {
    const used = clock.cpuMs() - last;
    await clock.sleep(paced ? Math.min(used * (1 / duty - 1), MAX_PAUSE_MS) : 0);
    last = clock.cpuMs();
  };
}
