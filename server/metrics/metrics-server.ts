import { createServer, type Server } from "node:http";
import type { Registry } from "prom-client";
import type { Logger } from "../logging/logger";

/**
 * The process's metrics for Prometheus, `GET /metrics` in its text format, on a listener of their own (decision 047):
 * on METRICS_PORT, which the load balancer does not forward, so visitors never reach them and a scrape never queues
 * behind the pages. Anything else is 404.
 */
export async function serveMetrics(registry: Registry, port: number, host: string, log: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?", 1)[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, "metrics: the scrape failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("the metrics could not be collected");
      }
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
