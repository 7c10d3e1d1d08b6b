// The throughput targets of `npm run bench` and their floors (docs/performance.md).
import { HTML, JSON_ACCEPT } from "./config.mjs";

/**
 * Throughput targets, each beside the bare page or the bare resource route. `path` is a string or a function of
 * the run's context (the resident's booked pickup, a bookable slot...; see targetContext). Budgets: `min`, the
 * req/s ratio to the floor; `maxCpu`, the CPU per request ratio to the floor (first views, issue 44: CPU time
 * per answered request is what another engineer's load on the machine disturbs least, and on one core it is
 * req/s's inverse, so it stands for "≥ 0.5 of the bare page"; the req/s ratio is printed beside it). With
 * `vary`, each request's URL gets that query parameter with a new number (…&render=1, 2...), so no answer comes
 * from the render cache (app/services/serving/render-cache.server): what a page costs the first time it is
 * rendered. `marker`: text the page's answer must hold (checked once per target before its run, with its
 * status, so a first view measured is the page and not a redirect or an error page). `api`: the floor is the
 * resource route answering as many bytes as this endpoint (`/api/items?bytes=N`, N measured from the app at the
 * start of the run).
 */
export const FIRST_VIEW_CPU = 2;
export const ALL_TARGETS = [
  { label: "GET / (visitor)", path: "/", floor: "page", min: 0.8 },
  { label: "GET /booking (resident)", path: "/booking", floor: "page", min: 0.5, resident: true },
  { label: "GET /materials (resident)", path: "/materials", floor: "page", min: 0.5, resident: true },
  { label: "GET /history (resident)", path: "/history", floor: "page", min: 0.5, resident: true },
  // Issue 44: a first view of every resident page.
  {
    label: "GET /booking, first view",
    path: "/booking",
    id: "/booking?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'id="booking-form"',
  },
  {
    label: "GET /booking?date=… (windows), first view",
    path: (c) => `/booking?bags=2&date=${c.windowsDate}`,
    id: "/booking?date=D&render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'name="slotId"',
  },
  {
    label: "GET /checkout?…, first view",
    path: (c) => `/checkout?bags=2&slotId=${c.checkoutSlot.id}&checkout=${c.checkoutId}`,
    id: "/checkout?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'name="cardNumber"',
  },
  {
    label: "GET /history, first view",
    path: "/history",
    id: "/history?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: (c) => c.confirmationNumber,
  },
  {
    label: "GET /order/{cn}, first view",
    path: (c) => `/order/${c.confirmationNumber}`,
    id: "/order/CN?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: (c) => c.confirmationNumber,
  },
  {
    label: "GET /profile, first view",
    path: "/profile",
    id: "/profile?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'name="firstName"',
  },
  {
    label: "GET /materials?q=…, first view",
    path: (c) => `/materials?q=${encodeURIComponent(c.materialWord)}`,
    id: "/materials?q=W&render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: (c) => `value="${c.materialWord}"`,
  },
  // Issue 47: "Your impact" (the bench's resident has no Completed pickup yet: the page and its empty state).
  {
    label: "GET /impact, first view",
    path: "/impact",
    id: "/impact?render=N",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'data-testid="impact-estimate-note"',
  },
  {
    label: "GET / (resident), first view",
    path: "/",
    id: "/?render=N (resident)",
    vary: "render",
    floor: "page",
    maxCpu: FIRST_VIEW_CPU,
    resident: true,
    marker: () => 'data-testid="header-email"',
  },
  // Issue 43's pages, first views, shown without a budget: the privacy page built from the configuration and
  // the personal-columns list, the French-first terms, and a resident's readable export.
  { label: "GET /privacy, first view", path: "/privacy", id: "/privacy?render=N", vary: "render", floor: "page" },
  { label: "GET /terms, first view", path: "/terms", id: "/terms?render=N", vary: "render", floor: "page" },
  {
    label: "GET /profile/export, first view",
    path: "/profile/export",
    id: "/profile/export?render=N",
    vary: "render",
    floor: "page",
    resident: true,
  },
  // Issue 44: the JSON API against the bare resource route answering the same number of bytes.
  ...["/api/pickup-slots", "/api/pickup-requests", "/api/materials", "/api/auth/me"].flatMap((api) => [
    { label: `GET ${api} (resident)`, path: api, floor: "api", api: true, min: 1.0, resident: true },
    {
      label: `GET ${api}, first request`,
      path: api,
      id: `${api}?render=N`,
      vary: "render",
      floor: "api",
      api: true,
      min: 1.0,
      resident: true,
      marker: () => (api === "/api/auth/me" ? '"email"' : "{"),
    },
  ]),
];
const targetId = (t) => t.id ?? t.path;
/** BENCH_TARGETS: a comma-separated subset of the targets' ids (all by default). */
export const TARGETS = process.env.BENCH_TARGETS
  ? process.env.BENCH_TARGETS.split(",").map((wanted) => {
      const target = ALL_TARGETS.find((t) => targetId(t) === wanted.trim());
      if (!target) throw new Error(`BENCH_TARGETS: no target ${wanted} (${ALL_TARGETS.map(targetId).join(", ")})`);
      return target;
    })
  : ALL_TARGETS;
/**
 * The `onecpu` part's targets: every first view with a budget and every API line (the repeated page views,
 * served from the render cache, and the unbudgeted issue-43 pages are left out to keep its time reasonable);
 * within BENCH_TARGETS when set.
 */
export const ONECPU_TARGETS = TARGETS.filter((t) => t.maxCpu != null || t.api);
export const FLOORS = {
  page: { label: "bare Remix page (GET /)", path: () => "/", headers: HTML },
  api: {
    label: "bare Remix resource route (GET /api/items?bytes=N)",
    path: (bytes) => `/api/items?bytes=${bytes}`,
    headers: JSON_ACCEPT,
  },
};
