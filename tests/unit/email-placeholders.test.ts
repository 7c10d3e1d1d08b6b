// Issue 42 part 5: every kind of e-mail, in English and French, is rendered with the values its writer
// gives (the same keys as the code that queues it) and read back: no `{{…}}` left unfilled, no invisible
// character (zero-width space, joiner, bidi control, soft hyphen, BOM, the renderer's own markers) in the
// subject, the text part or the HTML part, and the addresses and links in it exactly as they are.
import { describe, expect, it } from "vitest";
import { renderEmail, type EmailKind } from "~/services/platform/mailer.server";
import { env } from "~/services/platform/config.server";
import en from "~/locales/en/emails.json";
import fr from "~/locales/fr/emails.json";
import { isOurFault, MISSED_REASONS } from "~/lib/stops";

const APP = "http://localhost:3000";
const ORDER = `${APP}/order/RC-2026-ABCD12`;
const UNSUBSCRIBE = `${APP}/unsubscribe/12.reminders.${"a".repeat(43)}`;
const pickup = {
  confirmationNumber: "RC-2026-ABCD12",
  date: "Tuesday, December 1, 2026",
  window: "8:00 a.m. to noon",
  outBy: "8:00 a.m.",
  link: ORDER,
  supportEmail: env.SUPPORT_EMAIL,
  bagsLabel: "2 bags",
};

