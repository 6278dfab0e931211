import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * Every path lives in shared/route-table.ts. This check fails when a path starting with the first
 * segment of one of the table's paths (`"/objednavka"`, `'/how-it-works/...'`) is typed as a string anywhere else
 * in app/ or server/, which is how a renamed path would otherwise leave dead links behind.
 */
const result = await build({ entryPoints: ["shared/route-table.ts"], bundle: true, format: "esm", write: false, logLevel: "silent" });
const { screens } = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);

// A typed path starts with its first segment; later ones ("/status/:id/payment") may well begin other systems'
// paths (a gateway's "/payment/init"), which are none of the table's business.
const segments = new Set();
for (const screen of Object.values(screens)) {
  for (const pattern of Object.values(screen.paths)) {
    const first = pattern.split("/").find((segment) => segment !== "");
    if (first && !first.startsWith(":") && first !== "*") segments.add(first);
  }
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield file;
  }
}

const problems = [];
for (const file of [...sourceFiles("app"), ...sourceFiles("shared"), ...sourceFiles("server")]) {
  if (file === path.join("shared", "route-table.ts")) continue;
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, index) => {
    // Comments may name a path to explain a rule; only code can link to one.
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const segment of segments) {
      if (new RegExp(`["'\`]/${segment}(["'\`/?#]|$)`).test(line)) {
        problems.push(`${file}:${index + 1}: path "/${segment}" typed outside the route table`);
      }
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`route strings: ${segments.size} path segments, none typed outside shared/route-table.ts`);
