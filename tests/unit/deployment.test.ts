import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../server/config";
import { nodeFlagsFor } from "../../server/node-flags.mjs";

/**
 * compose.yaml and the Dockerfile as an operator relies on them (decision 049). No container engine runs here, so
 * what can be checked without one is checked here: the topology, what each container is promised (health, restarts,
 * memory, time to stop) against what the shop itself needs, and the image's build. `npm run test:cluster` runs the
 * same topology as processes.
 */

interface ComposeService {
  image?: string;
  restart?: string;
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  deploy?: { replicas?: number; resources?: { limits?: { memory?: string } } };
}

const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const shopRoles = ["api", "web", "worker"] as const;

function megabytes(size: string): number {
  const match = /^(\d+)([mg])$/.exec(size);
  if (!match) throw new Error(`not a size compose reads: ${size}`);
  return Number(match[1]) * (match[2] === "g" ? 1024 : 1);
}

function seconds(duration: string): number {
  const match = /^(\d+)s$/.exec(duration);
  if (!match) throw new Error(`not a duration in seconds: ${duration}`);
  return Number(match[1]);
}

function flagValue(flags: readonly string[], name: string): number {
  const flag = flags.find((candidate) => candidate.startsWith(`--${name}=`));
  return flag ? Number(flag.split("=")[1]) : 0;
}

describe("compose.yaml", () => {
  it("runs PostgreSQL, the migration once, two web, two api, one worker and the load balancer", () => {
    expect(Object.keys(services).sort()).toEqual(["api", "loadbalancer", "migrate", "postgres", "web", "worker"]);
    expect(services.api!.deploy?.replicas).toBe(2);
    expect(services.web!.deploy?.replicas).toBe(2);
    expect(services.worker!.deploy?.replicas).toBe(1);
    expect(services.migrate!.environment?.ROLE).toBe("migrate");
    expect(services.migrate!.restart).toBe("no");
    for (const role of shopRoles) {
      expect(services[role]!.environment?.ROLE, role).toBe(role);
      expect(services[role]!.depends_on?.migrate?.condition, role).toBe("service_completed_successfully");
    }
  });

  it("keeps every role alive, checked by its readiness, and gives it the time its drain and requests in flight take", () => {
    // compose.yaml runs ENV=preprod unless told prod: both drain for the same time.
    const defaults = loadConfig({ ENV: "preprod" });
    const stopNeedsSeconds = (defaults.shutdownDrainMs + defaults.shutdownGraceMs) / 1000;
    for (const role of shopRoles) {
      const service = services[role]!;
      expect(service.restart, role).toBe("unless-stopped");
      expect(service.healthcheck?.test.join(" "), role).toContain("/readyz");
      expect(seconds(service.stop_grace_period ?? "0s"), role).toBeGreaterThan(stopNeedsSeconds);
    }
  });

  it("limits each role's memory above the heap its Node flags allow", () => {
    for (const role of shopRoles) {
      const flags = nodeFlagsFor(role);
      const limit = megabytes(services[role]!.deploy?.resources?.limits?.memory ?? "0m");
      // The api has no old-generation limit: V8 sizes its heap by the container's memory, so any limit holds.
      const heap = flagValue(flags, "max-old-space-size") + 2 * flagValue(flags, "max-semi-space-size");
      // Beyond the heap: the code, buffers, PDF fonts and the native side of the database client.
      expect(limit, role).toBeGreaterThanOrEqual(heap + 128);
    }
  });

  it("puts the load balancer's one configuration in front, the web reaching the api through it", () => {
    const haproxy = readFileSync("server/cluster/haproxy.cfg", "utf8");
    expect(services.loadbalancer!.volumes).toContain(
      "./server/cluster/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro"
    );
    expect(services.web!.environment?.API_URL).toBe("http://loadbalancer:8000/api");
    expect(haproxy).toMatch(/^\s+bind :8000$/m);
    expect(haproxy).toMatch(/server-template web- 2 web:3000/);
    expect(haproxy).toMatch(/server-template api- 2 api:3000/);
  });
});

describe("Dockerfile", () => {
  const dockerfile = readFileSync("Dockerfile", "utf8");

  it("builds on one pinned Node release, installs production dependencies only, and runs as a user", () => {
    const base = /^ARG NODE_IMAGE=node:(\S+)$/m.exec(dockerfile)?.[1];
    expect(base).toMatch(/^\d+\.\d+\.\d+-/);
    expect(dockerfile.match(/^FROM (\S+)/gm)).toEqual([
      "FROM ${NODE_IMAGE}",
      "FROM ${NODE_IMAGE}",
      "FROM ${NODE_IMAGE}",
    ]);
    expect(dockerfile).toMatch(/npm install --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    // The last stage copies in what the build made; the container's command starts it and builds nothing.
    const cmd = /^CMD (.+)$/m.exec(dockerfile)?.[1] ?? "";
    expect(cmd).toContain("build/main.js");
    expect(cmd).not.toMatch(/npm|build\b(?!\/)/);
  });
});
