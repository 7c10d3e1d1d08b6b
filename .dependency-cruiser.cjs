// The rule between folders (README "Layout"): routes → http → domains → platform → lib, no import
// running back up. Checked by `npx depcruise app` in the test command; a wrong import fails the run.
const S = "^app/services/";
const domain = (name) => `${S}${name}/`;
/** A domain folder may import only the folders listed, besides itself, app/lib, db and packages. */
function onlyFrom(name, allowed) {
  const ok = [name, ...allowed].map((d) => domain(d).replace(/\/$/, "")).join("|");
  return {
    name: `${name}-imports-only-${allowed.join("-") || "lib"}`,
    comment: `services/${name} may import only ${allowed.length ? allowed.join(", ") : "app/lib and db"}`,
    severity: "error",
    from: { path: domain(name) },
    to: { path: `${S}`, pathNot: `^(${ok})/` },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, directly or through others.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-top-level-services",
      severity: "error",
      comment: "Every service lives in a domain folder of app/services.",
      from: {},
      to: { path: "^app/services/[^/]+$", pathNot: "^app/services/index\\.[a-z.]+$" },
    },
    {
      name: "domains-never-import-the-web-edge",
      severity: "error",
      comment: "Request, Response, cookies, form replies and toasts stay in services/http.",
      from: { path: S, pathNot: [domain("http"), domain("serving")] },
      to: { path: domain("http") },
    },
    {
      name: "domains-never-import-remix",
      severity: "error",
      comment: "Remix (cookies, sessions, responses) is the web edge's: a domain takes and returns plain values.",
      from: { path: S, pathNot: [domain("http"), domain("serving")] },
      to: { path: "(^|/)node_modules/@remix-run/|^@remix-run/" },
    },
    {
      name: "resource-routes-never-import-platform",
      severity: "error",
      comment: "A resource route asks a domain or the web edge, never the database, config or mail directly.",
      from: { path: "^app/routes/.+\\.ts$" },
      to: { path: domain("platform") },
    },
    {
      name: "only-the-server-entry-imports-serving",
      severity: "error",
      comment:
        "services/serving is what entry.server.tsx wraps every answer with (render cache, headers, guards, access log, stylesheet): no route, edge module or domain reaches into it.",
      from: { path: "^app/", pathNot: ["^app/entry\\.server\\.tsx$", "^app/services/serving/"] },
      to: { path: domain("serving") },
    },
    {
      name: "booking-never-imports-pickups",
      severity: "error",
      from: { path: domain("booking") },
      to: { path: domain("pickups") },
    },
    {
      name: "only-the-edge-and-routes-import-admin",
      severity: "error",
      from: { pathNot: [domain("admin"), domain("http"), "^app/routes/", "^tests/"] },
      to: { path: domain("admin") },
    },
    onlyFrom("platform", []),
    onlyFrom("payments", ["platform"]),
    onlyFrom("accounts", ["platform"]),
    onlyFrom("areas", ["platform"]),
    onlyFrom("catalogue", ["platform"]),
    onlyFrom("booking", ["payments", "areas", "catalogue", "platform"]),
    // Issue 45: a checkout's fulfilment keeps the consented card and starts the chosen plan (plans/start).
    onlyFrom("checkout", ["booking", "payments", "plans", "platform"]),
    onlyFrom("plans", ["booking", "payments", "platform"]),
    onlyFrom("pickups", ["booking", "checkout", "payments", "platform"]),
    onlyFrom("stops", ["booking", "checkout", "payments", "platform"]),
    onlyFrom("admin", ["booking", "checkout", "pickups", "stops", "accounts", "areas", "platform"]),
    onlyFrom("privacy", ["accounts", "pickups", "booking", "payments", "plans", "platform"]),
    onlyFrom("notices", ["platform"]),
    onlyFrom("impact", ["catalogue", "platform"]),
    onlyFrom("insights", ["platform"]),
    onlyFrom("plans", ["booking", "checkout", "payments", "accounts", "areas", "platform"]),
    onlyFrom("ops", ["booking", "checkout", "accounts", "privacy", "notices", "plans", "platform"]),
    {
      name: "lib-is-pure",
      severity: "error",
      comment: "app/lib is shared with the browser: it imports no services, components or routes.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(services|components|routes)/" },
    },
    {
      // A component's server-only side (the islands' re-exports, sometimes.server.ts; the late scripts' text,
      // late-scripts.server.ts) imports nothing but components: no server code behind it.
      name: "components-server-side-is-components-only",
      severity: "error",
      from: { path: "^app/components/[^/]+\\.server\\.ts$" },
      to: { pathNot: "^app/components/" },
    },
    {
      name: "components-never-import-server-code",
      severity: "error",
      from: { path: "^app/components/" },
      // A `.server` module directly in app/components holds no server code (the rule above): it is what a
      // component renders on the server only, and empty in the browser's build by its name.
      to: {
        path: ["\\.server\\.[a-z]+$", "^app/services/", "^app/routes/"],
        pathNot: "^app/components/[^/]+\\.server\\.ts$",
      },
    },
    {
      name: "nothing-imports-routes",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public/build|\\.cache)" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
