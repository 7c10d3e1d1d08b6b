// `npm run backfill-positions`: the position of every existing profile's and pickup's address (see
// app/services/ops/positions.server.ts). Run once after migration 0008; running it again changes nothing.
import { backfillPositions } from "../app/services/ops/positions.server";

const { profiles, pickups } = backfillPositions();
console.log(`Positions written: ${profiles} profiles, ${pickups} pickups.`);
