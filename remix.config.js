import { build } from "esbuild";

/**
 * Routes come from `shared/route-table.ts`, the one table of screens. Node cannot import
 * TypeScript here, so esbuild compiles that single dependency-free module first.
 */
async function loadRouteTable() {
  const result = await build({
    entryPoints: ["shared/route-table.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  // Single fetch stays off: the browser's Remix is patched to leave its client out (decision 029).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Fifteen screens times five prefixes is a large route manifest; ship only what a page needs.
    v3_lazyRouteDiscovery: true,
  },
  async routes(defineRoutes) {
    const { screens, screenFile, endpoints, locales } = await loadRouteTable();
    return defineRoutes((route) => {
      for (const [id, screen] of Object.entries(screens)) {
        // Unprefixed paths serve the variant's default locale (cs or pl); the web server
        // redirects a path that belongs to the other language.
        const defaultPaths = new Set([screen.paths.cs, screen.paths.pl]);
        let index = 0;
        for (const path of defaultPaths) {
          const routeId = index === 0 ? `default--${id}` : `default-${index}--${id}`;
          route(path, screenFile(id), { id: routeId, index: path === "" ? true : undefined });
          index++;
        }
        for (const locale of locales) {
          const language = locale === "cs-pluxee" ? "cs" : locale;
          const path = screen.paths[language];
          route(`${locale}${path ? `/${path}` : ""}`, screenFile(id), { id: `${locale}--${id}` });
        }
      }
      for (const [id, endpoint] of Object.entries(endpoints)) {
        route(endpoint.path, endpoint.file, { id: `endpoint--${id}` });
      }
    });
  },
};
