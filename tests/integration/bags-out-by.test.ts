// Bags out by the start of the window, everywhere it is said (issue 33, part 8): the confirmation and move
// e-mails of an afternoon pickup say 1:00 PM (13 h), a morning one 8:00 AM (8 h), in the resident's language.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { modifyPickup } from "~/services/pickups/changes.server";
import { db, schema } from "~/services/platform/db.server";
import { bagsOutBy } from "~/lib/format";
import { CARD, resident, slot } from "./fixtures";

const mailsTo = (email: string, kind: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, email))
    .all()
    .filter((m) => m.kind === kind);

describe("bags out by", () => {
  it("is the start of the window, in each language", () => {
    expect([bagsOutBy("morning", "en"), bagsOutBy("afternoon", "en")]).toEqual(["8:00 AM", "1:00 PM"]);
    expect([bagsOutBy("morning", "fr"), bagsOutBy("afternoon", "fr")]).toEqual(["8 h", "13 h"]);
  });

  it.each([
    ["en", "by 1:00 PM, when your time window starts", "by 8:00 AM that day, when your time window starts"],
    ["fr", "avant 13 h, au début de votre plage horaire", "avant 8 h ce jour-là, au début de votre plage horaire"],
  ] as const)("%s: the confirmation of an afternoon pickup, then its move to a morning", async (lng, booked, moved) => {
    const user = db
      .update(schema.users)
      .set({ locale: lng })
      .where(eq(schema.users.id, (await resident()).id))
      .returning()
      .get();
    let afternoon = slot();
    if (afternoon.window !== "afternoon") afternoon = slot();
    let morning = slot();
    if (morning.window !== "morning") morning = slot();
    expect([afternoon.window, morning.window]).toEqual(["afternoon", "morning"]);
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: afternoon.id }, CARD);
    const confirmation = mailsTo(user.email, "booking-confirmed").at(-1)!;
    expect(confirmation.text).toContain(booked);
    expect(confirmation.text).not.toMatch(/8:00 AM|avant 8 h/);
    await modifyPickup(user, pickup.id, morning.id);
    expect(mailsTo(user.email, "pickup-modified").at(-1)!.text).toContain(moved);
  });
});
