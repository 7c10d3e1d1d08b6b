// Download my data as a person reads it (issue 43 part 7): the same object as the JSON file
// (exportAccountData), told in the resident's language, section by section: amounts in dollars (en-CA /
// fr-CA), instants in Montreal time, a unit written "app." in French. Every text is made here, so the page
// only lays the sections out (and prints without JavaScript).
import type { TFunction } from "i18next";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import type { ExportItem, ExportRow, ExportSection, ExportView } from "~/lib/data-export";
import type { Language } from "~/lib/i18n";
import { formatPhoneNational } from "~/lib/phone";
import { formatMoney } from "~/lib/pricing";
import { addressIn, addressLine } from "~/lib/profile";
import { getTFor } from "~/services/platform/translate.server";
import type { AccountExport } from "./export.server";

type Pickup = AccountExport["pickups"][number];

function formatters(lng: Language, t: TFunction) {
  const when = (iso: string | null) => (iso === null ? t("never") : formatDateTime(Date.parse(iso), lng));
  const money = (cents: number) => formatMoney(cents, lng);
  const row = (label: string, value: string): ExportRow => ({ label: t(label), value });
  const yesNo = (value: boolean) => (value ? t("yes") : t("no"));
  return { when, money, row, yesNo };
}
type Formatters = ReturnType<typeof formatters>;

function accountSection(data: AccountExport, t: TFunction, f: Formatters): ExportItem[] {
  const a = data.account;
  return [
    {
      heading: null,
      rows: [
        f.row("account.email", a.email),
        f.row("account.emailConfirmed", a.emailConfirmedAt ? f.when(a.emailConfirmedAt) : t("no")),
        f.row("account.role", t(`roles.${a.role}`)),
        f.row("account.language", t(`languages.${a.language}`)),
        f.row("account.createdAt", f.when(a.createdAt)),
        f.row("account.lastSeenAt", f.when(a.lastSeenAt)),
        f.row("account.onboarding", f.yesNo(a.completedOnboarding)),
      ],
    },
  ];
}

function profileSection(data: AccountExport, lng: Language, t: TFunction, f: Formatters): ExportItem[] {
  const p = data.profile;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const address = addressLine(p, lng === "fr" ? "app." : "Unit");
  const position =
    p.latitude === null || p.longitude === null
      ? t("notGiven")
      : `${t("profile.positionValue", { latitude: p.latitude, longitude: p.longitude })} (${t(
          p.positionApproximate ? "profile.approximate" : "profile.exact",
        )})`;
  return [
    {
      heading: null,
      rows: [
        f.row("profile.name", name || t("notGiven")),
        f.row("profile.address", p.streetAddress ? address : t("notGiven")),
        f.row("profile.postalPrefix", p.postalPrefix || t("notGiven")),
        f.row("profile.phone", formatPhoneNational(p.phone) || t("notGiven")),
        f.row("profile.notes", p.pickupNotes || t("notGiven")),
        f.row("profile.position", position),
      ],
    },
  ];
}

function pickupItem(p: Pickup, lng: Language, t: TFunction, f: Formatters): ExportItem {
  const price = p.price;
  const discount = (label: string, cents: number) => (cents ? [f.row(label, f.money(-cents))] : []);
  return {
    heading: t("pickup.heading", { number: p.confirmationNumber }),
    rows: [
      f.row("pickup.when", `${formatDate(p.date, lng)}, ${windowLabel(p.window, lng)}`),
      f.row("pickup.status", t(`orders:status.${p.status.toLowerCase()}`)),
      f.row("pickup.bags", String(p.bags)),
      f.row("pickup.address", addressIn(p.address, lng)),
      f.row("pickup.listPrice", f.money(price.listPriceCents)),
      ...discount("pickup.multiBagDiscount", price.multiBagDiscountCents),
      ...(price.serviceFeeCents ? [f.row("pickup.serviceFee", f.money(price.serviceFeeCents))] : []),
      ...discount("pickup.promoDiscount", price.promoDiscountCents),
      f.row("pickup.subtotal", f.money(price.subtotalCents)),
      f.row("pickup.gst", f.money(price.gstCents)),
      f.row("pickup.qst", f.money(price.qstCents)),
      f.row("pickup.total", f.money(price.totalCents)),
      f.row("pickup.bookedAt", f.when(p.bookedAt)),
      ...(p.movedAt ? [f.row("pickup.movedAt", f.when(p.movedAt))] : []),
      ...(p.missedReason ? [f.row("pickup.missedReason", t(`stops:reasons.${p.missedReason}`))] : []),
      ...(p.remedy ? [f.row("pickup.remedy", t(`pickup.remedies.${p.remedy}`))] : []),
      ...(p.bagsCollected === null ? [] : [f.row("pickup.bagsCollected", String(p.bagsCollected))]),
      ...(p.refusedItems.length ? [f.row("pickup.refused", refusedList(p, t))] : []),
    ],
  };
}

