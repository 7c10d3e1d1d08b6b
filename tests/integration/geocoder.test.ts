// The address look-up's providers: the embedded Montreal address book, and the Photon and Google
// Places providers against a local stand-in HTTP server with canned answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkAddressSelection } from "~/lib/address-check";
import { provinceCode } from "~/lib/province-names";
import { isValidPostalCode } from "~/lib/postal";
import { searchAddresses } from "~/services/areas/geocoder/geocoder.server";
import { googleProvider } from "~/services/areas/geocoder/google.server";
import { searchEmbeddedAddresses } from "~/services/areas/geocoder/local.server";
import { photonProvider } from "~/services/areas/geocoder/photon.server";
import { GEOCODER_TIMEOUT_MS } from "~/services/areas/geocoder/geocoder-types";
import { EMBEDDED_ADDRESSES } from "../../db/seed/addresses";
import { MONTREAL_PREFIXES } from "../../db/seed/prefixes";

// ---- A stand-in server: each test sets what a path answers and reads what was asked. ----
type Handler = (url: URL) => { status?: number; body?: unknown; raw?: string; delayMs?: number };
let handler: Handler = () => ({ status: 404, body: {} });
const requests: URL[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const answer = handler(url);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { "Content-Type": "application/json" });
      res.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  requests.length = 0;
  warn.mockClear();
});

