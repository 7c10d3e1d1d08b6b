// `npm run backfill-positions [-- --delay-ms 1000]`: asks the configured geocoder (GEOCODER) again for
// every approximate or missing position, residents' addresses and coming pickups (see
// app/services/areas/backfill-positions.server.ts). Run it after setting up a geocoder, after a geocoder
// outage, or whenever /admin/day says "approximate" too often; running it again only retries what is
// still approximate. --delay-ms is the pause between two look-ups (default 1000 for an external
// geocoder, 0 for the embedded address book).
import { parseArgs } from "node:util";
import { backfillPositions } from "../app/services/areas/backfill-positions.server";

const { values } = parseArgs({ options: { "delay-ms": { type: "string" } } });
const delayMs = values["delay-ms"] === undefined ? undefined : Number(values["delay-ms"]);
if (delayMs !== undefined && !(Number.isInteger(delayMs) && delayMs >= 0)) {
  console.error("--delay-ms takes a whole number of milliseconds (0 or more).");
  process.exit(2);
}

const { placed, approximate } = await backfillPositions({ delayMs });
console.log(
  `Positions placed by the geocoder: ${placed.profiles} profiles, ${placed.pickups} coming pickups. ` +
    `Still approximate (postal area centre): ${approximate.profiles} profiles, ${approximate.pickups} coming pickups.`,
);
