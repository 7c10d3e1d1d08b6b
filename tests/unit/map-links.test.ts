// The map links of a stop (lib/map-links): an https:// link every phone opens, then a geo: URI for
// Android; a marker at an exact position, a search of the address text when the position is only the
// postal area's centre or missing; French letters, apostrophes and parentheses encoded.
import { describe, expect, it } from "vitest";
import { mapLinks, mapQuery } from "~/lib/map-links";

const exact = {
  address: "1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8",
  latitude: 45.5146,
  longitude: -73.5637,
  approximate: false,
};

describe("map links", () => {
  it("an exact position: an https link with a marker at the coordinates, then a geo: URI labelled with the address", () => {
    const links = mapLinks(exact);
    expect(Object.keys(links)).toEqual(["web", "geo"]);
    expect(links.web).toBe("https://www.openstreetmap.org/?mlat=45.51460&mlon=-73.56370#map=18/45.51460/-73.56370");
    expect(new URL(links.web).protocol).toBe("https:");
    expect(links.geo).toBe(
      "geo:45.51460,-73.56370?q=45.51460,-73.56370(1430%20Rue%20Saint-Denis%2C%20Montr%C3%A9al%2C%20QC%20H2X%203J8)",
    );
  });

  it("no position: both links search the address text (https first, geo: second)", () => {
    const links = mapLinks({ ...exact, latitude: null, longitude: null });
    expect(links.web).toBe(
      "https://www.openstreetmap.org/search?query=1430%20Rue%20Saint-Denis%2C%20Montr%C3%A9al%2C%20QC%20H2X%203J8",
    );
    expect(links.geo).toBe("geo:0,0?q=1430%20Rue%20Saint-Denis%2C%20Montr%C3%A9al%2C%20QC%20H2X%203J8");
  });

  it("an approximate position (a postal prefix's centre) is never linked as the door: the address text is searched", () => {
    const links = mapLinks({ ...exact, latitude: 45.513, longitude: -73.566, approximate: true });
    expect(links.web).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=1430%20Rue/);
    expect(links.web).not.toContain("45.513");
    expect(links.geo).toMatch(/^geo:0,0\?q=1430%20Rue/);
  });

  it("encodes French letters, apostrophes and parentheses so the link and the geo: label stay whole", () => {
    const links = mapLinks({
      address: "12 Rue de l'Église (arrière), app. 3, Saint-Léonard, QC H1R 2K7",
      latitude: 45.58,
      longitude: -73.6,
      approximate: false,
    });
    const label = "12%20Rue%20de%20l%27%C3%89glise%20%28arri%C3%A8re%29%2C%20Saint-L%C3%A9onard%2C%20QC%20H1R%202K7";
    expect(links.geo).toBe(`geo:45.58000,-73.60000?q=45.58000,-73.60000(${label})`);
    // Nothing an HTML attribute or a URI parser would cut the link at.
    for (const link of Object.values(links)) expect(link).not.toMatch(/[\s'"<>]/);
    expect(decodeURIComponent(links.geo.slice(links.geo.indexOf("(") + 1, -1))).toBe(
      "12 Rue de l'Église (arrière), Saint-Léonard, QC H1R 2K7",
    );
    const search = mapLinks({
      address: "5 Rue D'Iberville, Montréal, QC H2K 3B6",
      latitude: null,
      longitude: null,
      approximate: true,
    });
    expect(search.web).toBe(
      "https://www.openstreetmap.org/search?query=5%20Rue%20D%27Iberville%2C%20Montr%C3%A9al%2C%20QC%20H2K%203B6",
    );
    expect(new URL(search.web).searchParams.get("query")).toBe("5 Rue D'Iberville, Montréal, QC H2K 3B6");
  });

  it("a map searches the address without its unit, in English or French", () => {
    expect(mapQuery("1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8")).toBe(
      "1430 Rue Saint-Denis, Montréal, QC H2X 3J8",
    );
    expect(mapQuery("1430 Rue Saint-Denis, app. 4, Montréal, QC H2X 3J8")).toBe(
      "1430 Rue Saint-Denis, Montréal, QC H2X 3J8",
    );
    expect(mapQuery("1430 Rue Saint-Denis, Montréal, QC H2X 3J8")).toBe("1430 Rue Saint-Denis, Montréal, QC H2X 3J8");
  });
});