describe("the embedded (local) provider", () => {
  it("holds valid Montreal addresses, each in a served prefix", () => {
    expect(EMBEDDED_ADDRESSES.length).toBeGreaterThanOrEqual(40);
    expect(EMBEDDED_ADDRESSES.length).toBeLessThanOrEqual(80);
    const prefixes = new Set(EMBEDDED_ADDRESSES.map((a) => a.postalCode.slice(0, 3)));
    expect(prefixes.size).toBeGreaterThanOrEqual(10);
    for (const a of EMBEDDED_ADDRESSES) {
      expect(isValidPostalCode(a.postalCode), a.postalCode).toBe(true);
      expect(a.postalCode).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(a.postalCode).not.toMatch(/[DFIOQU]/);
      expect(MONTREAL_PREFIXES).toContain(a.postalCode.slice(0, 3));
      expect(a.lat).toBeGreaterThan(45.4);
      expect(a.lat).toBeLessThan(45.7);
      expect(a.lng).toBeGreaterThan(-73.98);
      expect(a.lng).toBeLessThan(-73.47);
    }
  });

  it("finds a street by part of its name, at most 5, each a complete address", () => {
    const found = searchEmbeddedAddresses("saint-denis");
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.length).toBeLessThanOrEqual(5);
    for (const s of found) {
      expect(s.streetAddress).toContain("Rue Saint-Denis");
      expect(s).toMatchObject({ city: "Montréal", province: "QC" });
      expect(s.formatted_address).toBe(`${s.streetAddress}, Montréal, QC ${s.postalCode}, Canada`);
      expect(checkAddressSelection(s)).toBeNull();
    }
    // Same street, in house-number order.
    const numbers = found.map((s) => parseInt(s.streetAddress, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("ignores accents, case and the usual abbreviations", () => {
    const rene = searchEmbeddedAddresses("rene levesque");
    expect(rene.map((s) => s.streetAddress)).toContain("1000 Boulevard René-Lévesque Ouest");
    expect(searchEmbeddedAddresses("BÉLANGER")[0]?.streetAddress).toBe("1400 Rue Bélanger");
    expect(searchEmbeddedAddresses("belanger")[0]?.streetAddress).toBe("1400 Rue Bélanger");
    expect(searchEmbeddedAddresses("edouard montpetit")[0]?.streetAddress).toBe("2900 Boulevard Édouard-Montpetit");
    expect(searchEmbeddedAddresses("st denis").map((s) => s.streetAddress)).toEqual(
      searchEmbeddedAddresses("Saint-Denis").map((s) => s.streetAddress),
    );
    expect(searchEmbeddedAddresses("boul st laurent")[0]?.streetAddress).toMatch(/Boulevard Saint-Laurent$/);
  });

  it("puts the street that starts with the text first and finds by number or postal code", () => {
    expect(searchEmbeddedAddresses("3895 saint")[0]?.streetAddress).toBe("3895 Boulevard Saint-Laurent");
    expect(searchEmbeddedAddresses("h2t2m2")[0]?.streetAddress).toBe("74 Avenue Fairmount Ouest");
    expect(searchEmbeddedAddresses("H2T 2M2")[0]?.streetAddress).toBe("74 Avenue Fairmount Ouest");
    expect(searchEmbeddedAddresses("greene westmount")[0]).toMatchObject({ city: "Westmount", postalCode: "H3Z 2B1" });
    expect(searchEmbeddedAddresses("zzz nowhere")).toEqual([]);
  });

  it("is the default provider, and short texts ask nothing", async () => {
    expect((await searchAddresses("saint-denis", "en")).length).toBeGreaterThan(0);
    expect(await searchAddresses("sa", "en")).toEqual([]);
    expect(await searchAddresses("   ", "fr")).toEqual([]);
  });
});

// ---- Photon ----
const photonFeature = (props: Record<string, unknown>, coordinates: unknown = [-73.5809, 45.5251]) => ({
  type: "Feature",
  geometry: { type: "Point", coordinates },
  properties: props,
});
const montreal = { countrycode: "CA", country: "Canada", city: "Montréal", state: "Québec", street: "Rue Saint-Denis" };

describe("the Photon provider", () => {
  it("asks /api with q, limit 5 and the language, and keeps complete Canadian addresses only", async () => {
    handler = (url) =>
      url.pathname === "/api"
        ? {
            body: {
              type: "FeatureCollection",
              features: [
                photonFeature({ ...montreal, housenumber: "4350", postcode: "h2j2l1" }),
                photonFeature({
                  countrycode: "US",
                  country: "United States",
                  city: "Plattsburgh",
                  state: "New York",
                  street: "Saint Denis Street",
                  housenumber: "12",
                  postcode: "12901",
                }),
                photonFeature({ ...montreal, postcode: "H2X 3L3" }), // no house number
                photonFeature({ ...montreal, housenumber: "3450", postcode: "H2X" }), // partial postcode
                photonFeature({ ...montreal, housenumber: "3451", city: undefined, postcode: "H2X 3L4" }), // no city
                photonFeature({ ...montreal, housenumber: "3452", postcode: "H2X 3L5" }, null), // no geometry
                photonFeature(
                  {
                    countrycode: "CA",
                    city: "Ottawa",
                    state: "Ontario",
                    street: "Rue Saint-Denis",
                    housenumber: "10",
                    postcode: "K1A 0B1",
                  },
                  [-75.69, 45.42],
                ),
              ],
            },
          }
        : { status: 404 };
    const provider = photonProvider({ baseUrl: `${baseUrl}/` });
    const found = await searchAddresses("saint-denis photon", "fr", provider);
    expect(found).toEqual([
      {
        streetAddress: "4350 Rue Saint-Denis",
        city: "Montréal",
        province: "QC",
        postalCode: "H2J 2L1",
        formatted_address: "4350 Rue Saint-Denis, Montréal, QC H2J 2L1, Canada",
        lat: 45.5251,
        lng: -73.5809,
      },
      {
        streetAddress: "10 Rue Saint-Denis",
        city: "Ottawa",
        province: "ON",
        postalCode: "K1A 0B1",
        formatted_address: "10 Rue Saint-Denis, Ottawa, ON K1A 0B1, Canada",
        lat: 45.42,
        lng: -75.69,
      },
    ]);
    expect(requests).toHaveLength(1);
    const asked = requests[0]!;
    expect(asked.pathname).toBe("/api");
    expect(asked.searchParams.get("q")).toBe("saint-denis photon");
    expect(asked.searchParams.get("limit")).toBe("5");
    expect(asked.searchParams.get("lang")).toBe("fr");
  });

  it("answers the same text from its cache", async () => {
    handler = () => ({
      body: {
        type: "FeatureCollection",
        features: [photonFeature({ ...montreal, housenumber: "1", postcode: "H2X 3J8" })],
      },
    });
    const provider = photonProvider({ baseUrl });
    const first = await searchAddresses("1 saint-denis", "en", provider);
    const second = await searchAddresses("1  Saint-Denis ", "en", provider);
    expect(second).toEqual(first);
    expect(requests).toHaveLength(1);
  });

  it("gives no suggestions (and logs) on an error status, a bad body or a timeout", async () => {
    handler = () => ({ status: 500, body: { message: "down" } });
    expect(await searchAddresses("error status", "en", photonProvider({ baseUrl }))).toEqual([]);
    handler = () => ({ raw: "<html>not json" });
    expect(await searchAddresses("bad body", "en", photonProvider({ baseUrl }))).toEqual([]);
    handler = () => ({ body: { features: "nope" } });
    expect(await searchAddresses("wrong shape", "en", photonProvider({ baseUrl }))).toEqual([]);
    handler = () => ({ delayMs: 1500, body: { type: "FeatureCollection", features: [] } });
    const started = Date.now();
    expect(await searchAddresses("too slow", "en", photonProvider({ baseUrl, timeoutMs: 200 }))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[3]![0])).toMatch(/photon look-up failed/);
    // The typed text is personal data: never in the log.
    expect(warn.mock.calls.flat().join(" ")).not.toContain("too slow");
  });

  it("gives up after 3 seconds by default", () => {
    expect(GEOCODER_TIMEOUT_MS).toBe(3000);
  });

  it("gives no suggestions when nothing answers at all", async () => {
    expect(await searchAddresses("refused", "en", photonProvider({ baseUrl: "http://127.0.0.1:1" }))).toEqual([]);
  });
});

// ---- Google Places ----
const place = (components: Array<[string, string, string[]]>, location: unknown = { lat: 45.5163, lng: -73.5777 }) => ({
  address_components: components.map(([long_name, short_name, types]) => ({ long_name, short_name, types })),
  formatted_address: "3895 Boul. Saint-Laurent, Montréal, QC H2W 1X9, Canada",
  ...(location ? { geometry: { location } } : {}),
});
const schwartz: Array<[string, string, string[]]> = [
  ["3895", "3895", ["street_number"]],
  ["Boulevard Saint-Laurent", "Boul. Saint-Laurent", ["route"]],
  ["Le Plateau-Mont-Royal", "Le Plateau-Mont-Royal", ["sublocality_level_1", "sublocality", "political"]],
  ["Montréal", "Montréal", ["locality", "political"]],
  ["Québec", "QC", ["administrative_area_level_1", "political"]],
  ["Canada", "CA", ["country", "political"]],
  ["H2W 1X9", "H2W 1X9", ["postal_code"]],
];

describe("the Google Places provider", () => {
  it("asks Autocomplete for Canadian addresses, then Details, and keeps complete ones", async () => {
    handler = (url) => {
      if (url.pathname === "/maps/api/place/autocomplete/json") {
        return {
          body: {
            status: "OK",
            predictions: ["good", "usa", "nopostal", "nogeometry", "failing"].map((id) => ({
              place_id: id,
              description: id,
            })),
          },
        };
      }
      if (url.pathname === "/maps/api/place/details/json") {
        const id = url.searchParams.get("place_id");
        if (id === "good") return { body: { status: "OK", result: place(schwartz) } };
        if (id === "usa") {
          return {
            body: {
              status: "OK",
              result: place([
                ["1", "1", ["street_number"]],
                ["Main Street", "Main St", ["route"]],
                ["Burlington", "Burlington", ["locality"]],
                ["Vermont", "VT", ["administrative_area_level_1"]],
                ["United States", "US", ["country"]],
                ["05401", "05401", ["postal_code"]],
              ]),
            },
          };
        }
        if (id === "nopostal")
          return {
            body: { status: "OK", result: place(schwartz.filter(([, , types]) => !types.includes("postal_code"))) },
          };
        if (id === "nogeometry") return { body: { status: "OK", result: place(schwartz, null) } };
        return { status: 500, body: {} };
      }
      return { status: 404 };
    };
    const provider = googleProvider({ key: "test-key-123", baseUrl });
    const found = await searchAddresses("3895 saint-laurent", "fr", provider);
    expect(found).toEqual([
      {
        streetAddress: "3895 Boulevard Saint-Laurent",
        city: "Montréal",
        province: "QC",
        postalCode: "H2W 1X9",
        formatted_address: "3895 Boul. Saint-Laurent, Montréal, QC H2W 1X9, Canada",
        lat: 45.5163,
        lng: -73.5777,
      },
    ]);
    const auto = requests.find((r) => r.pathname.endsWith("/autocomplete/json"))!;
    expect(auto.searchParams.get("input")).toBe("3895 saint-laurent");
    expect(auto.searchParams.get("components")).toBe("country:ca");
    expect(auto.searchParams.get("types")).toBe("address");
    expect(auto.searchParams.get("language")).toBe("fr");
    expect(auto.searchParams.get("key")).toBe("test-key-123");
    const details = requests.filter((r) => r.pathname.endsWith("/details/json"));
    expect(details).toHaveLength(5);
    expect(details[0]!.searchParams.get("fields")).toContain("address_component");
    expect(details[0]!.searchParams.get("fields")).toContain("geometry");
    // The details calls belong to the autocomplete session.
    expect(new Set(details.map((d) => d.searchParams.get("sessiontoken")))).toEqual(
      new Set([auto.searchParams.get("sessiontoken")]),
    );
  });

  it("answers no predictions with an empty list", async () => {
    handler = () => ({ body: { status: "ZERO_RESULTS", predictions: [] } });
    expect(await searchAddresses("nothing here", "en", googleProvider({ key: "k", baseUrl }))).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("gives no suggestions (and logs) on a refused key, an error status or a timeout", async () => {
    handler = () => ({ body: { status: "REQUEST_DENIED", error_message: "The provided API key is invalid." } });
    expect(await searchAddresses("denied", "en", googleProvider({ key: "bad", baseUrl }))).toEqual([]);
    handler = () => ({ status: 503, body: {} });
    expect(await searchAddresses("unavailable", "en", googleProvider({ key: "k", baseUrl }))).toEqual([]);
    handler = (url) =>
      url.pathname.endsWith("/autocomplete/json")
        ? { body: { status: "OK", predictions: [{ place_id: "slow" }] } }
        : { delayMs: 1500, body: { status: "OK", result: place(schwartz) } };
    const started = Date.now();
    expect(await searchAddresses("slow details", "en", googleProvider({ key: "k", baseUrl, timeoutMs: 200 }))).toEqual(
      [],
    );
    expect(Date.now() - started).toBeLessThan(1200);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]![0])).toMatch(/google look-up failed.*REQUEST_DENIED/);
  });
});

describe("address selections", () => {
  const complete = {
    streetAddress: "1 Rue A",
    city: "Montréal",
    province: "QC",
    postalCode: "H2X 1A1",
    formatted_address: "x",
    lat: 45.5,
    lng: -73.6,
  };
  it("need a position, then a street, city, province and postal code", () => {
    expect(checkAddressSelection(complete)).toBeNull();
    expect(checkAddressSelection({ ...complete, lat: undefined })).toBe("profile:errors.selectFromDropdown");
    expect(checkAddressSelection({ ...complete, lng: Number.NaN })).toBe("profile:errors.selectFromDropdown");
    expect(checkAddressSelection(null)).toBe("profile:errors.selectFromDropdown");
    for (const missing of ["streetAddress", "city", "province", "postalCode"] as const) {
      expect(checkAddressSelection({ ...complete, [missing]: "" }), missing).toBe("profile:errors.incompleteAddress");
    }
    expect(checkAddressSelection({ ...complete, province: "NY" })).toBe("profile:errors.incompleteAddress");
    expect(checkAddressSelection({ ...complete, postalCode: "12345" })).toBe("profile:errors.incompleteAddress");
  });

  it("know every province and territory in English and French", () => {
    expect(provinceCode("Québec")).toBe("QC");
    expect(provinceCode("quebec")).toBe("QC");
    expect(provinceCode("Île-du-Prince-Édouard")).toBe("PE");
    expect(provinceCode("Prince Edward Island")).toBe("PE");
    expect(provinceCode("Colombie-Britannique")).toBe("BC");
    expect(provinceCode("Territoires du Nord-Ouest")).toBe("NT");
    expect(provinceCode("nl")).toBe("NL");
    expect(provinceCode("New York")).toBeNull();
    expect(provinceCode("")).toBeNull();
  });
});
