// /healthz's question: does the database answer? (A read of the seeded materials, the cheapest real one.)
import { sqlite } from "~/services/platform/db.server";

export function databaseHealth(): { ok: true; materials: number } | { ok: false } {
  try {
    const row = sqlite().prepare("select count(*) as n from materials").get() as { n: number };
    return { ok: true, materials: row.n };
  } catch (error) {
    console.error("[healthz]", error);
    return { ok: false };
  }
}
