// Issue 43 part 1: no placeholder reaches production. A production start refuses, naming each variable, while
// any part of the business's identity is unset or still its development default, and while a tax number is
// not shaped as one; outside production the defaults keep working (development, the tests, the demo).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  IDENTITY_DEFAULTS,
  IDENTITY_VARIABLES,
  identityRefusal,
  identityRefusals,
  isGstNumber,
  isQstNumber,
} from "~/services/platform/identity-check.server";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";

const production = { NODE_ENV: "production", ...STAND_IN_IDENTITY } as Record<string, string | undefined>;

describe("the production start's identity check", () => {
  it("passes a complete, real-shaped identity", () => {
    expect(identityRefusals(production)).toEqual([]);
  });

  it("covers the nine variables of the issue", () => {
    expect([...IDENTITY_VARIABLES].sort()).toEqual(
      [
        "BUSINESS_LEGAL_NAME",
        "BUSINESS_ADDRESS",
        "SUPPORT_PHONE",
        "SUPPORT_EMAIL",
        "PRIVACY_OFFICER_NAME",
        "PRIVACY_OFFICER_EMAIL",
        "GST_NUMBER",
        "QST_NUMBER",
        "MAIL_FROM",
      ].sort(),
    );
  });

  // One case per variable: unset, empty, and its development default are each refused, naming it alone.
  for (const name of IDENTITY_VARIABLES) {
    it(`refuses ${name} unset, empty or left at its development default`, () => {
      for (const value of [undefined, "", "   ", IDENTITY_DEFAULTS[name]]) {
        const refusals = identityRefusals({ ...production, [name]: value });
        expect(refusals).toHaveLength(1);
        expect(refusals[0]!.startsWith(`${name} `)).toBe(true);
      }
    });
  }

  it("sees a default written another way (spaces, case, the phone's punctuation and country code)", () => {
    expect(identityRefusals({ ...production, GST_NUMBER: "123456789RT0001" })).toHaveLength(1);
    expect(identityRefusals({ ...production, QST_NUMBER: "1234567890tq0001" })).toHaveLength(1);
    expect(identityRefusals({ ...production, SUPPORT_PHONE: "+1 (514) 555-0199" })).toHaveLength(1);
    expect(identityRefusals({ ...production, SUPPORT_EMAIL: " Support@RecyclePickup.ca " })).toHaveLength(1);
  });

  it("names every offending variable at once, in the message a refused start prints", () => {
    const refusals = identityRefusals({ NODE_ENV: "production" });
    expect(refusals).toHaveLength(IDENTITY_VARIABLES.length);
    const message = identityRefusal(refusals).message;
    for (const name of IDENTITY_VARIABLES) expect(message).toContain(name);
    expect(identityRefusal(refusals).name).toBe("StartRefused");
  });

  it("checks the GST number's shape: 9 digits, RT, 4 digits, spaces optional", () => {
    for (const good of ["987654321 RT 0001", "987654321RT0001", "987654321 rt0002", " 987654321  RT  0001 "]) {
      expect(isGstNumber(good)).toBe(true);
      expect(identityRefusals({ ...production, GST_NUMBER: good })).toEqual([]);
    }
    for (const bad of ["98765432 RT 0001", "9876543210 RT 0001", "987654321 TQ 0001", "987654321 RT 001", "RT", "x"]) {
      expect(isGstNumber(bad)).toBe(false);
      expect(identityRefusals({ ...production, GST_NUMBER: bad })).toEqual([
        expect.stringMatching(/^GST_NUMBER .* is not a GST number/),
      ]);
    }
  });

  it("checks the QST number's shape: 10 digits, TQ, 4 digits, spaces optional", () => {
    for (const good of ["9876543210 TQ 0001", "9876543210TQ0001", "9876543210 tq 0003"]) {
      expect(isQstNumber(good)).toBe(true);
      expect(identityRefusals({ ...production, QST_NUMBER: good })).toEqual([]);
    }
    for (const bad of ["987654321 TQ 0001", "98765432101 TQ 0001", "9876543210 RT 0001", "9876543210 TQ 01"]) {
      expect(isQstNumber(bad)).toBe(false);
      expect(identityRefusals({ ...production, QST_NUMBER: bad })).toEqual([
        expect.stringMatching(/^QST_NUMBER .* is not a QST number/),
      ]);
    }
  });

  it("outside production the defaults keep working: nothing is refused", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      expect(identityRefusals({ NODE_ENV })).toEqual([]);
      expect(identityRefusals({ NODE_ENV, ...IDENTITY_DEFAULTS })).toEqual([]);
    }
  });

  it("the stand-in identity of the test and bench servers is not the defaults", () => {
    for (const name of IDENTITY_VARIABLES) expect(STAND_IN_IDENTITY[name]).not.toBe(IDENTITY_DEFAULTS[name]);
  });

  it("fly.toml, .env.example and docs/operations.md list every variable", () => {
    const root = path.resolve(__dirname, "../..");
    for (const file of ["fly.toml", ".env.example", "docs/operations.md"]) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const name of IDENTITY_VARIABLES) expect(text, `${file} names ${name}`).toContain(name);
    }
  });
});
