// The bench's own pieces that decide a budget (scripts/bench/): Lighthouse's CPU slowdown from the host's
// benchmarkIndex (the calculator's formula, docs/performance.md), and the form reader the `morning` part books
// with (what a browser without JavaScript would submit).
import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "../../scripts/bench/lighthouse-calibration.mjs";
import { parseForms } from "../../scripts/bench/forms.mjs";

describe("cpuSlowdownFor", () => {
  it("follows Lighthouse's calculator at its reference points", () => {
    expect(cpuSlowdownFor(2000)).toBe(6);
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it("slows a quick host more than a slow one, so both simulate the same phone", () => {
    expect(cpuSlowdownFor(4200)).toBeCloseTo(15.4, 1);
    expect(cpuSlowdownFor(1600)).toBeCloseTo(4.3, 1);
    expect(cpuSlowdownFor(503)).toBeCloseTo(1.5, 1);
  });

  it("refuses a missing index", () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });
});

describe("parseForms", () => {
  it("reads actions, methods and controls as the app renders them", () => {
    const html = `<form method="post" action="/checkout?bags=2&amp;slotId=3" novalidate="">
      <input id="cardNumber" name="cardNumber" type="text" maxLength="23"/>
      <input id="acceptTerms" name="acceptTerms" type="checkbox"/>
      <input type="radio" name="bags" checked="" value="2"/>
      <input type="radio" name="date" disabled="" value="2026-11-28"/>
      <button type="submit" formaction="/booking#windows">Show</button>
      <button type="submit" name="intent" value="pay">Pay</button></form>`;
    const [form] = parseForms(html);
    expect(form).toMatchObject({ action: "/checkout?bags=2&slotId=3", method: "post" });
    const byName = Object.fromEntries(form!.controls.filter((c) => c.name).map((c) => [c.name, c]));
    expect(byName.acceptTerms).toMatchObject({ type: "checkbox", checked: false });
    expect(byName.bags).toMatchObject({ type: "radio", checked: true, value: "2" });
    expect(byName.date).toMatchObject({ disabled: true });
    expect(byName.intent).toMatchObject({ kind: "button", value: "pay" });
    expect(form!.controls.find((c) => c.formaction)).toMatchObject({ formaction: "/booking#windows" });
  });
});
