// Issue 44: a first view (rendered by React, its stylesheet put in and its gzip made by the server entry's
// stages, services/serving/document-pieces) and a repeated view of the same inputs (the render cache's stored
// bytes) are the same page byte for byte, apart from each answer's CSP nonce: on every resident page the
// bench measures, identity and gzip alike. Each URL is new (a query of its own), so its first two answers are
// renders (a page is kept from its second render) and its third the stored bytes; all are taken within one minute
// and one honeypot period (the render key's minute, the timestamp in every page's root data). Raw node:http against the shared server, js project only.
import { expect, test } from "@playwright/test";
import { ApiClient, bookOneBag, rawRequest, registerResident, type RawAnswer } from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level: the js project");

const GZIP = { "Accept-Encoding": "gzip" };
const HONEYPOT = /U2FsdGVkX1[\w+/=]+/g;
/** The server entry writes gzip with OS byte 3 (as zlib does); the render cache's own members say 255. */
const osByte = (answer: RawAnswer) => (answer.headers["content-encoding"] === "gzip" ? answer.raw[9] : null);
const withoutNonce = (answer: RawAnswer) => {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  expect(answer.text.split(nonce!).length).toBeGreaterThan(1);
  return answer.text.split(nonce!).join("NONCE");
};

test("a first view and a repeated view of the same inputs are the same bytes but for the nonce", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = new ApiClient(baseURL!, `first-view-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const slots = (await api.call("GET", "/api/pickup-slots")).json as unknown as {
    id: number;
    pickupDate: string;
    currentBooked: number;
    maxCapacity: number;
  }[];
  const open = slots.filter((slot) => slot.currentBooked < slot.maxCapacity);
  expect(open.length).toBeGreaterThan(1);
  const booked = await bookOneBag(api, open[0]!.id);
  expect(booked.status).toBe(201);
  const headers = { Cookie: api.cookie, Accept: "text/html", "Accept-Language": "fr-CA" };
  // The checkout's own URL: /checkout?bags&slotId answers with the checkout's token in it.
  const toCheckout = await rawRequest(`${baseURL}/checkout?bags=2&slotId=${open[1]!.id}`, { headers });
  expect(toCheckout.status).toBe(302);
  const checkout = String(toCheckout.headers.location);
  expect(checkout).toContain("checkout=");

  // This resident's header (their address, their new notification) is new to the server: the first page renders
  // it with React, the next one puts it in from its store (components/stored-pieces), with its own address in
  // the header's forms. The same bytes but for the address, the nonce and the honeypot.
  const shellA = await rawRequest(`${baseURL}/history?shell=a'"<`, { headers });
  const shellB = await rawRequest(`${baseURL}/history?shell=b'"<`, { headers });
  expect(shellA.text).toContain('data-testid="notification"');
  expect(shellA.text).not.toContain("data-piece-");
  const shellPage = (answer: RawAnswer, letter: string) =>
    withoutNonce(answer).replace(HONEYPOT, "HONEYPOT").split(`shell=${letter}`).join("shell=");
  expect(shellA.text).toContain('value="/history?shell=a%27%22%3C"');
  expect(shellPage(shellB, "b")).toBe(shellPage(shellA, "a"));

  const pages = [
    "/",
    "/booking",
    `/booking?date=${open[1]!.pickupDate}`,
    checkout,
    "/history",
    `/order/${String(booked.json.confirmationNumber)}`,
    "/profile",
    "/materials?q=pile",
  ];
  for (const page of pages) {
    let compared = false;
    for (let attempt = 0; attempt < 5 && !compared; attempt++) {
      const url = `${baseURL}${page}${page.includes("?") ? "&" : "?"}first=${Date.now().toString(36)}${attempt}`;
      const minute = Math.floor(Date.now() / 60_000);
      const first = await rawRequest(url, { headers: { ...headers, ...GZIP } });
      const second = await rawRequest(url, { headers: { ...headers, ...GZIP } });
      const repeated = await rawRequest(url, { headers: { ...headers, ...GZIP } });
      const plain = await rawRequest(url, { headers });
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      if (new Set([first, second, repeated, plain].map((a) => a.text.match(HONEYPOT)?.[0])).size !== 1) continue;
      for (const answer of [first, second, repeated, plain]) expect(answer.status, `${page}`).toBe(200);
      expect(osByte(first), `${page}: the first view is rendered`).toBe(3);
      // A page is kept from its second render (render-cache keptFromNow), so the third answer is the stored one.
      expect(osByte(second), `${page}: the second view is rendered again`).toBe(3);
      expect(withoutNonce(second), page).toBe(withoutNonce(first));
      expect(osByte(repeated), `${page}: the repeated view comes from the render cache`).toBe(0xff);
      expect(first.text, page).toContain("<style data-href=");
      expect(first.text, page).not.toContain("<!--recircle:stylesheet");
      expect(withoutNonce(repeated), page).toBe(withoutNonce(first));
      expect(withoutNonce(plain), page).toBe(withoutNonce(first));
      compared = true;
    }
    expect(compared, `${page}: three answers within one minute and one honeypot period`).toBe(true);
  }
});
