import { sqlite } from "~/services/platform/db.server";

export async function loader() {
  try {
    const row = sqlite().prepare("select count(*) as n from materials").get() as { n: number };
    return Response.json({ status: "ok", materials: row.n }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("[healthz]", error);
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
