// `npm run backfill-positions`: gives existing profiles and pickups the position of their address. The
// migration 0008 put every one at its postal prefix's centre (approximate); this puts those the address
// book knows at their exact place, and fills any still missing. A position not flagged approximate (one a
// look-up gave) is never touched. Safe to run again.
import { eq, isNull, or } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { positionOfAddress, prefixCentroid } from "~/lib/positions";
import { postalCodeAtEnd } from "~/lib/postal";

/** A pickup's address line ('1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8'): its street and postal code. */
function partsOfLine(line: string): { streetAddress: string; postalCode: string } | null {
  const postalCode = postalCodeAtEnd(line);
  const street = line.split(",")[0]?.trim();
  return postalCode && street ? { streetAddress: street, postalCode } : null;
}

const needsPosition = (table: typeof schema.users | typeof schema.pickupRequests) =>
  or(isNull(table.latitude), eq(table.positionApproximate, true));

export function backfillPositions(): { profiles: number; pickups: number } {
  return db.transaction((tx) => {
    let profiles = 0;
    let pickups = 0;
    const users = tx.select().from(schema.users).where(needsPosition(schema.users)).all();
    for (const user of users) {
      if (!user.streetAddress || !user.postalCode) continue;
      const position = positionOfAddress(user);
      if (!position) continue;
      tx.update(schema.users)
        .set({ latitude: position.latitude, longitude: position.longitude, positionApproximate: position.approximate })
        .where(eq(schema.users.id, user.id))
        .run();
      profiles += 1;
    }
    const rows = tx.select().from(schema.pickupRequests).where(needsPosition(schema.pickupRequests)).all();
    for (const pickup of rows) {
      const parts = partsOfLine(pickup.address);
      const position = (parts && positionOfAddress(parts)) ?? prefixCentroid(pickup.postalFsa);
      if (!position) continue;
      tx.update(schema.pickupRequests)
        .set({ latitude: position.latitude, longitude: position.longitude, positionApproximate: position.approximate })
        .where(eq(schema.pickupRequests.id, pickup.id))
        .run();
      pickups += 1;
    }
    return { profiles, pickups };
  });
}
