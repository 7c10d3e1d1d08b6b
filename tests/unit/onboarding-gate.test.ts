import { describe, expect, it } from "vitest";
import { GUIDE_SLIDES, parseSlide } from "~/lib/guide";
import { isGateExempt, onboardingGateRedirect } from "~/lib/onboarding-gate";

const newResident = { hasCompletedOnboarding: false, role: "resident" };
const onboarded = { hasCompletedOnboarding: true };

describe("onboarding gate", () => {
  it("sends a resident who has not finished onboarding to the guide from every page", () => {
    for (const path of [
      "/",
      "/materials",
      "/how-it-works",
      "/history",
      "/booking",
      "/profile",
      "/order/AB12",
      "/sign-in",
      "/no-such-page",
    ]) {
      expect(onboardingGateRedirect(newResident, path), path).toBe("/onboarding");
    }
  });

  it("lets the guide itself, sign-out and the language switch through", () => {
    for (const path of ["/onboarding", "/onboarding/", "/Onboarding", "/sign-out", "/language", "/language/"]) {
      expect(isGateExempt(path), path).toBe(true);
      expect(onboardingGateRedirect(newResident, path), path).toBeNull();
    }
  });

  it("does not treat look-alike paths as exempt", () => {
    for (const path of ["/onboarding-x", "/onboarding/extra", "/languages", "/sign-out-now", "/x/onboarding", ""]) {
      expect(isGateExempt(path), path).toBe(false);
    }
  });

  it("never stops visitors or residents who completed or skipped onboarding", () => {
    for (const path of ["/", "/materials", "/onboarding"]) {
      expect(onboardingGateRedirect(null, path)).toBeNull();
      expect(onboardingGateRedirect(undefined, path)).toBeNull();
      expect(onboardingGateRedirect(onboarded, path)).toBeNull();
    }
  });

  it("never stops operators (admins, drivers later), even with onboarding not completed", () => {
    for (const role of ["admin", "driver"]) {
      for (const path of ["/", "/admin", "/admin/supply", "/history"]) {
        expect(onboardingGateRedirect({ hasCompletedOnboarding: false, role }, path), `${role} ${path}`).toBeNull();
      }
    }
  });
});

describe("guide slides", () => {
  it("has six slides in the spec's order", () => {
    expect(GUIDE_SLIDES).toEqual(["welcome", "mix", "bag", "book", "change", "circular"]);
  });
  it("reads ?slide= as a slide number from 1 to 6", () => {
    expect(parseSlide("3")).toBe(3);
    expect(parseSlide(" 6 ")).toBe(6);
    expect(parseSlide("9")).toBe(6);
    expect(parseSlide("0")).toBe(1);
    for (const bad of [null, undefined, "", "x", "-2", "2.5", "1e3", "99999"])
      expect(parseSlide(bad), String(bad)).toBe(1);
  });
});
