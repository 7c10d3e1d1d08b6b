// Idempotent seed: materials (updated to the latest texts), served prefixes and the slot template
// (inserted once, so an admin's later changes survive), then the slots ahead.
import { sql } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { generateSlots } from "~/services/booking/slot-supply.server";
import { now } from "~/lib/clock";
import { MATERIALS } from "../../../db/seed/materials";
import { DEFAULT_SLOT_TEMPLATE, MONTREAL_PREFIXES } from "../../../db/seed/prefixes";

export function seed(at = now()) {
  db.transaction((tx) => {
    for (const material of MATERIALS) {
      tx.insert(schema.materials)
        .values(material)
        .onConflictDoUpdate({ target: schema.materials.category, set: material })
        .run();
    }
    for (const fsa of MONTREAL_PREFIXES) {
      tx.insert(schema.servicePrefixes).values({ fsa, createdAt: at }).onConflictDoNothing().run();
    }
    const templates = tx
      .select({ n: sql<number>`count(*)` })
      .from(schema.slotTemplates)
      .get();
    if (!templates?.n) {
      tx.insert(schema.slotTemplates).values(DEFAULT_SLOT_TEMPLATE).run();
    }
  });
  const slots = generateSlots(at);
  return { materials: MATERIALS.length, prefixes: MONTREAL_PREFIXES.length, slotsCreated: slots };
}
