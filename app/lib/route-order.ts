// The order a truck drives a window's stops in: from the depot, nearest neighbour first, then improved
// with 2-opt (reversing a stretch whenever that shortens the loop) over great-circle distances, back to
// the depot. Deterministic: the same stops in the same order always give the same route (ties go to the
// earlier stop). A stop without any position cannot be placed and comes last, in its given order.
export type Position = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function greatCircleKm(a: Position, b: Position): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Route<T> = {
  /** The stops in driving order (those without a position last). */
  stops: T[];
  /** Depot → each placed stop → depot, in kilometres, as the crow flies. */
  lengthKm: number;
};

/** Distances between the depot (index 0) and the positions (1..n). */
function distanceMatrix(depot: Position, positions: Position[]): Float64Array[] {
  const points = [depot, ...positions];
  const matrix = points.map(() => new Float64Array(points.length));
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const d = greatCircleKm(points[i]!, points[j]!);
      matrix[i]![j] = d;
      matrix[j]![i] = d;
    }
  }
  return matrix;
}

/** Nearest neighbour from the depot: the tour as point indices, depot (0) at both ends. */
function nearestNeighbourTour(matrix: Float64Array[]): number[] {
  const n = matrix.length - 1;
  const visited = new Uint8Array(n + 1);
  const tour = [0];
  let current = 0;
  for (let step = 0; step < n; step++) {
    let best = -1;
    for (let candidate = 1; candidate <= n; candidate++) {
      if (!visited[candidate] && (best < 0 || matrix[current]![candidate]! < matrix[current]![best]!)) best = candidate;
    }
    visited[best] = 1;
    tour.push(best);
    current = best;
  }
  tour.push(0);
  return tour;
}

/** 2-opt until no reversal shortens the tour by more than a millimetre (the depot stays at both ends). */
function twoOpt(tour: number[], matrix: Float64Array[]): number[] {
  const route = [...tour];
  const last = route.length - 2;
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < last; i++) {
      for (let k = i + 1; k <= last; k++) {
        const a = route[i - 1]!;
        const b = route[i]!;
        const c = route[k]!;
        const e = route[k + 1]!;
        const delta = matrix[a]![c]! + matrix[b]![e]! - matrix[a]![b]! - matrix[c]![e]!;
        if (delta < -1e-6) {
          for (let x = i, y = k; x < y; x++, y--) [route[x], route[y]] = [route[y]!, route[x]!];
          improved = true;
        }
      }
    }
  }
  return route;
}

function tourLength(tour: number[], matrix: Float64Array[]): number {
  let total = 0;
  for (let i = 1; i < tour.length; i++) total += matrix[tour[i - 1]!]![tour[i]!]!;
  return total;
}

/**
 * The stops in driving order from `depot` and the route's length. `improve: false` stops after nearest
 * neighbour (what 2-opt starts from).
 */
export function orderRoute<T>(
  depot: Position,
  stops: readonly T[],
  positionOf: (stop: T) => Position | null,
  options: { improve?: boolean } = {},
): Route<T> {
  const placed = stops.filter((s) => positionOf(s) !== null);
  const unplaced = stops.filter((s) => positionOf(s) === null);
  if (!placed.length) return { stops: [...unplaced], lengthKm: 0 };
  const matrix = distanceMatrix(
    depot,
    placed.map((s) => positionOf(s)!),
  );
  const start = nearestNeighbourTour(matrix);
  const tour = options.improve === false ? start : twoOpt(start, matrix);
  return {
    stops: [...tour.slice(1, -1).map((i) => placed[i - 1]!), ...unplaced],
    lengthKm: tourLength(tour, matrix),
  };
}
