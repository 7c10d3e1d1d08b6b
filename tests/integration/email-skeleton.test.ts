// Issue 35's bench: an e-mail is rendered once per kind, language and shape, then filled in. Whatever the
// values (quotes, ampersands, angle brackets, link-like user text, line breaks, accents), the filled-in
// skeleton is byte for byte the message rendered whole, in both parts and both languages.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const { renderEmail } = await import("~/services/platform/mailer.server");

const piece = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("&", "<b>", '"', "'", "é", "www.evil.ca", "a@b.ca", "https://x.ca/?a=1&b=2", "\n", "  "),
);
const text = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(""));
const link = fc.constantFrom("https://recircle.ca/order/RC-ABC123", "http://localhost:3000/order/X?a=1&b=2");

describe("an e-mail filled in from its skeleton", () => {
  it("is the e-mail rendered whole, for any values", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("en", "fr"),
        fc.constantFrom("pickup-reminder", "service-alert", "waitlist-joined", "pickup-completed"),
        fc.record({ date: text, window: text, message: text, confirmationNumber: text }),
        link,
        fc.option(text, { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        (locale, kind, values, appLink, name, late, count) => {
          const all = {
            ...values,
            link: appLink,
            unsubscribeLink: `${appLink}/unsubscribe`,
            count,
            ...(late ? { context: "late" } : { cancelLink: `${appLink}/cancel` }),
          };
          const filled = renderEmail(kind, locale, all, name);
          expect(filled).toEqual(renderEmail(kind, locale, all, name, { whole: true }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a second message of the same shape carries its own values, escaped in the HTML part", () => {
    const values = (date: string) => ({ date, window: "8–12", link: "https://recircle.ca/order/A" });
    renderEmail("pickup-reminder", "fr", values("lundi 1er décembre"), "Sophie");
    const second = renderEmail("pickup-reminder", "fr", values('<i>"mardi"</i> & co'), "Luc");
    expect(second.subject).toContain('<i>"mardi"</i> & co');
    expect(second.text).toMatch(/^Bonjour Luc/);
    expect(second.html).toContain("&lt;i&gt;&quot;mardi&quot;&lt;/i&gt; &amp; co");
    expect(second.html).not.toContain("lundi");
    expect(second.html).not.toContain("Sophie");
  });
});
