import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { setSecurityHeaders } from "./security";

/** Where the api is served: a call's path is this followed by "/package.Service/Method". */
const apiMountPath = "/api";

export type ApiRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The server's one request listener (decision 031): a call of the api goes straight to the api, everything else to
 * Express. Express gives every request and answer a new prototype (`Object.setPrototypeOf`), and V8 then carries such
 * objects, and all they reach, through its young-generation collections: every call's garbage was promoted, the old
 * generation was collected several times a second, and those pauses were the api's tail latency. The api needs nothing
 * of Express (Connect reads its own body and negotiates its own compression); it gets the same security headers.
 */
export function apiFirst(api: ApiRequestListener, web: RequestListener, options: { hsts: boolean }): RequestListener {
  return (req, res) => {
    const url = req.url ?? "";
    const rest = url.slice(apiMountPath.length);
    const isApiCall = url.startsWith(apiMountPath) && (rest === "" || rest.startsWith("/") || rest.startsWith("?"));
    if (!isApiCall) return web(req, res);
    setSecurityHeaders(res, options);
    // As Express mounts a handler: the api sees the path under its mount point.
    req.url = rest.startsWith("/") ? rest : `/${rest}`;
    api(req, res);
  };
}
