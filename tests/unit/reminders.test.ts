// Issue 35: which pickups are due for their day-before reminder at an instant (fixed clock), the catch-up
// window, the bell agreeing with the e-mail, and the texts' length in each language.
import { createInstance } from "i18next";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { ZONE } from "~/lib/dates";
import { i18nConfig } from "~/lib/i18n";
import { computeNotifications } from "~/lib/notifications";
import { isReminderDue, messageChannels, reminderDateAt, reminderWindow } from "~/lib/reminders";
import { alertText, fitsOneSms, gsm7Length, phoneCodeText, reminderText } from "~/lib/sms";
import { leadRefusal } from "~/lib/slots";
import { windowStart } from "~/lib/dates";
import { resources } from "~/locales/resources";

const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const scheduled = (date: string) => ({ status: "Scheduled" as const, date });

describe("the reminder's due window", () => {
  it("opens at 17:00 Montreal time the day before and closes when the pickup day starts", () => {
    expect(reminderWindow("2026-12-02")).toEqual({ from: at("2026-12-01T17:00"), until: at("2026-12-02T00:00") });
  });
  it("before 17:00 nothing is due; from 17:00 tomorrow's pickups are", () => {
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T16:59:59"))).toBe(false);
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T17:00"))).toBe(true);
    expect(isReminderDue(scheduled("2026-12-03"), at("2026-12-01T17:00"))).toBe(false);
  });
  it("catches up after downtime until midnight: up at 19:00 sends, up on the pickup morning sends none", () => {
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T19:00"))).toBe(true);
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T23:59:59"))).toBe(true);
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-02T00:00"))).toBe(false);
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-02T07:00"))).toBe(false);
    expect(reminderDateAt(at("2026-12-02T07:00"))).toBeNull();
  });
  it("answers the same remembered (per minute, per date) as computed afresh, whatever order it is asked in", () => {
    // Instants around 17:00 and midnight on ordinary and daylight-saving days, asked in turn and again.
    const days = ["2026-12-01", "2027-03-13", "2027-03-14", "2026-10-31", "2026-11-01"];
    const instants = days.flatMap((day) =>
      ["00:00", "16:59:59", "17:00", "17:00:30", "23:59:59"].map((time) => at(`${day}T${time}`)),
    );
    const fresh = (ms: number) => {
      const local = DateTime.fromMillis(ms, { zone: ZONE });
      return local.hour >= 17 ? local.plus({ days: 1 }).toISODate() : null;
    };
    for (const ms of [...instants, ...[...instants].reverse(), ...instants]) expect(reminderDateAt(ms)).toBe(fresh(ms));
    for (const day of [...days, ...days]) {
      const window = reminderWindow(day);
      expect(window.from).toBe(DateTime.fromISO(day, { zone: ZONE }).minus({ days: 1 }).set({ hour: 17 }).toMillis());
      expect(window.until).toBe(DateTime.fromISO(day, { zone: ZONE }).toMillis());
      // A caller changing what it was given changes nothing remembered.
      window.from = 0;
    }
    expect(reminderWindow(days[0]!).from).toBe(at("2026-11-30T17:00"));
  });
  it("cancelled, Completed, Missed and closed-date pickups are never due", () => {
    const when = at("2026-12-01T18:00");
    for (const status of ["Cancelled", "Completed", "Missed"] as const) {
      expect(isReminderDue({ status, date: "2026-12-02" }, when)).toBe(false);
    }
    expect(isReminderDue({ ...scheduled("2026-12-02"), dateClosed: true }, when)).toBe(false);
  });
  it("a pickup moved to another date is due for its new date, not its old one", () => {
    const when = at("2026-12-01T17:30");
    expect(isReminderDue(scheduled("2026-12-02"), when)).toBe(true);
    // Moved to the 4th: nothing now, due at 17:00 on the 3rd.
    expect(isReminderDue(scheduled("2026-12-04"), when)).toBe(false);
    expect(isReminderDue(scheduled("2026-12-04"), at("2026-12-03T17:00"))).toBe(true);
  });
  it("keeps 17:00 local on the daylight-saving change days (March and November)", () => {
    // Spring forward: Sunday 2027-03-14 (EDT from 02:00). Fall back: Sunday 2026-11-01.
    expect(reminderWindow("2027-03-15").from).toBe(Date.parse("2027-03-14T21:00:00Z"));
    expect(reminderWindow("2027-03-14").from).toBe(Date.parse("2027-03-13T22:00:00Z"));
    expect(reminderWindow("2027-03-14").until).toBe(Date.parse("2027-03-14T05:00:00Z"));
    expect(reminderWindow("2026-11-02").from).toBe(Date.parse("2026-11-01T22:00:00Z"));
    expect(reminderWindow("2026-11-01").from).toBe(Date.parse("2026-10-31T21:00:00Z"));
    expect(isReminderDue(scheduled("2027-03-15"), Date.parse("2027-03-14T20:59:59Z"))).toBe(false);
    expect(isReminderDue(scheduled("2027-03-15"), Date.parse("2027-03-14T21:00:00Z"))).toBe(true);
    expect(isReminderDue(scheduled("2026-11-02"), Date.parse("2026-11-01T21:59:59Z"))).toBe(false);
    expect(isReminderDue(scheduled("2026-11-02"), Date.parse("2026-11-01T22:00:00Z"))).toBe(true);
  });
  it("a pickup booked at the 24-hour limit is reminded at 17:00 that day, or at once when booked after 17:00", () => {
    const startsAt = windowStart("2026-12-02", "afternoon");
    const bookedAt = startsAt - 24 * 3_600_000; // 13:00 the day before: still bookable
    expect(leadRefusal(startsAt, bookedAt)).toBeNull();
    expect(isReminderDue(scheduled("2026-12-02"), bookedAt)).toBe(false);
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T17:00"))).toBe(true);
    // Booked (a paid payment's grace hour) after 17:00 the day before: due at once.
    expect(isReminderDue(scheduled("2026-12-02"), at("2026-12-01T17:40"))).toBe(true);
  });
});

