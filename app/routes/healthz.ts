import { sqlite } from "~/services/platform/db.server";
import { isStopping } from "~/services/ops/startup.server";

/** The database answers (503 when it does not, and while the server is stopping: take this machine out). */
export async function loader() {
  if (isStopping()) {
    return Response.json({ status: "stopping" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  try {
    const row = sqlite().prepare("select count(*) as n from materials").get() as { n: number };
    return Response.json({ status: "ok", materials: row.n }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("[healthz]", error);
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