/** Issue 47: the items left at the door, by name ("other" with its note). */
function refusedList(p: Pickup, t: TFunction) {
  return p.refusedItems
    .map((left) => {
      const name = t(`stops:refused.items.${left.item}`);
      return left.note ? `${name} (${left.note})` : name;
    })
    .join(", ");
}

function paymentItem(p: Pickup, t: TFunction, f: Formatters): ExportItem {
  const pay = p.payment;
  const paid = pay
    ? [
        f.row("payment.method", t(`payment.methods.${pay.method}`)),
        f.row("payment.status", t(`payment.statuses.${pay.status}`)),
        f.row("payment.amount", f.money(pay.amountCents)),
        f.row("payment.refunded", f.money(pay.refundedCents)),
        f.row("payment.paidAt", f.when(pay.paidAt)),
      ]
    : [f.row("payment.method", t("payment.noPayment"))];
  const refund = p.refund
    ? [
        f.row("payment.refund", f.money(p.refund.amountCents)),
        ...(p.refund.status ? [f.row("payment.refundStatus", t(`payment.refundStatuses.${p.refund.status}`))] : []),
        f.row("payment.cancelledAt", f.when(p.refund.cancelledAt)),
      ]
    : [];
  return { heading: t("payment.heading", { number: p.confirmationNumber }), rows: [...paid, ...refund] };
}

function messageSections(data: AccountExport, t: TFunction, f: Formatters) {
  const status = (s: string) => t(`message.statuses.${s}`);
  const emails = data.emails.map((e) => ({
    heading: e.subject,
    rows: [
      f.row("message.writtenAt", f.when(e.writtenAt)),
      f.row("message.sentAt", f.when(e.sentAt)),
      f.row("message.status", status(e.status)),
    ],
  }));
  const texts = data.texts.map((m) => ({
    heading: t(`message.kinds.${m.kind}`, { defaultValue: m.kind }),
    rows: [
      f.row("message.to", formatPhoneNational(m.to)),
      f.row("message.writtenAt", f.when(m.writtenAt)),
      f.row("message.sentAt", f.when(m.sentAt)),
      f.row("message.status", status(m.status)),
    ],
  }));
  return { emails, texts };
}

function choicesSection(data: AccountExport, t: TFunction, f: Formatters): ExportItem[] {
  const c = data.messageChoices;
  const onOff = (on: boolean) => t(on ? "choices.on" : "choices.off");
  return [
    {
      heading: null,
      rows: [
        f.row("choices.reminders", onOff(c.remindersEnabled)),
        f.row("choices.channels", t(`choices.channelValues.${c.reminderChannels}`)),
        f.row("choices.alerts", onOff(c.alertsEnabled)),
        f.row("choices.dayAfter", onOff(c.dayAfterEnabled)),
        f.row("choices.phoneVerifiedAt", c.phoneVerifiedAt ? f.when(c.phoneVerifiedAt) : t("no")),
        f.row("choices.textsStoppedAt", c.textsStoppedAt ? f.when(c.textsStoppedAt) : t("no")),
      ],
    },
  ];
}

