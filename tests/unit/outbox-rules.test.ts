import { describe, expect, it } from "vitest";
import { nextAttemptAt, outboxStatus, tooLateToSend } from "~/lib/outbox";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 24, 12, 0);

describe("the outbox's retry schedule", () => {
  it("waits 1 min, 5 min, 30 min, 2 h after the first four failures, then a day", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => nextAttemptAt(n, T0, T0)! - T0)).toEqual([
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      120 * MINUTE,
      DAY,
      DAY,
    ]);
  });

  it("gives up when the next try would come more than three days after the message was written", () => {
    expect(nextAttemptAt(5, T0, T0 + 2 * DAY)).toBe(T0 + 3 * DAY);
    expect(nextAttemptAt(6, T0, T0 + 2 * DAY + 1)).toBeNull();
  });
});

describe("a message never tried", () => {
  it("is still sent within three days of being written, not later", () => {
    expect(tooLateToSend(T0, T0 + 3 * DAY)).toBe(false);
    expect(tooLateToSend(T0, T0 + 3 * DAY + 1)).toBe(true);
  });
});

describe("an outbox row's status", () => {
  const row = { sentAt: null, text: "Hello", attempts: 0, nextAttemptAt: T0 };
  it.each([
    ["queued", row],
    ["sent", { ...row, sentAt: T0, text: "", attempts: 1, nextAttemptAt: null }],
    ["failing", { ...row, attempts: 2, nextAttemptAt: T0 + 5 * MINUTE }],
    ["expired", { ...row, attempts: 7, nextAttemptAt: null }],
    ["expired", { ...row, text: "", nextAttemptAt: null }],
  ] as const)("%s", (status, value) => {
    expect(outboxStatus(value)).toBe(status);
  });
});
