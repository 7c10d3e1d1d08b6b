// The bench's floor (scripts/bench-floor/app/root.tsx says how to build and start it): the app's own
// future flags, every output under this folder's build/ (gitignored).
import app from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "build/client",
  publicPath: "/build/",
  cacheDirectory: "build/.cache",
  future: app.future,
};
