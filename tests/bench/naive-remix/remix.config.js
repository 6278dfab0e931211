/**
 * The naive anchor of `npm run bench`: a default Remix v2 app (classic compiler) with one route, built from the
 * shop's own dependencies so the two are compared on the same Remix, React and Express. Everything the build writes
 * goes under build/, which git ignores.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "build/public",
  publicPath: "/build/",
  cacheDirectory: "build/.cache",
  // The shop's future flags, so both run the same code paths of Remix.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
