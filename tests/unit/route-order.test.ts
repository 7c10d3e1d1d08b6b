// Route order (lib/route-order): nearest neighbour from the depot improved by 2-opt over great-circle
// distances; never longer than nearest neighbour alone, deterministic, an approximate stop (a prefix
// centre) placed like any other, a stop with no position last, one stop and no stops.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { greatCircleKm, orderRoute, type Position } from "~/lib/route-order";

const DEPOT: Position = { lat: 45.5366, lng: -73.6007 };
type Stop = { id: number; position: Position | null; approximate?: boolean };
const positionOf = (s: Stop) => s.position;

/** A seeded set of stops on the island of Montreal. */
function randomStops(seed: number, count: number): Stop[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    position: { lat: 45.41 + next() * 0.26, lng: -73.95 + next() * 0.45 },
  }));
}

describe("greatCircleKm", () => {
  it("Montreal's City Hall to Olympic Stadium is about 5 km; a point to itself is 0", () => {
    const cityHall = { lat: 45.5089, lng: -73.5542 };
    const stadium = { lat: 45.558, lng: -73.5519 };
    expect(greatCircleKm(cityHall, stadium)).toBeCloseTo(5.46, 1);
    expect(greatCircleKm(cityHall, cityHall)).toBe(0);
  });
});

describe("orderRoute", () => {
  it("2-opt is never longer than nearest neighbour, on random sets", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 60 }), (seed, count) => {
        const stops = randomStops(seed, count);
        const nearest = orderRoute(DEPOT, stops, positionOf, { improve: false });
        const improved = orderRoute(DEPOT, stops, positionOf);
        expect(improved.lengthKm).toBeLessThanOrEqual(nearest.lengthKm + 1e-9);
        expect(improved.stops.map((s) => s.id).sort((a, b) => a - b)).toEqual(stops.map((s) => s.id));
      }),
      { numRuns: 60 },
    );
  });

  it("2-opt untangles a crossing that nearest neighbour leaves", () => {
    const stops = randomStops(7, 40);
    const nearest = orderRoute(DEPOT, stops, positionOf, { improve: false });
    const improved = orderRoute(DEPOT, stops, positionOf);
    expect(improved.lengthKm).toBeLessThan(nearest.lengthKm);
  });

  it("is deterministic for the same input", () => {
    const stops = randomStops(42, 120);
    const first = orderRoute(DEPOT, stops, positionOf).stops.map((s) => s.id);
    for (let i = 0; i < 3; i++) expect(orderRoute(DEPOT, [...stops], positionOf).stops.map((s) => s.id)).toEqual(first);
  });

  it("visits stops along a street in order from the depot", () => {
    const line = [3, 1, 4, 2].map((k) => ({ id: k, position: { lat: DEPOT.lat + k * 0.01, lng: DEPOT.lng } }));
    const route = orderRoute(DEPOT, line, positionOf);
    expect(route.stops.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(route.lengthKm).toBeCloseTo(2 * greatCircleKm(DEPOT, line[2]!.position), 6);
  });

  it("an approximate stop (its prefix's centre) is still placed in the route; one without a position comes last", () => {
    const stops: Stop[] = [
      { id: 1, position: null },
      { id: 2, position: { lat: 45.55, lng: -73.6 } },
      { id: 3, position: { lat: 45.512, lng: -73.567 }, approximate: true },
      { id: 4, position: { lat: 45.54, lng: -73.6 } },
    ];
    const route = orderRoute(DEPOT, stops, positionOf);
    expect(route.stops.map((s) => s.id).sort()).toEqual([1, 2, 3, 4]);
    expect(route.stops.at(-1)!.id).toBe(1);
    expect(route.stops.slice(0, 3).map((s) => s.id)).toContain(3);
    expect(route.lengthKm).toBeGreaterThan(0);
  });

  it("one stop: there and back; no stops: an empty route of 0 km", () => {
    const one = { id: 9, position: { lat: 45.5, lng: -73.57 } };
    const route = orderRoute(DEPOT, [one], positionOf);
    expect(route.stops).toEqual([one]);
    expect(route.lengthKm).toBeCloseTo(2 * greatCircleKm(DEPOT, one.position), 9);
    expect(orderRoute(DEPOT, [] as Stop[], positionOf)).toEqual({ stops: [], lengthKm: 0 });
  });
});
