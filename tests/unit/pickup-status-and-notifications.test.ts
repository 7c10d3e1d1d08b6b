import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { ZONE } from "~/lib/dates";
import { unreadBadge } from "~/lib/bell";
import { computeNotifications, type PickupForNotifications } from "~/lib/notifications";
import { displayStatus } from "~/lib/pickup-status";
import { canChange } from "~/lib/slots";

const HOUR = 3_600_000;
// The fixed clock: Tuesday 2026-12-01, 10:00 in Montreal.
const NOW = DateTime.fromISO("2026-12-01T10:00", { zone: ZONE }).toMillis();

function pickup(hoursAhead: number, extra: Partial<PickupForNotifications> = {}): PickupForNotifications {
  const startsAt = NOW + hoursAhead * HOUR;
  return {
    id: 7,
    confirmationNumber: "ABCD-EFGH",
    status: "Scheduled",
    createdAt: NOW - 72 * HOUR,
    modifiedAt: null,
    cancelledAt: null,
    startsAt,
    date: DateTime.fromMillis(startsAt, { zone: ZONE }).toISODate(),
    window: "morning",
    ...extra,
  };
}

const titles = (hoursAhead: number, extra?: Partial<PickupForNotifications>) =>
  computeNotifications([pickup(hoursAhead, extra)], NOW).map((n) => n.title);

describe("status badge (America/New_York)", () => {
  it("follows the stored status when it is not Scheduled", () => {
    expect(displayStatus("Cancelled", "2026-12-05", NOW)).toBe("cancelled");
    expect(displayStatus("Completed", "2026-12-05", NOW)).toBe("completed");
    expect(displayStatus("Missed", "2026-11-30", NOW)).toBe("missed");
  });
  it("yesterday is completed, today is today, tomorrow is scheduled", () => {
    expect(displayStatus("Scheduled", "2026-11-30", NOW)).toBe("completed");
    expect(displayStatus("Scheduled", "2026-12-01", NOW)).toBe("today");
    expect(displayStatus("Scheduled", "2026-12-02", NOW)).toBe("scheduled");
    expect(displayStatus("Scheduled", null, NOW)).toBe("tbd");
  });
  it("uses Montreal's date, not UTC's: 23:30 in Montreal is still the same day", () => {
    const lateEvening = DateTime.fromISO("2026-12-01T23:30", { zone: ZONE }).toMillis();
    // In UTC that instant is already December 2.
    expect(new Date(lateEvening).toISOString().slice(0, 10)).toBe("2026-12-02");
    expect(displayStatus("Scheduled", "2026-12-01", lateEvening)).toBe("today");
    expect(displayStatus("Scheduled", "2026-12-02", lateEvening)).toBe("scheduled");
  });
});

describe("modify and cancel cutoff", () => {
  it("is open while more than 12 hours remain, closed at exactly 12", () => {
    expect(canChange(NOW + 12 * HOUR + 1, NOW)).toBe(true);
    expect(canChange(NOW + 12 * HOUR, NOW)).toBe(false);
    expect(canChange(NOW + 11 * HOUR, NOW)).toBe(false);
  });
});

describe("notifications", () => {
  it("a resident with no pickups gets the welcome notice", () => {
    const list = computeNotifications([], NOW);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: "welcome", type: "system" });
  });
  it("the welcome notice is dated when the resident joined, the same on every page", () => {
    const joined = NOW - 3 * HOUR;
    expect(computeNotifications([], NOW, joined)[0]!.createdAt).toBe(joined);
    expect(computeNotifications([], NOW + HOUR, joined)).toEqual(computeNotifications([], NOW, joined));
  });
  it("far ahead: the confirmation only", () => {
    expect(titles(48)).toEqual(["notifications.confirmedTitle"]);
  });
  it("exactly 24 h before: Pickup Tomorrow", () => {
    expect(titles(24)).toEqual(["notifications.tomorrowTitle", "notifications.confirmedTitle"]);
    expect(titles(24.01)).toEqual(["notifications.confirmedTitle"]);
  });
  it("exactly 12 h before: Pickup Today!; just over 12 h: still Tomorrow", () => {
    expect(titles(12)).toContain("notifications.todayTitle");
    expect(titles(12.01)).toContain("notifications.tomorrowTitle");
  });
  it("exactly 2 h before: Pickup Starting Soon! with 2 hours, and no reminder", () => {
    const list = computeNotifications([pickup(2)], NOW);
    expect(list.map((n) => n.title)).toEqual(["notifications.soonTitle", "notifications.confirmedTitle"]);
    expect(list[0]!.values.hours).toBe(2);
  });
  it("rounds the hours up", () => {
    const list = computeNotifications([pickup(1.2)], NOW);
    expect(list.find((n) => n.type === "pickup_reminder")!.values.hours).toBe(2);
    const soon = computeNotifications([pickup(0.25)], NOW);
    expect(soon.find((n) => n.type === "pickup_reminder")!.values.hours).toBe(1);
  });
  it("just over 2 h: Pickup Today!", () => {
    expect(titles(2.01)).toEqual(["notifications.todayTitle", "notifications.confirmedTitle"]);
  });
  it("a pickup that has started (h below 0) gives nothing", () => {
    expect(titles(-0.01)).toEqual([]);
    expect(titles(-30)).toEqual([]);
  });
  it("a cancelled pickup gives a cancellation notice, a moved one a modification notice", () => {
    expect(titles(48, { status: "Cancelled", cancelledAt: NOW - HOUR })).toEqual(["notifications.cancelledTitle"]);
    const message = (refundStatus: PickupForNotifications["refundStatus"]) =>
      computeNotifications([pickup(48, { status: "Cancelled", cancelledAt: NOW - HOUR, refundStatus })], NOW)[0]!
        .message;
    // Never "your refund is on its way" when it failed or when nothing was refunded.
    expect(message("pending")).toBe("notifications.cancelledMessage");
    expect(message("succeeded")).toBe("notifications.cancelledRefunded");
    expect(message("failed")).toBe("notifications.cancelledRefundFailed");
    expect(message(null)).toBe("notifications.cancelledNoRefund");
    expect(titles(48, { modifiedAt: NOW - HOUR })).toEqual([
      "notifications.modifiedTitle",
      "notifications.confirmedTitle",
    ]);
  });
  it("sorts newest first across pickups", () => {
    const a = pickup(100, { id: 1, createdAt: NOW - 10 * HOUR });
    const b = pickup(200, { id: 2, createdAt: NOW - HOUR });
    expect(computeNotifications([a, b], NOW).map((n) => n.pickupRequestId)).toEqual([2, 1]);
  });
  it("the bell shows 9+ above nine", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(9)).toBe("9");
    expect(unreadBadge(10)).toBe("9+");
  });
});
