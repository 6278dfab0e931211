import { request } from "node:http";

/**
 * A visitor without JavaScript, as the cluster test drives the shop: plain requests through the load balancer, its
 * cookies kept, forms posted as a browser posts them, redirects followed by the caller. Every request it makes is
 * recorded, so the test counts what customers would have seen fail.
 */

export interface Answer {
  readonly status: number;
  readonly location: string | undefined;
  readonly body: string;
}

export interface RequestRecord {
  readonly method: string;
  readonly host: string;
  readonly path: string;
  /** The HTTP status, or 0 when no answer came (the connection failed or was cut). */
  readonly status: number;
  readonly requestId: string | undefined;
  readonly error?: string;
  /** Cut on a kept-alive connection before any answer, and sent again, as a browser does without telling anyone. */
  readonly resent?: true;
}

/** A request the customer would have seen fail: no answer, or the shop's or balancer's error page. */
export function failedForCustomer(record: RequestRecord): boolean {
  return (record.status === 0 && !record.resent) || record.status >= 500;
}

export class Visitor {
  private readonly cookies = new Map<string, string>();

  /** `port` is the load balancer's; `host` the variant's host name, which the balancer and the shop route by. */
  constructor(
    private readonly port: number,
    readonly host: string,
    private readonly records: RequestRecord[]
  ) {}

  get(path: string): Promise<Answer> {
    return this.send("GET", path);
  }

  post(path: string, form: Record<string, string>): Promise<Answer> {
    return this.send("POST", path, new URLSearchParams(form).toString());
  }

  /** The path of a redirect's target on the shop's own host (the gateway's return names the host in full). */
  static pathOf(location: string): string {
    const url = new URL(location, "http://shop.invalid");
    return `${url.pathname}${url.search}`;
  }

  /**
   * A request cut on a connection kept alive from an earlier one, before any answer, is sent again once: browsers do
   * so whatever the method, and a balancer closes such a connection for exactly that (HAProxy's "safe" reuse: the
   * server it was tied to closed it, so the request may not have reached any).
   */
  private async send(method: string, path: string, body?: string): Promise<Answer> {
    try {
      return await this.sendOnce(method, path, body);
    } catch (error) {
      if (!(error instanceof ReusedConnectionCut)) throw error;
      return this.sendOnce(method, path, body);
    }
  }

  private sendOnce(method: string, path: string, body?: string): Promise<Answer> {
    const headers: Record<string, string> = { host: `${this.host}:${this.port}`, "accept-language": "cs" };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = String(Buffer.byteLength(body));
      // As a browser sends with a form post: the shop refuses posts from other origins.
      headers.origin = `http://${this.host}:${this.port}`;
    }
    return new Promise((resolve, reject) => {
      let settled = false;
      const outgoing = request({ host: "127.0.0.1", port: this.port, method, path, headers }, (incoming) => {
        answered = true;
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (text += chunk));
        incoming.on("error", (error) => fail(error));
        incoming.on("end", () => {
          for (const cookie of incoming.headers["set-cookie"] ?? []) {
            const [pair] = cookie.split(";");
            const separator = pair!.indexOf("=");
            this.cookies.set(pair!.slice(0, separator).trim(), pair!.slice(separator + 1).trim());
          }
          if (settled) return;
          settled = true;
          const status = incoming.statusCode ?? 0;
          const requestId = incoming.headers["x-request-id"] as string | undefined;
          this.records.push({ method, host: this.host, path, status, requestId });
          resolve({ status, location: incoming.headers.location, body: text });
        });
      });
      let answered = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        const resendable = outgoing.reusedSocket && !answered;
        this.records.push({
          method,
          host: this.host,
          path,
          status: 0,
          requestId: undefined,
          error: error.message,
          ...(resendable ? { resent: true as const } : {}),
        });
        reject(resendable ? new ReusedConnectionCut(error.message) : error);
      };
      outgoing.on("error", fail);
      outgoing.setTimeout(90_000, () => outgoing.destroy(new Error("no answer within 90 s")));
      outgoing.end(body);
    });
  }
}

class ReusedConnectionCut extends Error {}
