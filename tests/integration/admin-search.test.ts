// Issue 42 part 9 on a real SQLite file: the admin search finds a resident or a pickup by each key
// (confirmation number, e-mail, name, phone typed in several forms, address without case or accents) and
// nothing else; % and _ are taken literally; at most 20 of each, saying when more matched. Every look (a
// search with its text and the residents it showed, a resident's page) is in the access log with its
// admin and subjects, read back newest first and by resident or admin; a resident's deletion keeps the
// entries on the tombstone without the text. Visitors are sent to sign in; residents and drivers get 403.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { createAdmin } from "~/services/accounts/accounts.server";
import { accessLogPage, readAccessLogFilter } from "~/services/admin/access-log.server";
import { searchAsAdmin } from "~/services/admin/people-search.server";
import { viewResidentAsAdmin } from "~/services/admin/resident-view.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { createUserSession } from "~/services/http/current-user.server";
import { db, schema } from "~/services/platform/db.server";
import { queueText } from "~/services/platform/texts.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import type { User } from "../../db/schema";
import { CARD, resident, slot } from "./fixtures";

const { loader: searchLoader } = await import("~/routes/admin.search");
const { loader: residentLoader } = await import("~/routes/admin.residents.$id");
const { loader: logLoader } = await import("~/routes/admin.access-log");
const { loader: pickupLoader } = await import("~/routes/admin.pickups.$confirmationNumber");

afterEach(() => setNow(null));

/** Letters no other test's data holds, so that a search finds this test's rows only. */
function tag() {
  return Array.from(crypto.randomBytes(6), (b) => "bcdfghjkmnpqrstvwxz"[b % 19]).join("");
}

/** A random valid Montreal number, E.164. */
function phoneNumber() {
  const digits = Array.from(crypto.randomBytes(7), (b) => String(b % 10)).join("");
  return `+1514${String(2 + (Number(digits[0]) % 8))}${digits.slice(1)}`;
}

async function person(values: Partial<User>, options: { street?: string; postalCode?: string } = {}) {
  const user = await resident(options);
  return db.update(schema.users).set(values).where(eq(schema.users.id, user.id)).returning().get();
}

let adminCount = 0;
const newAdmin = () => createAdmin(`ops-${++adminCount}-${tag()}@recircle-ops.ca`, "ops-admin-pass-12");

async function requestAs(user: User | null, path: string) {
  const headers: Record<string, string> = { "Accept-Language": "en-CA" };
  if (user) headers.Cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers });
}

type Loader = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
async function answer(loader: unknown, request: Request, params: object = {}): Promise<Response> {
  try {
    const value = await (loader as Loader)({ request, params, context: {} });
    if (value instanceof Response) return value;
    const single = value as { type?: string; data?: unknown; init?: { status?: number } };
    if (single?.type === "DataWithResponseInit") {
      return Response.json(single.data, { status: single.init?.status ?? 200 });
    }
    return Response.json(value);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const single = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (single?.type === "DataWithResponseInit") return Response.json(single.data, { status: single.init!.status });
    throw thrown;
  }
}

function looksBy(adminId: number) {
  return db.select().from(schema.adminAccessLog).where(eq(schema.adminAccessLog.adminUserId, adminId)).all();
}