function otherSections(data: AccountExport, t: TFunction, f: Formatters) {
  const promos = data.promoRedemptions.map((r) => ({
    heading: t("promo.heading", { code: r.code }),
    rows: [
      f.row("promo.percent", t("promo.percentValue", { percent: r.percent })),
      f.row("promo.discount", f.money(r.discountCents)),
      f.row("promo.redeemedAt", f.when(r.redeemedAt)),
      ...(r.pickup ? [f.row("promo.pickup", r.pickup)] : []),
    ],
  }));
  const terms = data.termsAccepted.map((a) => ({
    heading: t("terms.heading", { number: a.pickup }),
    rows: [
      f.row("terms.version", a.version ?? t("notGiven")),
      f.row("terms.acceptedAt", f.when(a.acceptedAt)),
      f.row("terms.language", a.contractLanguage ? t(`languages.${a.contractLanguage}`) : t("notGiven")),
      ...(a.frenchTermsReceivedAt ? [f.row("terms.frenchReceived", f.when(a.frenchTermsReceivedAt))] : []),
    ],
  }));
  const sessions = data.sessions.map((s) => ({
    heading: [
      t("session.heading", {
        browser: s.browser || t("session.unknownBrowser"),
        system: s.system || t("session.unknownSystem"),
      }),
      s.current ? ` (${t("session.current")})` : "",
    ].join(""),
    rows: [
      f.row("session.signedInAt", f.when(s.signedInAt)),
      f.row("session.lastSeenAt", f.when(s.lastSeenAt)),
      f.row("session.expiresAt", f.when(s.expiresAt)),
    ],
  }));
  const waitlist = data.waitlist.map((w) => ({
    heading: t("waitlist.heading", { prefix: w.postalPrefix }),
    rows: [
      f.row("waitlist.name", w.name),
      f.row("waitlist.email", w.email),
      f.row("waitlist.reason", t(`waitlist.reasons.${w.reason}`)),
      f.row("waitlist.language", t(`languages.${w.language}`)),
      f.row("waitlist.joinedAt", f.when(w.joinedAt)),
      f.row("waitlist.toldAt", f.when(w.toldAt)),
    ],
  }));
  const read = data.notifications.read;
  const notifications = read.length
    ? [
        {
          heading: t("notifications.count", { count: read.length }),
          rows: read.map((r) => f.row("notifications.readAt", f.when(r.readAt))),
        },
      ]
    : [];
  return { promos, terms, sessions, waitlist, notifications };
}

/** The export `data` as a page in `lng`: its title, its introduction and every section, titled. */
export async function readableExport(data: AccountExport, lng: Language): Promise<ExportView> {
  const t = await getTFor(lng, "export");
  const f = formatters(lng, t);
  const messages = messageSections(data, t, f);
  const other = otherSections(data, t, f);
  const section = (id: string, items: ExportItem[], note: string | null = null): ExportSection => ({
    id,
    title: t(`sections.${id}`),
    note,
    items,
    empty: items.length || id === "calendar" ? null : t("none"),
  });
  const calendar = t(data.calendarLink.exists ? "calendar.exists" : "calendar.none");
  return {
    lng,
    title: t("title"),
    intro: t("intro", { when: f.when(data.exportedAt) }),
    sections: [
      section("account", accountSection(data, t, f)),
      section("profile", profileSection(data, lng, t, f)),
      section(
        "pickups",
        data.pickups.map((p) => pickupItem(p, lng, t, f)),
      ),
      section(
        "payments",
        data.pickups.map((p) => paymentItem(p, t, f)),
      ),
      section("promos", other.promos),
      section("terms", other.terms),
      section("emails", messages.emails, t("message.bodies")),
      section("texts", messages.texts, t("message.bodies")),
      section("choices", choicesSection(data, t, f)),
      section("calendar", [], calendar),
      section("sessions", other.sessions),
      section("waitlist", other.waitlist),
      section("notifications", other.notifications),
    ],
  };
}
