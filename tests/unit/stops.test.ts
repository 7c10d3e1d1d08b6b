// Issue 42: the pure rules of a stop (lib/stops): the reasons a pickup is Missed and which are ours,
// reading a mark from a form, and the driver's 10-minute undo window at its boundary, with a fixed clock.
import { describe, expect, it } from "vitest";
import { canUndo, isOurFault, MISSED_REASONS, readMark, REBOOK_DAYS, UNDO_WINDOW_MS, undoDeadline } from "~/lib/stops";

const MARKED = Date.parse("2026-12-01T14:03:00-05:00");

describe("the reasons", () => {
  it("are the four kinds, our fault with its cause (truck, staff, weather, a closure)", () => {
    expect(MISSED_REASONS).toEqual([
      "bags-not-out",
      "no-access",
      "refused-items",
      "our-fault-truck",
      "our-fault-staff",
      "our-fault-weather",
      "our-fault-closure",
    ]);
    expect(MISSED_REASONS.filter(isOurFault)).toEqual([
      "our-fault-truck",
      "our-fault-staff",
      "our-fault-weather",
      "our-fault-closure",
    ]);
    expect(isOurFault("our-fault-aliens")).toBe(false);
    expect(isOurFault(null)).toBe(false);
    expect(REBOOK_DAYS).toBe(14);
  });

  it("Missed needs one of them; Completed takes none", () => {
    expect(readMark("Completed", "our-fault-truck")).toEqual({ mark: "Completed", reason: null });
    expect(readMark("Missed", "no-access")).toEqual({ mark: "Missed", reason: "no-access" });
    expect(readMark("Missed", null)).toBeNull();
    expect(readMark("Missed", "lost")).toBeNull();
    expect(readMark("Cancelled", null)).toBeNull();
    expect(readMark(["Completed"], null)).toBeNull();
  });
});

describe("the undo window", () => {
  it("is open for 10 minutes after the mark, closed at 10 minutes exactly", () => {
    expect(UNDO_WINDOW_MS).toBe(10 * 60 * 1000);
    expect(undoDeadline(MARKED)).toBe(Date.parse("2026-12-01T14:13:00-05:00"));
    expect(canUndo(MARKED, MARKED)).toBe(true);
    expect(canUndo(MARKED, MARKED + UNDO_WINDOW_MS - 1)).toBe(true);
    expect(canUndo(MARKED, MARKED + UNDO_WINDOW_MS)).toBe(false);
    expect(canUndo(MARKED, MARKED + 24 * 3_600_000)).toBe(false);
    // A clock behind the mark (another machine's) never opens it.
    expect(canUndo(MARKED, MARKED - 1)).toBe(false);
  });
});
