// Issue 33 part 11, e-mails a resident trusts: sent as ReCircle (MAIL_FROM) with replies to the support
// address; one HTML template (wordmark, button for the main link, privacy link) with a plain-text part;
// greeted by first name; the receipt with every price line; a welcome e-mail whose link confirms the
// address (24 hours, once, tampering refused); and a waitlist confirmation.
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { bookFree } from "~/services/checkout/free.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { createPromoCodes } from "~/services/booking/promo-rules.server";
import { confirmEmail, resendConfirmation } from "~/services/accounts/email-confirmation.server";
import { registerUser } from "~/services/accounts/accounts.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { deliverDueEmails, type MailTransport } from "~/services/platform/outbox.server";
import { CARD, resident, slot } from "./fixtures";

const o = schema.emailOutbox;
const HOUR = 3_600_000;
const mailOf = (to: string, kind: string) =>
  db
    .select()
    .from(o)
    .where(and(eq(o.to, to), eq(o.kind, kind)))
    .all()
    .at(-1)!;
/** Intl's no-break spaces as plain ones, and the zero-width spaces of unlinked user text removed. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\u200b/g, "");

async function residentIn(locale: "en" | "fr", firstName = "Sophie") {
  const user = await resident();
  return db.update(schema.users).set({ locale, firstName }).where(eq(schema.users.id, user.id)).returning().get();
}

afterEach(() => setNow(null));

describe("what the mail server is given", () => {
  it("comes from MAIL_FROM (ReCircle), replies go to SUPPORT_EMAIL, with the text and HTML parts", async () => {
    expect(env.MAIL_FROM).toBe("ReCircle <no-reply@recyclepickup.ca>");
    const user = await residentIn("en");
    await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    const sent: Array<Record<string, unknown>> = [];
    const transport: MailTransport = {
      sendMail: async (options: Record<string, unknown>) => {
        sent.push(options);
        return {};
      },
    } as unknown as MailTransport;
    await deliverDueEmails(transport);
    const confirmation = sent.find((m) => m.to === user.email && String(m.subject).includes("booked"))!;
    expect(confirmation).toMatchObject({ from: env.MAIL_FROM, replyTo: env.SUPPORT_EMAIL });
    expect(String(confirmation.text)).toMatch(/^Hello Sophie,\n/);
    expect(String(confirmation.html)).toMatch(/^<!DOCTYPE html>/);
    // The pickup's calendar event goes along as a file, and the contract's terms as text (issue 43; this
    // pickup has no contract language, so the account's: English).
    expect(confirmation.attachments).toEqual([
      expect.objectContaining({
        filename: expect.stringMatching(/\.ics$/),
        contentType: expect.stringMatching(/^text\/calendar/),
      }),
      expect.objectContaining({
        filename: expect.stringMatching(/^terms-[\d-]+\.txt$/),
        contentType: "text/plain; charset=utf-8",
        content: expect.stringMatching(/^Terms of service\n/),
      }),
    ]);
  });
});

describe("the contract's copy, as a mail client reads it", () => {
  it.each([
    ["en", /^terms-[\d-]+\.txt$/, /^Terms of service\n/, "booked"],
    ["fr", /^conditions-[\d-]+\.txt$/, /^Conditions d'utilisation\n/, "réservée"],
  ] as const)(
    "%s: the message nodemailer writes, parsed by mailparser, carries the calendar and the terms",
    async (locale, termsName, termsStart, subjectWord) => {
      const user = await residentIn(locale);
      await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
      // nodemailer's own stream transport writes the whole MIME message, as it would go over SMTP.
      const raw: Buffer[] = [];
      const streaming = nodemailer.createTransport({ streamTransport: true, buffer: true });
      const transport: MailTransport = {
        sendMail: async (options) => {
          const info = await streaming.sendMail(options);
          raw.push(info.message as Buffer);
          return info;
        },
      };
      await deliverDueEmails(transport);
      const parsed = await Promise.all(raw.map((message) => simpleParser(message)));
      const confirmation = parsed.find(
        (m) => m.to && JSON.stringify(m.to).includes(user.email) && (m.subject ?? "").includes(subjectWord),
      )!;
      expect(confirmation, "the confirmation e-mail").toBeDefined();
      const [calendar, terms] = confirmation.attachments;
      expect(calendar!.contentType).toBe("text/calendar");
      expect(calendar!.content.toString("utf8")).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(terms!.filename).toMatch(termsName);
      expect(terms!.contentType).toBe("text/plain");
      expect(terms!.content.toString("utf8")).toMatch(termsStart);
      expect(confirmation.text).toContain(env.GST_NUMBER);
      expect(confirmation.html || "").toContain(env.QST_NUMBER);
    },
  );
});

describe("one template for every e-mail", () => {
  it.each([
    ["en", "Hello Sophie,", "See my pickup"],
    ["fr", "Bonjour Sophie,", "Voir ma collecte"],
  ] as const)(
    "in %s: greeting by first name, the wordmark, a button for the link, the privacy link",
    async (lng, hello, button) => {
      const user = await residentIn(lng);
      const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
      const mail = mailOf(user.email, "booking-confirmed");
      expect(mail.text.startsWith(`${hello}\n\n`)).toBe(true);
      const html = mail.html!;
      expect(html).toContain(`<html dir="ltr" lang="${lng}">`);
      expect(html).toContain('name="viewport"');
      expect(html).toContain(">ReCircle</p>");
      expect(html).toContain(hello);
      // The button: the order's link with the action's words; the privacy page as a link too.
      const anchor = html.indexOf(`/order/${pickup.confirmationNumber}" style=`);
      expect(anchor).toBeGreaterThan(-1);
      expect(html.slice(anchor, html.indexOf("</a>", anchor))).toContain(button);
      expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/privacy"/);
      expect(mail.text).toMatch(/\/privacy$/);
    },
  );

  it("without a first name, the greeting has none; the reset e-mail greets by name too", async () => {
    const { requestPasswordReset } = await import("~/services/accounts/accounts.server");
    const nameless = await residentIn("en", "");
    await requestPasswordReset(nameless.email, "http://localhost:3000", "en");
    expect(mailOf(nameless.email, "password-reset").text).toMatch(/^Hello,\n\n/);
    const named = await residentIn("fr", "Sophie");
    await requestPasswordReset(named.email, "http://localhost:3000", "fr");
    expect(mailOf(named.email, "password-reset").text).toMatch(/^Bonjour Sophie,\n\n/);
  });
});

describe("the receipt", () => {
  const cases = [
    // 2 bags: $20.00 listed, the bundle $18.00.
    [
      "en",
      2,
      0,
      [
        "List price: $20.00",
        "Multi-bag discount: −$2.00",
        "Subtotal: $18.00",
        "GST (5%): $0.90",
        "QST (9.975%): $1.80",
        "Total paid: $20.70",
      ],
    ],
    [
      "fr",
      2,
      0,
      [
        "Prix courant : 20,00 $",
        "Rabais multi-sacs : −2,00 $",
        "Sous-total : 18,00 $",
        "TPS (5 %) : 0,90 $",
        "TVQ (9,975 %) : 1,80 $",
        "Total payé : 20,70 $",
      ],
    ],
    // 1 bag, half off with a code.
    [
      "en",
      1,
      50,
      [
        "List price: $10.00",
        "Promo discount: −$5.00",
        "Subtotal: $5.00",
        "GST (5%): $0.25",
        "QST (9.975%): $0.50",
        "Total paid: $5.75",
      ],
    ],
    [
      "fr",
      1,
      50,
      [
        "Prix courant : 10,00 $",
        "Rabais promotionnel : −5,00 $",
        "Sous-total : 5,00 $",
        "TPS (5 %) : 0,25 $",
        "TVQ (9,975 %) : 0,50 $",
        "Total payé : 5,75 $",
      ],
    ],
  ] as const;
  it.each(cases)(
    "in %s, %i bag(s), promo %i%%: every line of the price, in order, no service fee of $0.00",
    async (lng, bags, percent, lines) => {
      const user = await residentIn(lng);
      const promoCode = percent ? createPromoCodes(1, percent)[0] : undefined;
      await payWithSimulatedCard(user, { bags, slotId: slot().id, ...(promoCode ? { promoCode } : {}) }, CARD);
      const mail = mailOf(user.email, "booking-confirmed");
      const text = plain(mail.text);
      let from = 0;
      for (const line of lines) {
        const at = text.indexOf(line, from);
        expect(at, line).toBeGreaterThan(-1);
        from = at;
      }
      expect(text).not.toMatch(/Service fee|Frais de service/);
      for (const line of lines) expect(plain(mail.html!)).toContain(line);
    },
  );
});

describe("confirming the address", () => {
  async function signUp() {
    const email = `welcome-${Date.now()}-${Math.random().toString(36).slice(2)}@videotron.ca`;
    const user = await registerUser({
      email,
      password: "sorting-day-1",
      locale: "fr",
      origin: "http://localhost:3000",
      welcome: true,
    });
    const mail = mailOf(email, "welcome");
    const link = mail.text.match(/http:\/\/localhost:3000\/confirm-email\?token=(\S+)/)!;
    return { user, mail, token: decodeURIComponent(link[1]) };
  }
  const confirmedAt = (id: number) =>
    db.select().from(schema.users).where(eq(schema.users.id, id)).get()!.emailConfirmedAt;

  it("a welcome e-mail is written with the account; its link works once", async () => {
    const { user, mail, token } = await signUp();
    expect(mail.subject).toContain("Bienvenue");
    expect(Math.abs(mail.expiresAt! - mail.createdAt - 24 * HOUR)).toBeLessThan(1000);
    // Only the hash is stored.
    const stored = db.select().from(schema.emailConfirmationTokens).all();
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(confirmedAt(user.id)).toBeNull();
    expect(confirmEmail(token)).toBe("confirmed");
    expect(confirmedAt(user.id)).not.toBeNull();
    expect(confirmEmail(token)).toBe("invalid");
  });

  it("expires after 24 hours (fixed clock) and a tampered token is refused", async () => {
    const start = Date.now();
    setNow(start);
    const { user, token } = await signUp();
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(confirmEmail(tampered)).toBe("invalid");
    expect(confirmEmail("")).toBe("invalid");
    setNow(start + 24 * HOUR + 1);
    expect(confirmEmail(token)).toBe("invalid");
    expect(confirmedAt(user.id)).toBeNull();
  });

  it("a new link replaces the old one, at most one a minute", async () => {
    const start = Date.now();
    setNow(start);
    const { user, token } = await signUp();
    expect(resendConfirmation(user, "http://localhost:3000")).toBe("tooSoon");
    setNow(start + 61_000);
    expect(resendConfirmation(user, "http://localhost:3000")).toBe("sent");
    expect(confirmEmail(token)).toBe("invalid");
    const fresh = mailOf(user.email, "welcome").text.match(/token=(\S+)/)![1];
    expect(confirmEmail(decodeURIComponent(fresh))).toBe("confirmed");
    const confirmed = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(resendConfirmation(confirmed, "http://localhost:3000")).toBe("alreadyConfirmed");
  });
});

describe("the waitlist", () => {
  it("joining is confirmed by e-mail, once; a refreshed entry is not e-mailed again", () => {
    const email = `waiting-${Date.now()}@videotron.ca`;
    const input = { name: "Sophie", email, fsa: "H7T", reason: "Outside Service Area" as const, locale: "fr" as const };
    joinWaitlist(input);
    joinWaitlist(input);
    const mails = db
      .select()
      .from(o)
      .where(and(eq(o.to, email), eq(o.kind, "waitlist-joined")))
      .all();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("H7T");
    expect(mails[0].text).toMatch(/^Bonjour Sophie,\n\n/);
    expect(mails[0].html).toContain("/how-it-works");
  });
});

it("a free booking's receipt says FREE", async () => {
  const user = await residentIn("en");
  const [code] = createPromoCodes(1, 100);
  await bookFree(user, { bags: 1, slotId: slot().id, promoCode: code });
  expect(plain(mailOf(user.email, "booking-confirmed").text)).toContain("Promo discount: −$10.00");
});