/** What each kind's writer gives (grep `kind: "` in app/services): the same keys, sample words. */
const VALUES: Record<EmailKind, Record<string, string | number>> = {
  "password-reset": { link: `${APP}/reset-password?token=abc`, supportEmail: env.SUPPORT_EMAIL },
  "role-invitation": { link: `${APP}/admin-invitation?token=abc`, email: "new.admin@example.com" },
  "driver-invitation": { link: `${APP}/admin-invitation?token=abc`, email: "new.driver@example.com" },
  "booking-confirmed": {
    ...pickup,
    bags: 2,
    address: "5333 av. Casgrain, app. 4, Montréal QC H2T 1X3",
    receiptLines: "List price: $30.00\nSubtotal: $30.00\nGST: $1.50\nQST: $2.99",
    total: "$34.49",
    payment: "Visa ending in 4242",
    gstNumber: "123456789 RT0001",
    qstNumber: "1234567890 TQ0001",
    // The copy of the contract (issue 43, booking/contract-copy): the merchant, the customer, the date, the terms.
    merchantName: "ReCircle Collecte inc.",
    merchantAddress: "1000 Rue Sherbrooke Ouest, bureau 100, Montréal (Québec) H3A 0A1",
    merchantPhone: "514 555-0199",
    customerName: "Sophie Tremblay",
    contractDate: "Nov 27, 2026, 3:07 PM",
    termsVersion: "2026-11-27",
    termsLink: `${APP}/terms`,
  },
  "pickup-modified": pickup,
  // A bag more or less (issue 45 part 5, booking/pickup-emails queuePickupBagsChanged).
  "pickup-bags-changed": {
    ...pickup,
    fromBagsLabel: "1 bag",
    changeLine: "Difference paid: $9.20, by card.",
    receiptLines: "List price: $20.00\nSubtotal: $18.00\nGST (5%): $0.90\nQST (9.975%): $1.80",
    total: "$20.70",
    ledgerLines: "Payment of $11.50 on Nov 27, 2026\nPayment of $9.20 on Nov 28, 2026",
  },
  "pickup-cancelled": { ...pickup, refundLine: "Your refund of $34.49 was sent to your card." },
  "pickup-completed": {
    ...pickup,
    link: `${APP}/booking?bags=2`,
    unsubscribeLink: UNSUBSCRIBE,
    // Issue 47 part 3 (stops/impact-line): the estimate's line.
    impactLine:
      "By our estimate from the last 8 weeks' weighing at the depot, your 2 bags kept about 6.4 kg out of landfill.",
  },
  "pickup-missed": { ...pickup, link: `${APP}/booking?bags=2`, unsubscribeLink: UNSUBSCRIBE },
  // The stop's e-mails (stops/stop-emails): after "our fault", and the correction of an earlier one.
  "pickup-missed-our-fault": pickup,
  "pickup-corrected": pickup,
  "date-closed": { ...pickup, link: `${APP}/history` },
  "waitlist-opened": { fsa: "H7T", link: `${APP}/postal-code?fsa=H7T`, supportEmail: env.SUPPORT_EMAIL },
  "waitlist-joined": { fsa: "H7T", link: `${APP}/how-it-works`, supportEmail: env.SUPPORT_EMAIL },
  "account-deleted": { cancelled: 1, taxYears: 6, backupDays: 7, supportEmail: env.SUPPORT_EMAIL },
  "account-unused": { days: 30, years: 2, date: "Tuesday, December 1, 2026", link: `${APP}/sign-in` },
  welcome: { email: "sophie.tremblay@example.com", link: `${APP}/confirm-email?token=abc` },
  // The reminder job's values (notices/reminders): no supportEmail of its own, the signature still has it.
  "pickup-reminder": {
    confirmationNumber: pickup.confirmationNumber,
    date: pickup.date,
    window: pickup.window,
    bagsLabel: pickup.bagsLabel,
    outBy: pickup.outBy,
    changeUntil: "Monday, November 30, 2026, 8:00 p.m.",
    link: ORDER,
    cancelLink: `${ORDER}/cancel`,
    unsubscribeLink: UNSUBSCRIBE,
  },
  // A plan's cycle (issue 45, plans/cycle-messages): booked with its receipt, payment needed, released,
  // a week with no place, a card expiring.
  "plan-pickup-booked": {
    ...pickup,
    cutoff: "Monday, December 7, 2026, 8:00 p.m.",
    price: "$18.00",
    subtotal: "$18.00",
    gst: "$0.90",
    qst: "$1.80",
    total: "$20.70",
    payment: "Visa ending in 4242",
    gstNumber: "123456789 RT0001",
    qstNumber: "1234567890 TQ0001",
  },
  "plan-payment-needed": {
    date: pickup.date,
    window: pickup.window,
    bagsLabel: pickup.bagsLabel,
    reason: "your bank declined it.",
    holdUntil: "Thursday, December 3, 2026, 8:00 a.m.",
    total: "$20.70",
    link: `${APP}/plans/12/pay`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  "plan-released": {
    date: pickup.date,
    window: pickup.window,
    intervalWeeks: 4,
    link: `${APP}/profile#my-plan`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  "plan-no-place": {
    date: pickup.date,
    nextDate: "Tuesday, December 29, 2026",
    link: `${APP}/booking`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  "plan-card-expiring": {
    date: pickup.date,
    chargeDate: "Tuesday, November 24, 2026",
    card: "Visa •••• 4242",
    expiry: "11/2026",
    link: `${APP}/profile#my-plan`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  // Issue 46 part 5: an account opened on the phone, a phone booking's payment link, its place released.
  "account-opened-for-you": {
    email: "gisele.lavoie@videotron.ca",
    link: `${APP}/reset-password?token=abc`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  "phone-pay-link": {
    date: pickup.date,
    window: pickup.window,
    bagsLabel: pickup.bagsLabel,
    total: "$20.70",
    holdUntil: "Thursday, December 3, 2026, 8:00 a.m.",
    link: `${APP}/pay/${"a".repeat(43)}`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  "phone-released": {
    date: pickup.date,
    window: pickup.window,
    link: `${APP}/booking`,
    supportEmail: env.SUPPORT_EMAIL,
  },
  // The alert's values (admin/alerts): the admin's message, no supportEmail of its own.
  "service-alert": {
    date: pickup.date,
    message: "Snow tomorrow: leave your bags by the door.",
    link: ORDER,
    unsubscribeLink: `${APP}/unsubscribe/12.alerts.${"a".repeat(43)}`,
  },
};

/** The reminder's other wording: too late to change (`body_late`, no cancel link). */
const { cancelLink: _cancel, ...lateReminder } = VALUES["pickup-reminder"];
type Variant = [EmailKind, Record<string, string | number>];
const VARIANTS: Variant[] = [
  ["pickup-reminder", { ...lateReminder, context: "late" }],
  // A Missed e-mail's words follow its reason, "our fault" its cause, a correction what the stop is now.
  ...MISSED_REASONS.filter((reason) => !isOurFault(reason)).map((reason): Variant => [
    "pickup-missed",
    { ...VALUES["pickup-missed"], context: reason },
  ]),
  ...MISSED_REASONS.filter(isOurFault).map((reason): Variant => [
    "pickup-missed-our-fault",
    { ...pickup, context: reason.replace("our-fault-", "") },
  ]),
  // Issue 47: a Completed e-mail with what was left at the door and where to take it.
  [
    "pickup-completed",
    {
      ...VALUES["pickup-completed"],
      bagsLabel: "3 of your 4 bags",
      context: "left",
      leftLines: "We left one item at your door.\n• Propane or gas cylinder — take it to an écocentre.",
    },
  ],
  ...["open", "completed", "missed", "our-fault"].map((context): Variant => [
    "pickup-corrected",
    { ...pickup, context },
  ]),
];

/** Every kind the translations hold: each key with a subject. */
const KINDS = Object.entries(en as Record<string, unknown>)
  .filter(([, value]) => typeof value === "object" && value !== null && "subject" in value)
  .map(([key]) => key);

/** Zero-width and format characters (\p{Cf}) and the private-use markers the renderer works with. */
const INVISIBLE = /[\p{Cf}\p{Co}]/u;

/** The HTML read back as text: tags out, entities decoded. */
function textOf(html: string) {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function expectClean(kind: string, lng: string, mail: { subject: string; text: string; html: string }) {
  for (const [part, value] of [
    ["subject", mail.subject],
    ["text", mail.text],
    ["html", mail.html],
    ["html as text", textOf(mail.html)],
  ] as const) {
    expect(value, `${kind} ${lng} ${part}: unfilled placeholder`).not.toMatch(/\{\{|\}\}/);
    expect(value, `${kind} ${lng} ${part}: invisible character`).not.toMatch(INVISIBLE);
  }
}

describe("every e-mail kind, in both languages", () => {
  it("the test knows every kind the translations hold, and both languages hold the same", () => {
    expect(Object.keys(VALUES).sort()).toEqual([...KINDS].sort());
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  for (const lng of ["en", "fr"] as const) {
    for (const kind of Object.keys(VALUES) as EmailKind[]) {
      it(`${kind} (${lng}): no {{…}} and nothing invisible, with and without a name`, () => {
        for (const name of ["Sophie", undefined]) {
          const mail = renderEmail(kind, lng, VALUES[kind], name, { whole: true });
          expectClean(kind, lng, mail);
          // The signature's support address, as it is, in both parts.
          expect(mail.text).toContain(env.SUPPORT_EMAIL);
          expect(textOf(mail.html)).toContain(env.SUPPORT_EMAIL);
          // So is the skeleton's fill-in (the path a day's thousands of reminders take).
          expectClean(kind, lng, renderEmail(kind, lng, VALUES[kind], name));
        }
      });
    }
    for (const [kind, values] of VARIANTS) {
      it(`${kind}, ${String(values.context)} (${lng}): no {{…}} and nothing invisible`, () => {
        expectClean(kind, lng, renderEmail(kind, lng, values, "Sophie", { whole: true }));
      });
    }
  }

  it("the reminder and the alert say where to write: the support address, not {{supportEmail}}", () => {
    for (const kind of ["pickup-reminder", "service-alert"] as const) {
      for (const lng of ["en", "fr"] as const) {
        const mail = renderEmail(kind, lng, VALUES[kind], "Sophie");
        expect(mail.text).toContain(env.SUPPORT_EMAIL);
        expect(mail.text).not.toContain("{{supportEmail}}");
      }
    }
  });

  it("addresses and links arrive as they are: copied, they are still the address or the link", () => {
    const mail = renderEmail("welcome", "fr", VALUES.welcome, "Sophie", { whole: true });
    expect(mail.text).toContain("sophie.tremblay@example.com");
    expect(textOf(mail.html)).toContain("sophie.tremblay@example.com");
    expect(mail.html).toContain(`href="${APP}/confirm-email?token=abc"`);
    const reminder = renderEmail("pickup-reminder", "en", VALUES["pickup-reminder"], "Sophie");
    expect(reminder.text).toContain(UNSUBSCRIBE);
    expect(reminder.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(reminder.text).toContain(`${ORDER}/cancel`);
    // The contract's terms (issue 43): a link of the app's own, the merchant's identity as configured.
    const confirmation = renderEmail("booking-confirmed", "fr", VALUES["booking-confirmed"], "Sophie");
    expect(confirmation.text).toContain(`${APP}/terms`);
    expect(confirmation.html).toContain(`href="${APP}/terms"`);
    expect(confirmation.text).toContain("ReCircle Collecte inc.");
  });

  it("user text that looks like a link is defanged visibly, with nothing invisible in it", () => {
    const name = "Bob https://evil.example/login\u200B www.evil.example";
    const mail = renderEmail("waitlist-opened", "en", VALUES["waitlist-opened"], name);
    expectClean("waitlist-opened", "en", mail);
    expect(mail.text).toContain("Bob https[:]//evil[.]example/login www[.]evil[.]example");
    expect(mail.text).not.toMatch(/https?:\/\/evil/);
    expect(mail.html).not.toMatch(/evil\.example/);
  });
});
