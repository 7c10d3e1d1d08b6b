// REMIX_BUILD_NAME lets several builds live side by side (parallel test runs); the default is build/.
const name = process.env.REMIX_BUILD_NAME ?? "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: `${name}/index.js`,
  assetsBuildDirectory: `public/${name}`,
  publicPath: `/${name}/`,
  cacheDirectory: `.cache/${name}`,
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
