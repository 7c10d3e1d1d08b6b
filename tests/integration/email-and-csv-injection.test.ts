// Issue 21, part 9: what people type cannot be turned into a link in an e-mail the app sends from its own
// domain, nor into a formula in an admin's spreadsheet.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/services/accounts/accounts.server";
import { openPrefix } from "~/services/admin/areas.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import { csvCell, csvResponse, toCsv } from "~/services/http/csv.server";
import { db, schema } from "~/services/platform/db.server";
import type { User } from "../../db/schema";
import { ensureSeeded } from "./fixtures";

let admin: User;
beforeAll(async () => {
  ensureSeeded();
  admin = await createAdmin(`ops-injection-${Date.now()}@recircle-admin.ca`, "a-long-admin-passphrase");
});

/** Every <a …> of an HTML e-mail, and its text with the tags removed. */
function linksOf(html: string) {
  return [...html.matchAll(/<a\b[^>]*>/gi)].map((m) => m[0]);
}

describe("user text in e-mails", () => {
  it("a waitlist name holding a URL arrives as plain text: escaped, no <a>, no bare URL a mail client would link", async () => {
    const email = `evil-${Date.now()}@videotron.ca`;
    joinWaitlist({
      name: 'Bob https://evil.example/login <a href="https://evil.example">x</a> www.evil.example',
      email,
      fsa: "H7T",
      reason: "Outside Service Area",
      locale: "en",
    });
    await openPrefix(admin, "H7T", { notify: true });
    const mail = db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "waitlist-opened")))
      .get()!;
    expect(mail).toBeTruthy();
    const html = mail.html!;
    // The only links are the app's own: the message's, and the privacy page every signature gives (issue 34).
    expect(linksOf(html)).toEqual([
      expect.stringMatching(/^<a href="http:\/\/localhost:\d+\/postal-code\?fsa=H7T"[ >]/),
      expect.stringMatching(/^<a href="http:\/\/localhost:\d+\/privacy"[ >]/),
    ]);
    expect(html).not.toMatch(/evil\.example/);
    expect(html).not.toMatch(/https?:\/\/evil/);
    expect(html).not.toContain("<a href=&#34;");
    // Still readable: escaped tags and the name's words, the URL defanged visibly (issue 42: nothing
    // invisible in an e-mail).
    expect(html).toContain("&lt;a href=");
    expect(html).toContain("Bob https[:]//evil[.]example/login");
    expect(html).not.toMatch(/\p{Cf}/u);
    // The text part too: no bare URL for a client to auto-link.
    expect(mail.text).not.toMatch(/https?:\/\/evil/);
    expect(mail.text).toContain("https[:]//evil[.]example/login");
    expect(mail.text).not.toMatch(/\p{Cf}/u);
  });
});

describe("CSV cells", () => {
  it("a CSV download is an attachment that no browser sniffs into something else, never cached", () => {
    const response = csvResponse("codes.csv", [["code"], ["=1+1"]]);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="codes.csv"');
  });

  it("a cell with ';=' is quoted and neutralised (French-Canadian Excel splits on ';')", () => {
    expect(csvCell("Bob;=cmd|' /C calc'!A0")).toBe(`"Bob;'=cmd|' /C calc'!A0"`);
    expect(csvCell("a;b")).toBe('"a;b"');
  });

  it("cells starting with = + - @ tab or CR are quoted and start with an apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell('=HYPERLINK("https://evil.example","x")')).toBe(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    // Numbers stay numbers; harmless text stays bare.
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("Montréal")).toBe("Montréal");
    expect(toCsv([["name"], ["x;@SUM(1)"]])).toBe(`\uFEFFname\r\n"x;'@SUM(1)"\r\n`);
  });
});
