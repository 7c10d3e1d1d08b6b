// A server of a spec's own with the Stripe provider pointed at the Stripe stand-in (started in the test
// process), for the specs that pay through Stripe in a browser. Pinned ports (OWN_SERVER_PORT + an offset of
// the spec's, one with JavaScript and the next without) keep parallel specs apart; unpinned, free ports.
import fs from "node:fs";
import path from "node:path";
import { test, type TestInfo } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../integration/stripe-stand-in";
import { freePort, serverDir, startServer, type OwnServer } from "./own-server";

export type StripeServer = { server: OwnServer; standIn: StripeStandIn; stop: () => Promise<void> };

export async function startStripeServer(
  testInfo: TestInfo,
  { tag, portOffset, keyTag }: { tag: string; portOffset: number; keyTag: string },
): Promise<StripeServer> {
  test.setTimeout(60_000);
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const standIn = await startStripeStandIn();
  const dir = serverDir(`${tag}-${js ? "js" : "nojs"}`);
  const pinned = process.env.OWN_SERVER_PORT;
  const port = await freePort(pinned ? String(Number(pinned) + portOffset + (js ? 0 : 1)) : undefined);
  const server = await startServer({
    port,
    dbFile: path.join(dir, "app.db"),
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: `sk_test_${keyTag}`,
      STRIPE_PUBLISHABLE_KEY: `pk_test_${keyTag}`,
      STRIPE_API_HOST: standIn.host,
      STRIPE_API_PORT: String(standIn.port),
      STRIPE_API_PROTOCOL: "http",
      // Stripe's pages send the resident back to the host the test's cookies are for.
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  return {
    server,
    standIn,
    async stop() {
      await server.kill();
      await standIn.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
