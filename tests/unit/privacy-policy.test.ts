// Issue 43, part 4: what the privacy page says about recipients and cookies comes from the running
// configuration and the code that sets the cookies: the backup store from BACKUP_LOCATION (or where it is
// configured when unset), the e-mail provider's host without its credentials, the host's region (fly.toml's
// primary_region when Fly does not say), the geocoder only when one is set; the cookies by the names and
// lifetimes the server uses.
import fs from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { cookieLines, LANGUAGE_COOKIE, sessionCookieName, TXNUM_COOKIE, VISITOR_COOKIE } from "~/lib/cookies";
import { FLY_PRIMARY_REGION } from "~/lib/privacy-policy";
import { RETENTION } from "~/lib/retention";
import { loadEnv } from "~/services/platform/config.server";
import { recipients } from "~/services/privacy/policy.server";

const root = path.resolve(__dirname, "../..");
const config = (extra: Record<string, string> = {}) => loadEnv({ NODE_ENV: "test", ...extra });

describe("the privacy page's recipients", () => {
  it("names the backup store from BACKUP_LOCATION, and says it is not set when it is not", () => {
    const set = recipients(config({ BACKUP_LOCATION: "Tigris (Fly.io), Montréal, Canada" }));
    expect(set.find((r) => r.key === "backups")).toEqual({
      key: "backups",
      location: "Tigris (Fly.io), Montréal, Canada",
    });
    expect(recipients(config()).find((r) => r.key === "backups")).toEqual({ key: "backups", location: null });
    expect(recipients(config({ BACKUP_LOCATION: "  " })).find((r) => r.key === "backups")).toEqual({
      key: "backups",
      location: null,
    });
  });

  it("names the e-mail provider by its host only, never the credentials in SMTP_URL", () => {
    const email = recipients(
      config({ SMTP_URL: "smtp://user:secret@smtp.postmarkapp.com:587", SMTP_LOCATION: "United States" }),
    ).find((r) => r.key === "email");
    expect(email).toEqual({ key: "email", host: "smtp.postmarkapp.com", location: "United States" });
    expect(JSON.stringify(email)).not.toContain("secret");
  });

  it("places the host in its Fly region: PRIMARY_REGION, else fly.toml's primary_region", () => {
    const fly = parseToml(fs.readFileSync(path.join(root, "fly.toml"), "utf8")) as { primary_region: string };
    expect(FLY_PRIMARY_REGION).toBe(fly.primary_region);
    expect(recipients(config()).find((r) => r.key === "host")).toEqual({
      key: "host",
      region: "yul",
      place: "Montréal, Québec, Canada",
    });
    expect(recipients(config({ PRIMARY_REGION: "yyz" })).find((r) => r.key === "host")).toMatchObject({
      region: "yyz",
      place: "Toronto, Ontario, Canada",
    });
  });

  it("lists Stripe, Twilio and the geocoder only when one is set", () => {
    expect(recipients(config()).map((r) => r.key)).toEqual(["payments", "email", "sms", "host", "backups"]);
    expect(recipients(config({ GEOCODER: "photon" })).at(-1)).toEqual({
      key: "geocoder",
      provider: "photon",
      host: "photon.komoot.io",
    });
    expect(recipients(config({ GEOCODER: "google" })).some((r) => r.key === "geocoder")).toBe(false);
    expect(recipients(config({ GEOCODER: "google", GOOGLE_PLACES_KEY: "k" })).at(-1)).toMatchObject({
      provider: "google",
      host: "maps.googleapis.com",
    });
  });
});

describe("the privacy page's cookies", () => {
  it("are the ones the server sets, with their lifetimes", () => {
    expect(cookieLines(false).map((c) => c.names[0])).toEqual([
      "__session",
      "lng",
      "__visitor",
      "txnum",
      "__stripe_mid",
      "__stripe_sid",
    ]);
    expect(cookieLines(true)[0]!.names).toEqual([sessionCookieName(true)]);
    expect(sessionCookieName(true)).toBe("__Host-session");
    expect(cookieLines(false)[0]!.maxAgeSeconds).toBe(RETENTION.sessionDays * 86_400);
    expect(LANGUAGE_COOKIE.maxAgeSeconds).toBe(365 * 86_400);
    expect(VISITOR_COOKIE.maxAgeSeconds).toBeNull();
    expect(TXNUM_COOKIE.maxAgeSeconds).toBe(300);
  });

  it("are set by code that takes their names from lib/cookies", () => {
    const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
    expect(read("app/services/http/language.server.ts")).toContain("createCookie(LANGUAGE_COOKIE.name");
    expect(read("app/services/http/toast.server.ts")).toContain("name: VISITOR_COOKIE.name");
    expect(read("app/services/serving/replica.server.ts")).toContain("TXNUM_COOKIE.name");
    expect(read("app/services/accounts/session-rows.server.ts")).toContain("sessionCookieName(secureCookies)");
  });
});
