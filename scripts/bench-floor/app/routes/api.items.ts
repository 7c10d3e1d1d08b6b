// The bare resource route: 70 small objects as JSON (about 6 KB), as many as /api/pickup-slots lists.
const WINDOWS = ["morning", "afternoon"] as const;

export function loader() {
  const start = Date.UTC(2026, 11, 1);
  const items = Array.from({ length: 70 }, (_, i) => ({
    id: i + 1,
    date: new Date(start + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10),
    timeWindow: WINDOWS[i % 2],
    maxCapacity: 8,
    currentBooked: i % 9,
  }));
  return Response.json(items, { headers: { "Cache-Control": "private, no-store" } });
}
