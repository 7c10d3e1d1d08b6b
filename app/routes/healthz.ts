import { databaseHealth } from "~/services/ops/health.server";
import { isStopping } from "~/services/ops/startup.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** The database answers (503 when it does not, and while the server is stopping: take this machine out). */
export async function loader() {
  if (isStopping()) return Response.json({ status: "stopping" }, { status: 503, headers: NO_STORE });
  const health = databaseHealth();
  return health.ok
    ? Response.json({ status: "ok", materials: health.materials }, { headers: NO_STORE })
    : Response.json({ status: "error" }, { status: 503, headers: NO_STORE });
}
