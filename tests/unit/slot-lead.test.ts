// Issue 32, part 3: the 24-hour lead is one function of lib/slots with the clock given to it. A slot 24 h and
// 1 min away is offered; 23 h 59 min away it is refused; a payment already taken for it is booked within the
// hour the card form may take, and refused (then refunded in full by its caller) after that.
import { describe, expect, it } from "vitest";
import { isOffered, leadRefusal, type SlotView } from "~/lib/slots";

const AT = Date.parse("2026-11-26T15:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function slotStarting(startsAt: number): SlotView {
  return {
    id: 1,
    date: "2026-11-27",
    window: "afternoon",
    startsAt,
    maxCapacity: 10,
    currentBooked: 0,
    serviceAreas: ["H2X"],
    closed: false,
  };
}

describe("the 24-hour lead", () => {
  it("offers a slot 24 h and 1 min away, and one exactly 24 h away", () => {
    expect(leadRefusal(AT + 24 * HOUR + MINUTE, AT)).toBeNull();
    expect(leadRefusal(AT + 24 * HOUR, AT)).toBeNull();
    expect(isOffered(slotStarting(AT + 24 * HOUR + MINUTE), "H2X", AT)).toBe(true);
  });

  it("refuses a slot 23 h 59 min away, or one that has come within 24 hours since it was shown", () => {
    expect(leadRefusal(AT + 24 * HOUR - MINUTE, AT)).toBe("errors.slotTooSoon");
    const shown = slotStarting(AT + 24 * HOUR + MINUTE);
    expect(isOffered(shown, "H2X", AT)).toBe(true);
    expect(isOffered(shown, "H2X", AT + 2 * MINUTE)).toBe(false);
    expect(leadRefusal(shown.startsAt, AT + 2 * MINUTE)).toBe("errors.slotTooSoon");
  });

  it("books a payment already taken while the slot is at least 23 hours away, refuses it after", () => {
    expect(leadRefusal(AT + 24 * HOUR - MINUTE, AT, true)).toBeNull();
    expect(leadRefusal(AT + 23 * HOUR, AT, true)).toBeNull();
    expect(leadRefusal(AT + 23 * HOUR - MINUTE, AT, true)).toBe("errors.slotTooSoon");
    expect(leadRefusal(AT - HOUR, AT, true)).toBe("errors.slotTooSoon");
  });

  it("decides by the clock it is given, not the machine's", () => {
    const startsAt = AT + 30 * HOUR;
    expect(leadRefusal(startsAt, AT)).toBeNull();
    expect(leadRefusal(startsAt, AT + 7 * HOUR)).toBe("errors.slotTooSoon");
  });
});
