import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** How long a shop of a spec's own may take to answer /readyz: a fresh PGlite database is made as it starts. */
export const shopStartTimeoutMs = 90_000;

export interface ShopProcess {
  stop(): void;
}

/**
 * A shop of a spec's own, for settings the suite's shop does not have (a Sentry DSN, an api no one answers): the
 * built server in a child process, answering /readyz on `port`. A shop that exits before it is ready fails the spec
 * with its last words on stderr, not with a timeout. The caller's hook needs a timeout above shopStartTimeoutMs.
 */
export async function startShopProcess(port: number, env: Record<string, string>): Promise<ShopProcess> {
  const child = spawn(process.execPath, ["build/main.js"], {
    cwd: projectRoot,
    env: { ...process.env, ENV: "test", NODE_ENV: "production", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) => reject(new Error(`the shop exited (${code ?? signal}):\n${stderr}`)))
  );
  exited.catch(() => {}); // after the shop is ready, its exit is the stop asked for
  const ready = async () => {
    for (const deadline = Date.now() + shopStartTimeoutMs; Date.now() < deadline; ) {
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then((answer) => answer.status, () => 0);
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the shop did not answer /readyz within ${shopStartTimeoutMs} ms:\n${stderr}`);
  };
  try {
    await Promise.race([ready(), exited]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { stop: () => child.kill("SIGTERM") };
}