describe("the bell agrees with the e-mail", () => {
  const pickup = (date: string, window: "morning" | "afternoon") => ({
    id: 1,
    confirmationNumber: "ABCD-EFGH",
    status: "Scheduled" as const,
    createdAt: at("2026-11-20T10:00"),
    modifiedAt: null,
    cancelledAt: null,
    startsAt: windowStart(date, window),
    date,
    window,
  });
  it("shows a reminder whenever the e-mail is due", () => {
    for (const window of ["morning", "afternoon"] as const) {
      for (const time of ["17:00", "19:00", "23:59"]) {
        const when = at(`2026-12-01T${time}`);
        expect(isReminderDue(scheduled("2026-12-02"), when)).toBe(true);
        const bell = computeNotifications([pickup("2026-12-02", window)], when);
        expect(bell.some((n) => n.type === "pickup_reminder")).toBe(true);
      }
    }
  });
});

describe("channels", () => {
  const verified = { phone: "+15145550123", phoneVerifiedAt: 1, smsStoppedAt: null };
  it("texts only a verified number that did not answer STOP; e-mail instead", () => {
    expect(messageChannels({ ...verified, channels: "both" })).toEqual(["email", "sms"]);
    expect(messageChannels({ ...verified, channels: "sms" })).toEqual(["sms"]);
    expect(messageChannels({ ...verified, channels: "sms", phoneVerifiedAt: null })).toEqual(["email"]);
    expect(messageChannels({ ...verified, channels: "sms", smsStoppedAt: 5 })).toEqual(["email"]);
    expect(messageChannels({ ...verified, channels: "email" })).toEqual(["email"]);
  });
});

describe("texts fit one SMS in each language", () => {
  const i18n = createInstance();
  void i18n.init({
    ...i18nConfig,
    resources,
    ns: ["reminders"],
    defaultNS: "reminders",
    lng: "en",
    initImmediate: false,
  });
  for (const lng of ["en", "fr"] as const) {
    const t = i18n.getFixedT(lng, "reminders");
    it(`${lng}: the reminder (the longest date, bags and link), the code and a short alert`, () => {
      const reminder = reminderText(t, {
        date: lng === "en" ? "September 30" : "30 septembre",
        outBy: lng === "en" ? "1:00 PM" : "13 h",
        bags: 10,
        link: "https://recyclepickup.ca/order/ABCD-EFGH",
      });
      expect(reminder).toContain("ABCD-EFGH");
      expect(gsm7Length(reminder)).not.toBeNull();
      expect(fitsOneSms(reminder)).toBe(true);
      const one = reminderText(t, { date: "x", outBy: "8:00 AM", bags: 1, link: "l" });
      expect(one).toMatch(lng === "en" ? /1 bag / : /1 sac /);
      const code = phoneCodeText(t, "123456");
      expect(code).toContain("123456");
      expect(fitsOneSms(code)).toBe(true);
      expect(
        fitsOneSms(
          alertText(t, lng === "en" ? "The truck is running two hours late." : "Le camion a deux heures de retard."),
        ),
      ).toBe(true);
    });
  }
  it("counts the GSM-7 extension twice and refuses what is not GSM-7", () => {
    expect(gsm7Length("a€")).toBe(3);
    expect(gsm7Length("ê")).toBeNull();
    expect(fitsOneSms("a".repeat(161))).toBe(false);
  });
});
