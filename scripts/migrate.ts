// `npm run migrate`: applies the pending migrations (db/migrations) to DATABASE_PATH and exits. Opening the
// database migrates it (platform/db.server); on LiteFS, litefs.yml runs this on the primary candidate only,
// before the server starts (a replica's copy is read-only and arrives migrated).
import { closeDatabase, sqlite } from "../app/services/platform/db.server";

const applied = sqlite().prepare("select count(*) as n from __drizzle_migrations").get() as { n: number };
closeDatabase();
console.log(`Database migrated (${applied.n} migrations applied in all).`);
