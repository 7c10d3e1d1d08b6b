// The bell's "tomorrow" message says bags out by the start of the pickup's own window (issue 33 part 8).
import { describe, expect, it } from "vitest";
import { notificationText } from "~/lib/notifications";
import en from "~/locales/en/orders.json";
import fr from "~/locales/fr/orders.json";

const texts = { en, fr } as const;
function t(lng: "en" | "fr") {
  return (key: string, values: Record<string, unknown> = {}) => {
    const raw = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[lng]);
    return String(raw).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}
const tomorrow = (window: string) => ({
  title: "notifications.tomorrowTitle",
  message: "notifications.tomorrowMessage",
  values: { confirmationNumber: "AB12-CD34", date: "2026-12-01", window },
});

describe("the bell's tomorrow message", () => {
  it.each([
    ["en", "morning", "bags outside by 8:00 AM"],
    ["en", "afternoon", "bags outside by 1:00 PM"],
    ["fr", "morning", "sacs dehors avant 8 h"],
    ["fr", "afternoon", "sacs dehors avant 13 h"],
  ] as const)("in %s, %s window: %s", (lng, window, expected) => {
    expect(notificationText(t(lng), tomorrow(window), (d) => d, lng).message).toContain(expected);
  });
});
