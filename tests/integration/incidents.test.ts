// The register of confidentiality incidents (issue 43 part 6): an entry holds what the Regulation respecting
// confidentiality incidents (s. 7) asks for, is updated as facts come in, and keeps every version (who, when,
// the whole state) shown newest first; the form refuses what the register cannot hold, field by field; the
// CSVs carry every field (each entry's current state; every version).
import { parse } from "csv-parse/sync";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { incidentFormSchema } from "~/lib/incident-form";
import { INCIDENT_FIELDS, noticesOwed, type IncidentState } from "~/lib/incidents";
import { action as registerAction } from "~/routes/admin.privacy";
import { action as entryAction, loader as entryLoader } from "~/routes/admin.privacy_.$id";
import { loader as registerCsv } from "~/routes/admin.privacy[.csv]";
import { loader as versionsCsv } from "~/routes/admin.privacy_.versions[.csv]";
import { createAdmin } from "~/services/accounts/accounts.server";
import {
  incidentWithHistory,
  listIncidentVersions,
  listIncidents,
  recordIncident,
  updateIncident,
} from "~/services/admin/incidents.server";
import { createUserSession } from "~/services/http/current-user.server";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { ensureSeeded, resident } from "./fixtures";

const TODAY = "2026-06-15";
/** 2026-06-15 at 14:00 in Montreal. */
const NOON = Date.parse("2026-06-15T18:00:00Z");
const HOUR = 3_600_000;

const FIRST: IncidentState = {
  personalInfo: "",
  personalInfoUnknownReason: "The contractor has not yet said which lists were on the laptop.",
  circumstances: "A contractor's laptop with delivery lists was stolen from a car.",
  occurredOn: "2026-06-08",
  occurredUntil: "2026-06-09",
  occurredApproximate: true,
  discoveredOn: "2026-06-12",
  personsConcerned: 40,
  personsApproximate: true,
  risk: "pending",
  riskReasoning: "",
  commissionNotifiedOn: null,
  commissionNotNotifiedReason: "",
  personsNotifiedOn: null,
  personsNotNotifiedReason: "",
  publicNoticeOn: null,
  publicNoticeReason: "",
  measures: "Asked the contractor for the list of files.",
};

afterEach(() => setNow(null));

