// The parts of pages stored once per input set (components/stored-pieces: the header, the footer and bottom bar,
// the booking form's bundles, calendar and cancellation policy, the materials' list) are, put in from their store,
// the bytes React renders for them. On a server of its own, so that the first answer of each page renders every piece with React:
// each page asked for twice in each language (a query of its own each time, so both are renders and neither comes
// from the render cache), the second answer with every piece from the store, the same bytes but for the page's
// address in the header's forms, the nonce and the honeypot. Raw node:http, js project only.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  ApiClient,
  bookOneBag,
  freePort,
  rawRequest,
  registerResident,
  serverDir,
  startServer,
  type OwnServer,
  type RawAnswer,
} from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level, on its own server: the js project");

let server: OwnServer;
let dir = "";

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; none is needed
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
  test.setTimeout(120_000);
  dir = serverDir("stored-pieces");
  server = await startServer({ port: await freePort(process.env.OWN_SERVER_PORT), dbFile: path.join(dir, "app.db") });
});

test.afterAll(async () => {
  await server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const HONEYPOT = /U2FsdGVkX1[\w+/=]+/g;

/** The page without its nonce and honeypot timestamp, its own query's value `mark` made plain. */
function comparable(answer: RawAnswer, mark: string) {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  return answer.text.split(nonce!).join("NONCE").replace(HONEYPOT, "HONEYPOT").split(mark).join("MARK");
}

test("pages whose pieces come from the store are the bytes React renders for them", async () => {
  test.setTimeout(120_000);
  const api = new ApiClient(server.baseURL, `pieces-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const slots = (await api.call("GET", "/api/pickup-slots")).json as unknown as {
    id: number;
    pickupDate: string;
    currentBooked: number;
    maxCapacity: number;
  }[];
  const open = slots.filter((slot) => slot.currentBooked < slot.maxCapacity);
  expect(open.length).toBeGreaterThan(1);
  // A booking: a notification in the bell, an order page.
  const booked = await bookOneBag(api, open[0]!.id);
  expect(booked.status).toBe(201);

  // The first page's header is rendered by React, with an address that needs escaping (&amp;).
  const pages = [
    `/booking?bags=2&date=${open[1]!.pickupDate}`,
    "/booking",
    "/history",
    `/order/${String(booked.json.confirmationNumber)}`,
    "/profile",
    "/materials?q=pile",
    "/materials",
    "/",
    "/how-it-works",
  ];
  for (const language of ["fr-CA", "en-CA"]) {
    const headers = { Cookie: api.cookie, Accept: "text/html", "Accept-Language": language, "Accept-Encoding": "gzip" };
    for (const page of pages) {
      const url = (mark: string) => `${server.baseURL}${page}${page.includes("?") ? "&" : "?"}piece=${mark}`;
      const rendered = await rawRequest(url(`a'"<`), { headers });
      const stored = await rawRequest(url(`b'"<`), { headers });
      for (const answer of [rendered, stored]) {
        expect(answer.status, page).toBe(200);
        expect(answer.text, page).not.toContain("data-piece-");
        expect(answer.text, page).not.toContain("recircle-piece-here");
      }
      expect(rendered.text, page).toContain('data-testid="notification"');
      // The header's forms go back to this very page: its address as the browser sent it, escaped as React escapes
      // an attribute (the quotes and < came percent-encoded, the & is the one to escape).
      for (const [answer, mark] of [
        [rendered, "a"],
        [stored, "b"],
      ] as const) {
        const here = new URL(url(`${mark}%27%22%3C`));
        const value = `${here.pathname}${here.search}`.split("&").join("&amp;");
        expect(answer.text, page).toContain(`<input type="hidden" name="redirectTo" value="${value}"/>`);
      }
      expect(comparable(stored, "b%27%22%3C"), `${language} ${page}`).toBe(comparable(rendered, "a%27%22%3C"));
    }
  }
});
