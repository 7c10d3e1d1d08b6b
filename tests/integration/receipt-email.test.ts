// The booking confirmation is a receipt: subtotal, GST and QST with both registration numbers, the
// total and the card that paid, in the resident's language (money as the app formats it there).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookFree } from "~/services/checkout/free.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { createPromoCodes } from "~/services/booking/promo-rules.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { CARD, resident, slot } from "./fixtures";

const confirmationTo = (email: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, email))
    .all()
    .filter((m) => m.kind === "booking-confirmed")
    .at(-1)!;

async function residentIn(locale: "en" | "fr") {
  const user = await resident();
  return db.update(schema.users).set({ locale }).where(eq(schema.users.id, user.id)).returning().get();
}

describe("the confirmation e-mail is a receipt", () => {
  it.each([
    // 2 bags: subtotal $18.00, GST $0.90, QST $1.80 (1.7955 rounded), total $20.70.
    ["en", ["Subtotal: $18.00", "GST (5%): $0.90", "QST (9.975%): $1.80", "Total paid: $20.70"], "Visa ending in 4242"],
    [
      "fr",
      ["Sous-total : 18,00 $", "TPS (5 %) : 0,90 $", "TVQ (9,975 %) : 1,80 $", "Total payé : 20,70 $"],
      "Visa se terminant par 4242",
    ],
  ] as const)("in %s: the tax split, both registration numbers, the total and the card", async (lng, lines, card) => {
    const user = await residentIn(lng);
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
    const mail = confirmationTo(user.email);
    expect(mail.locale).toBe(lng);
    // Intl writes a no-break space before "$" in French; compare with plain spaces.
    const text = mail.text.replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain(pickup.confirmationNumber);
    for (const line of lines) expect(text).toContain(line);
    expect(text).toContain(card);
    expect(text).toContain(env.GST_NUMBER);
    expect(text).toContain(env.QST_NUMBER);
    expect(mail.html).toContain(env.GST_NUMBER);
    expect(mail.html).toContain(env.QST_NUMBER);
  });

  it.each([
    ["en", "Total paid: FREE", "No card was charged"],
    ["fr", "Total payé : GRATUIT", "Aucune carte n'a été débitée"],
  ] as const)("in %s: a FREE booking has the taxes and numbers but no card line", async (lng, total, noCard) => {
    const user = await residentIn(lng);
    const [code] = createPromoCodes(1, 100);
    await bookFree(user, { bags: 1, slotId: slot().id, promoCode: code });
    const text = confirmationTo(user.email).text.replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain(total);
    expect(text).toContain(noCard);
    expect(text).toContain(env.GST_NUMBER);
    expect(text).toContain(env.QST_NUMBER);
    expect(text).not.toMatch(/ending in|se terminant par|4242/);
  });
});
