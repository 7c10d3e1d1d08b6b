// A stand-in of Twilio's REST API on a local port (issue 35): the Messages endpoint only,
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From and Body, Basic auth with the
// account SID and auth token. "up" answers 201 with a message resource and keeps it; "failing" answers
// 500 with Twilio's error shape, as its API does when it cannot take the message.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TextReceived = { to: string; from: string; body: string };

export async function startTwilioStandIn(accountSid: string, authToken: string) {
  let mood: "up" | "failing" = "up";
  const received: TextReceived[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expectedAuth) {
        return json(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return json(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      }
      if (mood === "failing") return json(500, { code: 20500, message: "Internal Server Error", status: 500 });
      const form = new URLSearchParams(raw);
      const message = { to: form.get("To") ?? "", from: form.get("From") ?? "", body: form.get("Body") ?? "" };
      received.push(message);
      n += 1;
      json(201, {
        sid: `SM${String(n).padStart(32, "0")}`,
        account_sid: accountSid,
        ...message,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/SM${n}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMood(next: "up" | "failing") {
      mood = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