async function admin(tag: string) {
  ensureSeeded();
  return createAdmin(`${tag}-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
}

/** The form an admin posts for this state (checkboxes ticked as "on", empty fields left out). */
function formOf(state: Partial<IncidentState> & { personalInfoUnknown?: boolean }, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(state)) {
    if (value === null || value === "" || value === false) continue;
    form.append(name, value === true ? "on" : String(value));
  }
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
}

const formFor = (state: IncidentState, extra: Record<string, string> = {}) =>
  formOf({ ...state, personalInfoUnknown: Boolean(state.personalInfoUnknownReason) }, extra);

/** What the form's schema says of these fields, on TODAY: the value, or each field's error keys. */
function check(fields: Partial<IncidentState> & { personalInfoUnknown?: boolean }) {
  const submission = parseWithZod(formOf(fields), { schema: incidentFormSchema(TODAY) });
  return submission.status === "success"
    ? { value: submission.value, errors: {} }
    : { value: null, errors: submission.error ?? {} };
}

describe("an incident entry updated as the facts come in", () => {
  it("keeps its three versions, newest first, with who saved each, when, and what it changed", async () => {
    const first = await admin("incident-first");
    const second = await admin("incident-second");
    setNow(NOON - 72 * HOUR);
    const id = recordIncident(first, FIRST);

    setNow(NOON - 24 * HOUR);
    const known: IncidentState = {
      ...FIRST,
      personalInfo: "Names, street addresses and phone numbers of 37 residents.",
      personalInfoUnknownReason: "",
      personsConcerned: 37,
      personsApproximate: false,
      risk: "serious",
      riskReasoning: "Home addresses with phone numbers, on a stolen device: likely to be used to reach them.",
      commissionNotifiedOn: "2026-06-14",
    };
    expect(updateIncident(second, id, 1, known)).toBe(2);

    setNow(NOON);
    const notified: IncidentState = {
      ...known,
      personsNotifiedOn: "2026-06-15",
      measures: "Asked the contractor for the list of files. Wrote to the 37 residents; passwords reset.",
    };
    expect(updateIncident(first, id, 2, notified)).toBe(3);

    const found = incidentWithHistory(id)!;
    expect(found.entry).toMatchObject({ ...notified, id, version: 3, recordedBy: first.email, updatedAt: NOON });
    expect(found.history.map((v) => [v.version, v.changedBy, v.changedAt])).toEqual([
      [3, first.email, NOON],
      [2, second.email, NOON - 24 * HOUR],
      [1, first.email, NOON - 72 * HOUR],
    ]);
    expect(found.history.map((v) => v.state)).toEqual([notified, known, FIRST]);
    expect(found.history[0]!.changed).toEqual(["personsNotifiedOn", "measures"]);
    expect(found.history[1]!.changed).toEqual([
      "personalInfo",
      "personalInfoUnknownReason",
      "personsConcerned",
      "personsApproximate",
      "risk",
      "riskReasoning",
      "commissionNotifiedOn",
    ]);
    expect(found.history[2]!.changed).toEqual([]);
    expect(listIncidents().find((e) => e.id === id)).toMatchObject(notified);

    // A version is kept as written: the database itself refuses to change or delete one.
    expect(() =>
      sqlite().prepare("update privacy_incident_versions set state = '{}' where incident_id = ?").run(id),
    ).toThrow(/kept as written/);
    expect(() => sqlite().prepare("delete from privacy_incident_versions where incident_id = ?").run(id)).toThrow(
      /kept as written/,
    );
    // Each save is in the admin activity log.
    const actions = db
      .select()
      .from(schema.adminActivity)
      .all()
      .filter((a) => a.detail.includes(`"incident":${id},`));
    expect(actions.map((a) => a.action)).toEqual(["incident.record", "incident.update", "incident.update"]);
  });

  it("refuses an update made from an older version, one that changes nothing, and an unknown entry, writing nothing", async () => {
    const someone = await admin("incident-stale");
    setNow(NOON);
    const id = recordIncident(someone, FIRST);
    updateIncident(someone, id, 1, { ...FIRST, personsConcerned: 41 });
    const versions = () => listIncidentVersions().filter((v) => v.incidentId === id).length;
    expect(() => updateIncident(someone, id, 1, { ...FIRST, personsConcerned: 42 })).toThrow(
      expect.objectContaining({ key: "privacy:incidents.errors.stale", status: 409 }),
    );
    expect(() => updateIncident(someone, id, 2, { ...FIRST, personsConcerned: 41 })).toThrow(
      expect.objectContaining({ key: "privacy:incidents.errors.unchanged", status: 400 }),
    );
    expect(() => updateIncident(someone, 987_654, 1, FIRST)).toThrow(
      expect.objectContaining({ key: "privacy:incidents.errors.notFound", status: 404 }),
    );
    expect(versions()).toBe(2);
    expect(incidentWithHistory(id)!.entry.personsConcerned).toBe(41);
  });

  it("says the Commission and the persons must be notified while a serious risk has neither notice nor reason", () => {
    expect(noticesOwed({ ...FIRST, risk: "serious" })).toEqual({ commission: true, persons: true });
    expect(
      noticesOwed({
        ...FIRST,
        risk: "serious",
        commissionNotifiedOn: "2026-06-14",
        personsNotNotifiedReason: "Notifying them now would hamper the police investigation.",
      }),
    ).toEqual({ commission: false, persons: false });
    expect(noticesOwed({ ...FIRST, risk: "low" })).toEqual({ commission: false, persons: false });
  });
});

describe("the entry's form", () => {
  const valid = { ...FIRST, personalInfoUnknown: true };

  it("takes a complete entry", () => {
    expect(check(valid).value).toEqual(FIRST);
    // Described: the reason it was not known is dropped.
    expect(check({ ...valid, personalInfoUnknown: false, personalInfo: "E-mail addresses" }).value).toMatchObject({
      personalInfo: "E-mail addresses",
      personalInfoUnknownReason: "",
    });
  });

  it("refuses a serious risk without its reasoning", () => {
    expect(check({ ...valid, risk: "serious" }).errors).toEqual({
      riskReasoning: ["privacy:incidents.errors.reasoning"],
    });
    expect(check({ ...valid, risk: "serious", riskReasoning: "Addresses and phones." }).value).not.toBeNull();
  });

  it("refuses information not described without the reason why it cannot be", () => {
    expect(check({ ...valid, personalInfoUnknownReason: "" }).errors).toEqual({
      personalInfoUnknownReason: ["privacy:incidents.errors.unknownReason"],
    });
    expect(check({ ...valid, personalInfoUnknown: false }).errors).toEqual({
      personalInfo: ["privacy:incidents.errors.personalInfo"],
    });
  });

  it("refuses dates out of order or after today", () => {
    const errors = (fields: Partial<IncidentState>) => check({ ...valid, ...fields }).errors;
    expect(errors({ discoveredOn: "2026-06-07" })).toEqual({
      discoveredOn: ["privacy:incidents.errors.discoveredOrder"],
    });
    expect(errors({ occurredUntil: "2026-06-01" })).toEqual({
      occurredUntil: ["privacy:incidents.errors.untilOrder"],
    });
    expect(errors({ occurredOn: "2026-06-16", occurredUntil: null, discoveredOn: "2026-06-16" })).toEqual({
      occurredOn: ["privacy:incidents.errors.future"],
      discoveredOn: ["privacy:incidents.errors.future"],
    });
    expect(errors({ commissionNotifiedOn: "2026-06-11", personsNotifiedOn: "2026-06-16" })).toEqual({
      commissionNotifiedOn: ["privacy:incidents.errors.noticeOrder"],
      personsNotifiedOn: ["privacy:incidents.errors.future"],
    });
    expect(errors({ occurredOn: "2026-02-30" })).toEqual({ occurredOn: ["privacy:incidents.errors.date"] });
    expect(errors({ discoveredOn: null as unknown as string })).toEqual({
      discoveredOn: ["privacy:incidents.errors.required"],
    });
  });

  it("refuses a notice both dated and explained, and a public notice without its date or its reason", () => {
    const errors = (fields: Partial<IncidentState>) => check({ ...valid, ...fields }).errors;
    expect(errors({ commissionNotifiedOn: "2026-06-13", commissionNotNotifiedReason: "Not serious." })).toEqual({
      commissionNotNotifiedReason: ["privacy:incidents.errors.bothGiven"],
    });
    expect(errors({ publicNoticeOn: "2026-06-13" })).toEqual({
      publicNoticeReason: ["privacy:incidents.errors.publicReason"],
    });
    expect(errors({ publicNoticeReason: "Some residents had no e-mail." })).toEqual({
      publicNoticeOn: ["privacy:incidents.errors.publicDate"],
    });
  });

  it("names every problem of a hostile form at once", () => {
    const { errors } = check({
      personalInfo: "x".repeat(2001),
      circumstances: "",
      occurredOn: "yesterday",
      discoveredOn: "2026-13-01",
      personsConcerned: "0x1F" as unknown as number,
      risk: "catastrophic" as IncidentState["risk"],
    });
    expect(Object.keys(errors).sort()).toEqual(
      ["circumstances", "discoveredOn", "occurredOn", "personalInfo", "personsConcerned", "risk"].sort(),
    );
    expect(check({ ...valid, personsConcerned: -1 }).errors).toEqual({
      personsConcerned: ["privacy:incidents.errors.persons"],
    });
  });
});

describe("/admin/privacy and its CSVs", () => {
  type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown;
  async function call(handler: unknown, path: string, cookie: string, body?: FormData, params: object = {}) {
    const request = new Request(`http://localhost${path}`, {
      method: body ? "POST" : "GET",
      headers: { Cookie: cookie, "Accept-Language": "en-CA" },
      body,
    });
    try {
      const result = await (handler as Handler)({ request, params, context: {} } as never);
      if (result instanceof Response) return { status: result.status, response: result, data: null };
      const init = (result as { init?: ResponseInit | null }).init;
      return { status: init?.status ?? 200, response: null, data: (result as { data?: unknown }).data ?? result };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, response: thrown, data: null };
      return { status: (thrown as { init?: ResponseInit | null }).init?.status ?? 500, response: null, data: null };
    }
  }
  const cookieOf = async (userId: number) => (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;

  it("records and updates through the pages, refusing in place, and exports every field", async () => {
    setNow(NOON);
    const someone = await admin("incident-pages");
    const cookie = await cookieOf(someone.id);
    const circumstances = `Lists e-mailed to the wrong contractor ${Date.now()}`;
    const state: IncidentState = { ...FIRST, circumstances };

    // Refused: a serious risk without reasoning, with the message under its field; nothing recorded.
    const before = listIncidents().length;
    const refused = await call(
      registerAction,
      "/admin/privacy",
      cookie,
      formFor({ ...state, risk: "serious" }, { intent: "record" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      reply: {
        error: { riskReasoning: ["privacy:incidents.errors.reasoning"], "": ["privacy:incidents.errors.form"] },
      },
    });
    expect(listIncidents()).toHaveLength(before);

    const recorded = await call(registerAction, "/admin/privacy", cookie, formFor(state, { intent: "record" }));
    expect(recorded.status).toBe(302);
    const entry = listIncidents().find((e) => e.circumstances === circumstances)!;
    expect(recorded.response!.headers.get("Location")).toBe(`/admin/privacy/${entry.id}`);
    const path = `/admin/privacy/${entry.id}`;
    const params = { id: String(entry.id) };

    const updated = { ...state, risk: "low" as const, riskReasoning: "Only first names; no addresses." };
    const saved = await call(entryAction, path, cookie, formFor(updated, { intent: "update", version: "1" }), params);
    expect(saved.status).toBe(302);
    const stale = await call(entryAction, path, cookie, formFor(state, { intent: "update", version: "1" }), params);
    expect(stale.status).toBe(409);
    const bad = await call(
      entryAction,
      path,
      cookie,
      formFor({ ...updated, discoveredOn: "2026-06-01" }, { intent: "update", version: "2" }),
      params,
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      reply: { error: { discoveredOn: ["privacy:incidents.errors.discoveredOrder"] } },
    });
    expect(
      (
        await call(entryAction, "/admin/privacy/nope", cookie, formFor(updated, { intent: "update", version: "2" }), {
          id: "nope",
        })
      ).status,
    ).toBe(404);
    expect((await call(entryAction, path, cookie, formFor(updated, { intent: "explode" }), params)).status).toBe(400);

    const page = await call(entryLoader, path, cookie, undefined, params);
    expect(page.data).toMatchObject({ version: 2, state: updated });
    expect((page.data as { history: { version: number }[] }).history.map((v) => v.version)).toEqual([2, 1]);
    expect((await call(entryLoader, "/admin/privacy/999999", cookie, undefined, { id: "999999" })).status).toBe(404);
    const resident_ = await cookieOf((await resident()).id);
    expect((await call(entryLoader, path, resident_, undefined, params)).status).toBe(403);
    expect((await call(versionsCsv, "/admin/privacy/versions.csv", resident_)).status).toBe(403);

    // The register's CSV: a header naming every field, one row per entry with its current state.
    const csv = parseCsv(await (await call(registerCsv, "/admin/privacy.csv", cookie)).response!.text());
    const header = csv[0]!;
    expect(header).toEqual([
      "No.",
      "Personal information concerned",
      "Why it cannot be described",
      "Circumstances of the incident",
      "Date of the incident (or first day)",
      "Last day, if it went on over a period",
      "The dates are approximate",
      "Date the person in charge learned of it",
      "Number of persons concerned",
      "The number is approximate",
      "Assessment of the risk of serious injury",
      "Reasoning of the assessment",
      "Date the Commission d'accès à l'information was notified",
      "If it was not notified: why",
      "Date the persons concerned were notified",
      "If they were not notified: why",
      "Date of a public notice",
      "Why a public notice was given",
      "Measures taken to reduce the risk of injury",
      "Version",
      "Recorded by",
      "Recorded on",
      "Last saved",
    ]);
    expect(header).toHaveLength(INCIDENT_FIELDS.length + 5);
    const rows = csv.filter((row) => row[0] === String(entry.id));
    expect(rows).toEqual([
      [
        String(entry.id),
        "",
        updated.personalInfoUnknownReason,
        circumstances,
        "2026-06-08",
        "2026-06-09",
        "Yes",
        "2026-06-12",
        "40",
        "Yes",
        "A risk, not serious",
        "Only first names; no addresses.",
        "",
        "",
        "",
        "",
        "",
        "",
        FIRST.measures,
        "2",
        someone.email,
        "2026-06-15 14:00",
        "2026-06-15 14:00",
      ],
    ]);

    // Every version: both of this entry, oldest first, with what each changed.
    const versions = parseCsv(await (await call(versionsCsv, "/admin/privacy/versions.csv", cookie)).response!.text());
    expect(versions[0]!.slice(0, 5)).toEqual(["No.", "Version", "Saved by", "Saved on", "Fields changed"]);
    const mine = versions.filter((row) => row[0] === String(entry.id));
    expect(mine.map((row) => row.slice(1, 5))).toEqual([
      ["1", someone.email, "2026-06-15 14:00", ""],
      [
        "2",
        someone.email,
        "2026-06-15 14:00",
        "Assessment of the risk of serious injury | Reasoning of the assessment",
      ],
    ]);
    expect(mine[0]![5 + INCIDENT_FIELDS.indexOf("risk")]).toBe("Being assessed");
  });
});

/** The rows of a CSV answer, read by a real CSV reader (csv-parse: RFC 4180, the BOM, quoted cells, CRLF). */
function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, record_delimiter: "\r\n" }) as string[][];
}
