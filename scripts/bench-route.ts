// Part of `npm run bench` (scripts/bench.mjs runs it with tsx): ordering a window of 200 stops
// (app/lib/route-order: nearest neighbour + 2-opt over great-circle distances) from the default depot,
// on seeded random positions over the island of Montreal. Prints one JSON line on stdout: the median and
// the slowest of BENCH_ROUTE_RUNS runs, in milliseconds.
//
//   BENCH_ROUTE_STOPS=200 BENCH_ROUTE_RUNS=30 npx tsx scripts/bench-route.ts
import { orderRoute } from "../app/lib/route-order";

const STOPS = Math.max(1, Number(process.env.BENCH_ROUTE_STOPS ?? 200));
const RUNS = Math.max(1, Number(process.env.BENCH_ROUTE_RUNS ?? 30));
const DEPOT = { lat: 45.5366, lng: -73.6007 };

let state = 20_261_126;
const random = () => {
  state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};

const times: number[] = [];
let lengthKm = 0;
for (let run = 0; run < RUNS; run++) {
  const stops = Array.from({ length: STOPS }, (_, id) => ({
    id,
    position: { lat: 45.41 + random() * 0.26, lng: -73.95 + random() * 0.45 },
  }));
  const started = performance.now();
  lengthKm = orderRoute(DEPOT, stops, (s) => s.position).lengthKm;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({ stops: STOPS, runs: RUNS, medianMs: times[Math.floor(RUNS / 2)], maxMs: times.at(-1), lengthKm }),
);
