// Issue 45: the checkout's plan choice and consent, read from the form and from JSON bodies (pure).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { planChoiceFromApi, planChoiceFromForm } from "~/lib/plan-choice";
import { planApiFields, planConsentRule } from "~/lib/plan-api-fields";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("planChoiceFromForm", () => {
  it.each([
    [{}, { saveCardConsent: false, intervalWeeks: null }],
    [{ planIntervalWeeks: "" }, { saveCardConsent: false, intervalWeeks: null }],
    [{ saveCardConsent: "on" }, { saveCardConsent: true, intervalWeeks: null }],
    [
      { saveCardConsent: "on", planIntervalWeeks: "4" },
      { saveCardConsent: true, intervalWeeks: 4 },
    ],
    [
      { saveCardConsent: "on", planIntervalWeeks: " 8 " },
      { saveCardConsent: true, intervalWeeks: 8 },
    ],
  ])("%o → %o", (fields, choice) => {
    expect(planChoiceFromForm(form(fields))).toEqual({ choice });
  });

  it.each([
    [{ planIntervalWeeks: "4" }, "saveCardConsent", "planStart.consentRequired"],
    [{ planIntervalWeeks: "8", saveCardConsent: "off" }, "saveCardConsent", "planStart.consentRequired"],
    [{ planIntervalWeeks: "3", saveCardConsent: "on" }, "planIntervalWeeks", "planStart.intervalInvalid"],
    [{ planIntervalWeeks: "4.0x", saveCardConsent: "on" }, "planIntervalWeeks", "planStart.intervalInvalid"],
  ])("%o is refused on %s", (fields, field, key) => {
    expect(planChoiceFromForm(form(fields))).toEqual({ refusal: { field, key } });
  });
});

describe("the JSON fields", () => {
  const schema = z.object(planApiFields).strict().superRefine(planConsentRule);
  it("accepts the consent alone, or an interval of 4 or 8 with it", () => {
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ saveCardConsent: true }).success).toBe(true);
    expect(schema.safeParse({ saveCardConsent: true, planIntervalWeeks: 8 }).success).toBe(true);
    expect(planChoiceFromApi({ saveCardConsent: true, planIntervalWeeks: 4 })).toEqual({
      saveCardConsent: true,
      intervalWeeks: 4,
    });
    expect(planChoiceFromApi({})).toEqual({ saveCardConsent: false, intervalWeeks: null });
  });

  it("refuses an interval without the consent, naming the consent; another interval; a wrong type", () => {
    for (const body of [{ planIntervalWeeks: 4 }, { planIntervalWeeks: 4, saveCardConsent: false }]) {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({
        path: ["saveCardConsent"],
        message: "planStart.consentRequired",
      });
    }
    for (const planIntervalWeeks of [3, 4.5, "4", null]) {
      expect(schema.safeParse({ saveCardConsent: true, planIntervalWeeks }).success).toBe(false);
    }
    expect(schema.safeParse({ saveCardConsent: "yes" }).success).toBe(false);
  });
});
