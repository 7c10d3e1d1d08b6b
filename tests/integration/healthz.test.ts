// /healthz (issue 22, part 4): it checks the database, and answers 503 once the server is stopping
// (scripts/server.mjs calls the build's stopBackgroundWork on SIGTERM/SIGINT) so a proxy takes the
// machine out while its last requests finish.
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/healthz";
import { stopBackgroundWork } from "~/services/ops/startup.server";

describe("/healthz", () => {
  it("answers 200 with the database, then 503 once the server is stopping; never cached", async () => {
    const up = await loader();
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok" });
    expect(up.headers.get("Cache-Control")).toBe("no-store");

    await stopBackgroundWork();
    const stopping = await loader();
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping" });
    expect(stopping.headers.get("Cache-Control")).toBe("no-store");
  });
});