describe("the admin search", () => {
  it("finds a resident by e-mail, name, phone in any typed form and address, and nobody else", async () => {
    const t = tag();
    const phone = phoneNumber();
    const national = phone.slice(2);
    const vero = await person(
      { firstName: "Véronique", lastName: `Côté-Létourneau${t}`, email: `vero.${t}@videotron.ca`, phone },
      { street: `4512 Rue Saint-Urbain${t}`, postalCode: "H2T 2W2" },
    );
    const other = await person(
      { firstName: "Marc", lastName: `Gagnon${t}`, email: `marc.${t}@videotron.ca`, phone: phoneNumber() },
      { street: `77 Avenue du Parc${t}`, postalCode: "H2X 3K2" },
    );
    const admin = await newAdmin();
    const ids = (text: string) => searchAsAdmin(admin.id, text).residents.map((r) => r.id);

    // E-mail: part of it, any case.
    expect(ids(`vero.${t}@videotron.ca`)).toEqual([vero.id]);
    expect(ids(`VERO.${t.toUpperCase()}@`)).toEqual([vero.id]);
    // Name: without accents or case, in any order, part of it.
    expect(ids(`veronique cote-letourneau${t}`)).toEqual([vero.id]);
    expect(ids(`LÉTOURNEAU${t.toUpperCase()} Véro`)).toEqual([vero.id]);
    // Phone: every typed form finds the E.164 number.
    for (const typed of [
      `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`,
      `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
      phone,
      `1-${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`,
      national,
    ]) {
      expect(ids(typed), typed).toEqual([vero.id]);
    }
    // Address: part of the street, without accents; the postal code with or without its space.
    expect(ids(`saint-urbain${t}`)).toEqual([vero.id]);
    expect(ids(`4512 rue saint-urb`)).toContain(vero.id);
    expect(ids(`h2t2w2 ${t}`)).toEqual([vero.id]);
    expect(ids(`avenue du parc${t}`)).toEqual([other.id]);
    // An e-mail search never matches names or addresses; a phone search never matches a street number.
    expect(ids(`cote-letourneau${t}@`)).toEqual([]);
    expect(ids(`saint-urbain${t}@`)).toEqual([]);
    expect(ids(`4512 ${national.slice(0, 3)}`)).toEqual([]);
    expect(ids(`marc.${t}@`)).toEqual([other.id]);
    // Both share the tag: a search by it finds the two, a search by one's name only that one.
    expect(ids(t).sort()).toEqual([vero.id, other.id].sort());
    expect(ids(`marc ${t}`)).toEqual([other.id]);
  });

  it("finds a pickup by its confirmation number typed in any case, with or without the dash, and by its address", async () => {
    const t = tag();
    const owner = await person({ firstName: "Hélène", lastName: `Bouchard${t}` }, { street: `9 Rue Émile${t}` });
    const pickup = await payWithSimulatedCard(owner, { bags: 1, slotId: slot().id }, CARD);
    const admin = await newAdmin();
    const cn = pickup.confirmationNumber;
    for (const typed of [cn, cn.toLowerCase(), cn.replace("-", ""), cn.slice(0, 4), ` ${cn.slice(0, 6)} `]) {
      const result = searchAsAdmin(admin.id, typed);
      expect(
        result.pickups.map((p) => p.confirmationNumber),
        typed,
      ).toContain(cn);
    }
    const exact = searchAsAdmin(admin.id, cn);
    expect(exact.pickups).toEqual([
      expect.objectContaining({
        confirmationNumber: cn,
        status: "Scheduled",
        resident: { id: owner.id, name: `Hélène Bouchard${t}`, deleted: false },
      }),
    ]);
    expect(exact.residents).toEqual([]);
    // By the pickup's address, without accents.
    expect(searchAsAdmin(admin.id, `rue emile${t}`).pickups.map((p) => p.confirmationNumber)).toEqual([cn]);
  });

  it("takes % and _ literally, bounds the results at 20 and says when more matched", async () => {
    const t = tag();
    const wild = await person({ firstName: "Zoé", lastName: `${t}100%_Recyclé` });
    const admin = await newAdmin();
    expect(searchAsAdmin(admin.id, `${t}100%_`).residents.map((r) => r.id)).toEqual([wild.id]);
    // As LIKE patterns these would match everyone; taken literally they match nobody.
    for (const hostile of ["%%", "_%", "%_%", "__", "\\%", "' or 1=1 --", "%' --"]) {
      const result = searchAsAdmin(admin.id, hostile);
      expect(result.residents.length + result.pickups.length, hostile).toBe(0);
    }

    const street = `Rue Limite${t}`;
    for (let i = 0; i < 22; i += 1) await person({ lastName: `L${t}` }, { street: `${i + 1} ${street}` });
    const bounded = searchAsAdmin(admin.id, street);
    expect(bounded.residents).toHaveLength(20);
    expect(bounded.more.residents).toBe(true);
    const page = await answer(searchLoader, await requestAs(admin, `/admin/search?q=${encodeURIComponent(street)}`));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ result: { more: { residents: true } } });
  });

  it("refuses a text too long with 400 and a text too short with a message, never a server error", async () => {
    const admin = await newAdmin();
    const long = await answer(searchLoader, await requestAs(admin, `/admin/search?q=${"a".repeat(500)}`));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ problem: "tooLong", result: null });
    const short = await answer(searchLoader, await requestAs(admin, "/admin/search?q=a"));
    expect(short.status).toBe(200);
    expect(await short.json()).toMatchObject({ problem: "tooShort", result: null });
    for (const q of ["%00%00", "%F0%9F%92%A9%F0%9F%92%A9", "a%0Ab", "%E2%80%AE%E2%80%AEabc", "q&q=x"]) {
      const odd = await answer(searchLoader, await requestAs(admin, `/admin/search?q=${q}`));
      expect(odd.status, q).toBeLessThan(500);
    }
    // Refused (or empty) searches show nothing: nothing is logged for them; the three others are.
    const queries = new Set(looksBy(admin.id).map((r) => r.query));
    expect([...queries].sort()).toEqual(["a b", "\u202e\u202eabc", "💩💩"].sort());
  });
});

describe("the resident view", () => {
  it("shows details, pickups, payments, messages without bodies and sessions; a number that is no resident is a 404", async () => {
    const t = tag();
    const phone = phoneNumber();
    const owner = await person({ firstName: "Ana", lastName: `Silva${t}`, phone });
    const pickup = await payWithSimulatedCard(owner, { bags: 2, slotId: slot().id }, CARD);
    db.transaction((tx) => queueText(tx, { to: phone, kind: "phone-code", locale: "en", text: "Code: 654321" }));
    await createUserSession(owner.id);
    const admin = await newAdmin();

    const page = await answer(residentLoader, await requestAs(admin, `/admin/residents/${owner.id}`), {
      id: String(owner.id),
    });
    expect(page.status).toBe(200);
    const view = (await page.json()) as Record<string, unknown> & { messages: { kind: string }[] };
    expect(view).toMatchObject({
      name: `Ana Silva${t}`,
      resident: {
        id: owner.id,
        email: owner.email,
        phone: `${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`,
      },
      pickups: [{ confirmationNumber: pickup.confirmationNumber, status: "Scheduled", bags: 2 }],
      payments: [
        { status: "succeeded", amountCents: pickup.totalCents, confirmationNumber: pickup.confirmationNumber },
      ],
      sessions: 1,
    });
    expect(view.messages.map((m) => m.kind)).toEqual(expect.arrayContaining(["phone-code", "booking-confirmed"]));
    // Never a verification code, never a message's body.
    expect(JSON.stringify(view)).not.toContain("654321");

    for (const id of ["abc", "0", "-1", "99999999", "1e3", `${admin.id}`]) {
      const missing = await answer(residentLoader, await requestAs(admin, `/admin/residents/${id}`), { id });
      expect(missing.status, id).toBe(404);
    }
  });
});

describe("the access log", () => {
  it("records each search with its text and the residents it showed, and each resident view, newest first", async () => {
    const t = tag();
    const one = await person({ firstName: "Lucie", lastName: `Roy${t}` });
    const two = await person({ firstName: "Paul", lastName: `Roy${t}` });
    const admin = await newAdmin();
    const otherAdmin = await newAdmin();
    setNow(Date.parse("2026-11-20T15:00:00Z"));
    await answer(searchLoader, await requestAs(admin, `/admin/search?q=roy${t}`));
    setNow(Date.parse("2026-11-20T15:01:00Z"));
    await answer(searchLoader, await requestAs(admin, `/admin/search?q=nobody${t}`));
    setNow(Date.parse("2026-11-20T15:02:00Z"));
    await answer(residentLoader, await requestAs(admin, `/admin/residents/${one.id}`), { id: String(one.id) });
    setNow(Date.parse("2026-11-20T15:03:00Z"));
    viewResidentAsAdmin(otherAdmin.id, two.id);

    const rows = looksBy(admin.id);
    expect(rows.map((r) => [r.what, r.query, r.subjectUserId])).toEqual([
      ["search", `roy${t}`, Math.min(one.id, two.id)],
      ["search", `roy${t}`, Math.max(one.id, two.id)],
      ["search", `nobody${t}`, null],
      ["resident", "", one.id],
    ]);

    // The page: one entry per look, its residents together, newest first; by admin, by resident.
    const mine = accessLogPage({ admin: admin.id, resident: null });
    expect(mine.entries.map((e) => [e.what, e.query, e.subjects.map((s) => s.id)])).toEqual([
      ["resident", "", [one.id]],
      ["search", `nobody${t}`, []],
      ["search", `roy${t}`, [one.id, two.id].sort((a, b) => a - b)],
    ]);
    expect(mine.entries[0]!.admin).toMatchObject({ id: admin.id, email: admin.email });
    const aboutTwo = accessLogPage({ admin: null, resident: two.id });
    expect(aboutTwo.entries.map((e) => [e.admin.id, e.what])).toEqual([
      [otherAdmin.id, "resident"],
      [admin.id, "search"],
    ]);
    expect(aboutTwo.filter.resident).toMatchObject({ id: two.id, name: `Paul Roy${t}` });
    expect(readAccessLogFilter(new URLSearchParams({ resident: two.email }))).toEqual({
      resident: two.id,
      admin: null,
    });
    expect(readAccessLogFilter(new URLSearchParams({ resident: "nobody@nowhere.ca", admin: "x" }))).toEqual({
      resident: 0,
      admin: 0,
    });

    // The page itself, as an admin reads it.
    const page = await answer(logLoader, await requestAs(otherAdmin, `/admin/access-log?resident=${two.id}`));
    expect(page.status).toBe(200);
    const body = (await page.json()) as { entries: { what: string; admin: { id: number } }[] };
    expect(body.entries.map((e) => e.admin.id)).toEqual([otherAdmin.id, admin.id]);
  });

  it("records each opening of a pickup's admin page with its resident and number; an unknown number records nothing", async () => {
    const owner = await person({ firstName: "Nadia", lastName: `Gagnon${tag()}` });
    const pickup = await payWithSimulatedCard(owner, { bags: 1, slotId: slot().id }, CARD);
    const admin = await newAdmin();
    const cn = pickup.confirmationNumber;
    const page = await answer(pickupLoader, await requestAs(admin, `/admin/pickups/${cn}`), { confirmationNumber: cn });
    expect(page.status).toBe(200);
    const missing = await answer(pickupLoader, await requestAs(admin, "/admin/pickups/NOPE-0000"), {
      confirmationNumber: "NOPE-0000",
    });
    expect(missing.status).toBe(404);
    expect(looksBy(admin.id).map((r) => [r.what, r.query, r.subjectUserId])).toEqual([["pickup", cn, owner.id]]);
    const entries = accessLogPage({ admin: null, resident: owner.id }).entries;
    expect(entries.map((e) => [e.what, e.admin.id])).toEqual([["pickup", admin.id]]);
  });

  it("keeps a deleted resident's looks on the tombstone, without the text that may name them", async () => {
    const t = tag();
    const gone = await person({ firstName: "Yves", lastName: `Pelletier${t}` });
    const stays = await person({ firstName: "Yvette", lastName: `Pelletier${t}` });
    const admin = await newAdmin();
    searchAsAdmin(admin.id, `pelletier${t}`);
    searchAsAdmin(admin.id, `yvette pelletier${t}`);
    viewResidentAsAdmin(admin.id, gone.id);

    await deleteAccount(gone, "sorting-day-1");

    const rows = looksBy(admin.id);
    expect(rows.map((r) => [r.what, r.query, r.subjectUserId])).toEqual([
      ["search", "", gone.id],
      ["search", "", stays.id],
      ["search", `yvette pelletier${t}`, stays.id],
      ["resident", "", gone.id],
    ]);
    const entries = accessLogPage({ admin: admin.id, resident: null }).entries;
    expect(entries.at(-1)!.subjects).toEqual([
      { id: gone.id, name: "", email: "", deleted: true },
      expect.objectContaining({ id: stays.id, deleted: false }),
    ]);
    expect(JSON.stringify(entries)).not.toContain("Yves");
  });

  it("lets only admins in: a visitor is sent to sign in, a resident and a driver get 403, and nothing is logged", async () => {
    const t = tag();
    const someone = await person({ lastName: `Dubé${t}` });
    const driver = await createAdmin(`driver-${t}@recircle-ops.ca`, "a-long-driver-passphrase", "driver");
    const before = db.select().from(schema.adminAccessLog).all().length;
    const pages: [unknown, string, object][] = [
      [searchLoader, `/admin/search?q=dube${t}`, {}],
      [residentLoader, `/admin/residents/${someone.id}`, { id: String(someone.id) }],
      [logLoader, "/admin/access-log", {}],
    ];
    for (const [loader, path, params] of pages) {
      const visitor = await answer(loader, await requestAs(null, path), params);
      expect(visitor.status, path).toBeGreaterThanOrEqual(300);
      expect(visitor.status, path).toBeLessThan(400);
      expect(visitor.headers.get("Location"), path).toMatch(/^\/sign-in/);
      for (const user of [someone, driver]) {
        expect((await answer(loader, await requestAs(user, path), params)).status, `${user.role} ${path}`).toBe(403);
      }
    }
    expect(db.select().from(schema.adminAccessLog).all().length).toBe(before);
  });
});
