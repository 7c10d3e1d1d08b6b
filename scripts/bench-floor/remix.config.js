// The bench's floor (scripts/bench-floor/app/root.tsx says how to build and start it): the app's own
// Remix settings and future flags, every output under this folder's build/ (gitignored).
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "build/client",
  publicPath: "/build/",
  cacheDirectory: "build/.cache",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
