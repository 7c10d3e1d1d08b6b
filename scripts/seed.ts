// `npm run seed`: installs the materials, served prefixes, slot template and coming slots. Idempotent;
// the server also runs it at start-up. `npm run seed -- --demo` also makes a demo resident and admin for
// a local run (refused in production). `npm run seed -- --season [--seed N] [--scale K] [--at ISO]` fills
// the database with a season to look at (issue 46: twelve past and four coming weeks; refused in production).
import { DemoRefusedError, seedDemoAccounts } from "../app/services/ops/demo-accounts.server";
import { seed } from "../app/services/ops/seed.server";
import { SeasonRefusedError, seedSeason } from "../app/services/ops/season-seed.server";

const result = seed();
console.log(
  `Seeded ${result.materials} materials, ${result.prefixes} served prefixes; created ${result.slotsCreated} new slots.`,
);
if (process.argv.includes("--demo")) {
  try {
    const demo = await seedDemoAccounts();
    console.log(`Demo resident: ${demo.resident.email} / ${demo.resident.password}`);
    console.log(`Demo admin:    ${demo.admin.email} / ${demo.admin.password}`);
  } catch (error) {
    if (!(error instanceof DemoRefusedError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
if (process.argv.includes("--season")) {
  const option = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const at = option("--at") ? Date.parse(option("--at")!) : Date.now();
  const seedNumber = Number(option("--seed") ?? 1);
  const scale = Number(option("--scale") ?? 1);
  if (!Number.isFinite(at) || !Number.isInteger(seedNumber) || !Number.isInteger(scale) || scale < 1) {
    console.error("Usage: npm run seed -- --season [--seed N] [--scale K] [--at 2026-11-27T12:00:00Z]");
    process.exit(2);
  }
  try {
    const started = performance.now();
    const season = seedSeason({ seed: seedNumber, scale, at });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      season.skipped
        ? `The season of seed ${seedNumber} is there already.`
        : `Season (seed ${seedNumber}, scale ${scale}): ${season.pickups} pickups, ${season.intakes} intake records, ${season.residents} residents, ${season.waitlist} waitlist entries in ${seconds} s.`,
    );
  } catch (error) {
    if (!(error instanceof SeasonRefusedError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
