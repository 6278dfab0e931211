import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * `node tests/bench/profile-summary.mjs FILE.cpuprofile [TOP]`: where a CPU profile's time went, as text. It prints
 * self time by package (a dependency, the shop's own code, Node's internals) and by function, the TOP (25) largest
 * first. It reads the profiles that `BENCH_CPU_PROFILE_DIR` or `node --cpu-prof` write, so figures can be compared
 * without opening DevTools.
 */
const [file, top = "25"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node tests/bench/profile-summary.mjs FILE.cpuprofile [TOP]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** Microseconds of self time per profile node: each sample's time goes to the node on top of the stack. */
const selfTime = new Map();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + profile.timeDeltas[index]));
const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0);

function packageOf({ url, functionName }) {
  // V8's own entries: "(idle)", "(garbage collector)", "(program)"; else a native function (a syscall binding, JSON).
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  if (url.startsWith("node:")) return "(Node.js)";
  return "(the shop)";
}

function functionOf({ callFrame }) {
  const where = callFrame.url ? `${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : "";
  return `${callFrame.functionName || "(anonymous)"} ${where}`.trim();
}

function tally(keyOf) {
  const totals = new Map();
  for (const [id, time] of selfTime) {
    const key = keyOf(nodes.get(id));
    totals.set(key, (totals.get(key) ?? 0) + time);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
}

const share = (time) => `${((100 * time) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
console.log("\nself time by package");
for (const [name, time] of tally((node) => packageOf(node.callFrame))) console.log(`  ${share(time)}  ${name}`);
console.log("\nself time by function");
for (const [name, time] of tally(functionOf)) console.log(`  ${share(time)}  ${name}`);
