// `npm run seed`: installs the materials, served prefixes, slot template and coming slots. Idempotent;
// the server also runs it at start-up. `npm run seed -- --demo` also makes a demo resident and admin for
// a local run (refused in production).
import { DemoRefusedError, seedDemoAccounts } from "../app/services/ops/demo-accounts.server";
import { seed } from "../app/services/ops/seed.server";

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
