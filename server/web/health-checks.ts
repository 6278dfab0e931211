import { Router } from "express";
import { answeredAs } from "./request-log";

/**
 * What a load balancer or an orchestrator asks every role: `/healthz` whether the process answers at all, `/readyz`
 * whether it can serve now (its database reachable, not shutting down). Neither answer may be kept by anyone.
 */
export function healthChecks(isReady: () => Promise<boolean>): Router {
  const router = Router();
  router.get(
    "/healthz",
    answeredAs("healthz", (_req, res) => {
      res.set("Cache-Control", "no-store").type("text/plain").send("ok");
    })
  );
  router.get(
    "/readyz",
    answeredAs("readyz", async (_req, res) => {
      const ready = await isReady().catch(() => false);
      res
        .set("Cache-Control", "no-store")
        .status(ready ? 200 : 503)
        .type("text/plain")
        .send(ready ? "ready" : "not ready");
    })
  );
  return router;
}
