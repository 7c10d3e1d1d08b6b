// The bare resource route: small slot-like objects as JSON. By default 70 of them (about 6 KB), as many as
// /api/pickup-slots lists; with `?bytes=N` (the bench measures N from the app's endpoint at the start of its
// run) as many as make a body of exactly N bytes, the last one padded, so that a ratio to it measures the
// app's code and not the size of its payload. Built and serialized on every request, as an endpoint does.
const WINDOWS = ["morning", "afternoon"] as const;
const START = Date.UTC(2026, 11, 1);
const MAX_BYTES = 4 * 1024 * 1024;

const item = (i: number) => ({
  id: i + 1,
  date: new Date(START + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10),
  timeWindow: WINDOWS[i % 2],
  maxCapacity: 8,
  currentBooked: i % 9,
});

/** How many items, and how long a padding string, make exactly `bytes` (found once per size). */
const plans = new Map<number, { count: number; pad: number }>();
function planFor(bytes: number) {
  const known = plans.get(bytes);
  if (known) return known;
  // `[` + items joined by `,` + `]`; the last item is {"id":n,"pad":"..."}.
  let count = 0;
  let size = 2;
  while (size + JSON.stringify(item(count)).length + 1 + JSON.stringify({ id: count + 2, pad: "" }).length < bytes) {
    size += JSON.stringify(item(count)).length + 1;
    count += 1;
  }
  const pad = Math.max(0, bytes - size - JSON.stringify({ id: count + 1, pad: "" }).length);
  const plan = { count, pad };
  if (plans.size < 64) plans.set(bytes, plan);
  return plan;
}

export function loader({ request }: { request: Request }) {
  const wanted = Number(new URL(request.url).searchParams.get("bytes"));
  if (!Number.isInteger(wanted) || wanted <= 0 || wanted > MAX_BYTES) {
    const items = Array.from({ length: 70 }, (_, i) => item(i));
    return Response.json(items, { headers: { "Cache-Control": "private, no-store" } });
  }
  const { count, pad } = planFor(wanted);
  const items: object[] = Array.from({ length: count }, (_, i) => item(i));
  items.push({ id: count + 1, pad: "x".repeat(pad) });
  return Response.json(items, { headers: { "Cache-Control": "private, no-store" } });
}
