// /api/pickup-slots serializes its body once per state of the slots and prefixes (issue 11, part 3), so
// every write that changes what it lists must change its ETag and body on the very next request, whatever
// wrote it: a booking, an admin's capacity change, a prefix deactivated, another process (an operator's
// sqlite3), and the clock (a slot within 24 hours is no longer offered). Two residents whose lists differ
// never share a tag, so neither gets a 304 for the other's content.
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import * as pickupSlotsApi from "~/routes/api.pickup-slots";
import { takePlace } from "~/services/booking/book.server";
import { setSlotCapacity } from "~/services/admin/supply.server";
import { deactivatePrefix, openPrefix } from "~/services/admin/areas.server";
import { env } from "~/services/platform/config.server";
import { db } from "~/services/platform/db.server";
import { MIN_LEAD_MS } from "~/lib/slots";
import { now, setNow } from "~/lib/clock";
import { cookieFor } from "./api-action";
import { resident, routeAnswer, slot } from "./fixtures";

type Slot = { id: number; maxCapacity: number; currentBooked: number; serviceAreas: string[]; startsAt: string };

async function list(cookie: string, headers: Record<string, string> = {}, query = "") {
  const request = new Request(`http://localhost/api/pickup-slots${query}`, {
    headers: { Cookie: cookie, "Accept-Language": "en-CA", ...headers },
  });
  const response = await routeAnswer(pickupSlotsApi.loader, request);
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get("ETag") ?? "",
    text,
    slots: text ? (JSON.parse(text) as Slot[]) : [],
  };
}

afterEach(() => setNow(null));

describe("GET /api/pickup-slots: ETag and the cached body", () => {
  it("keeps its tag across identical requests and answers 304 without a body to it", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const first = await list(cookie);
    expect(first.status).toBe(200);
    expect(first.slots.length).toBeGreaterThan(0);
    const again = await list(cookie);
    expect(again.etag).toBe(first.etag);
    expect(again.text).toBe(first.text);
    const revalidated = await list(cookie, { "If-None-Match": first.etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
    // The other language is another body, another tag.
    const french = await list(cookie, { "Accept-Language": "fr-CA" });
    expect(french.etag).not.toBe(first.etag);
    expect((await list(cookie, { "Accept-Language": "fr-CA", "If-None-Match": first.etag })).status).toBe(200);
  });

  it("changes on the next request after a booking, a capacity change and another process's write", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const own = slot({ capacity: 6, serviceAreas: ["H2X"] });
    const before = await list(cookie);
    const listed = () => before.slots.find((s) => s.id === own.id)!;
    expect(listed()).toMatchObject({ maxCapacity: 6, currentBooked: 0 });

    db.transaction((tx) => takePlace(tx, own.id));
    const booked = await list(cookie, { "If-None-Match": before.etag });
    expect(booked.status).toBe(200);
    expect(booked.etag).not.toBe(before.etag);
    expect(booked.slots.find((s) => s.id === own.id)).toMatchObject({ maxCapacity: 6, currentBooked: 1 });

    setSlotCapacity(user, own.id, 9);
    const resized = await list(cookie, { "If-None-Match": booked.etag });
    expect(resized.status).toBe(200);
    expect(resized.slots.find((s) => s.id === own.id)).toMatchObject({ maxCapacity: 9, currentBooked: 1 });

    // An operator's sqlite3 (another connection) fills the slot: it is listed full at once.
    const other = new Database(env.DATABASE_PATH);
    other.prepare("UPDATE pickup_slots SET current_booked = max_capacity WHERE id = ?").run(own.id);
    other.close();
    const filled = await list(cookie, { "If-None-Match": resized.etag });
    expect(filled.status).toBe(200);
    expect(filled.slots.find((s) => s.id === own.id)).toMatchObject({ maxCapacity: 9, currentBooked: 9 });
  });

  it("changes when a prefix is deactivated and opened again", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const before = await list(cookie, {}, "?fsa=H3Z");
    expect(before.slots.length).toBeGreaterThan(0);
    deactivatePrefix(user, "H3Z");
    const closed = await list(cookie, { "If-None-Match": before.etag }, "?fsa=H3Z");
    expect(closed.status).toBe(200);
    expect(closed.slots).toEqual([]);
    await openPrefix(user, "H3Z", { notify: false });
    const reopened = await list(cookie, { "If-None-Match": closed.etag }, "?fsa=H3Z");
    expect(reopened.status).toBe(200);
    expect(reopened.slots.length).toBe(before.slots.length);
  });

  it("stops offering a slot once it is within 24 hours, though nothing was written", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const before = await list(cookie);
    const first = before.slots[0]!;
    setNow(Date.parse(first.startsAt) - MIN_LEAD_MS + 1);
    const later = await list(cookie, { "If-None-Match": before.etag });
    expect(later.status).toBe(200);
    expect(later.slots.map((s) => s.id)).not.toContain(first.id);
    expect(now()).toBeGreaterThan(Date.parse(first.startsAt) - MIN_LEAD_MS);
  });

  it("never answers one resident's tag with a 304 when their lists differ", async () => {
    slot({ serviceAreas: ["H2X"] });
    const plateau = await resident({ postalCode: "H2X 3K2" });
    const westmount = await resident({ postalCode: "H3Z 2Y7" });
    const plateauCookie = await cookieFor(plateau.id);
    const westmountCookie = await cookieFor(westmount.id);
    const theirs = await list(plateauCookie);
    const mine = await list(westmountCookie, { "If-None-Match": theirs.etag });
    expect(mine.status).toBe(200);
    expect(mine.etag).not.toBe(theirs.etag);
    expect(mine.slots.every((s) => s.serviceAreas.includes("H3Z"))).toBe(true);
    expect(mine.text).not.toBe(theirs.text);
    // The same prefix asked for explicitly is the same body: the same tag.
    expect((await list(plateauCookie, { "If-None-Match": mine.etag }, "?fsa=H3Z")).status).toBe(304);
  });
});
