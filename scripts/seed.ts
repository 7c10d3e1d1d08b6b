// `npm run seed`: installs the materials, served prefixes, slot template and coming slots. Idempotent;
// the server also runs it at start-up.
import { seed } from "../app/services/ops/seed.server";

const result = seed();
console.log(
  `Seeded ${result.materials} materials, ${result.prefixes} served prefixes; created ${result.slotsCreated} new slots.`,
);
