import type { Request, RequestHandler, Response } from "express";

/**
 * The largest request body the web tier takes, in bytes. The largest legitimate form is step 1 with a hotel link at
 * its 16,384-character limit, sent twice (the link field and the hidden copy it was read from), percent-encoded:
 * about 100 KB. The reservation form, every field at its limit in 4-byte characters (12 bytes each once encoded),
 * is about 45 KB. A quarter of a megabyte leaves room for multipart's per-field overhead and a long split.
 */
export const MAX_FORM_BODY_BYTES = 256 * 1024;

export type BodyRefusal = 411 | 413;

/**
 * Refuses a body larger than `maxBytes` before anything reads a byte of it: Remix parses a form whole, in memory, so
 * a bound checked after parsing would come too late (a 50 MB post grew the process by hundreds of megabytes). The
 * declared length is the bound's proof, since Node reads no more than Content-Length of a body. A body of unknown
 * length (chunked) could only be bounded by reading it, and no browser sends a form that way: 411.
 */
export function boundedBodies(
  maxBytes: number,
  refuse: (req: Request, res: Response, status: BodyRefusal) => Promise<void>
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const status = refusalOf(req, maxBytes);
    if (status === null) return next();
    // The body is read and dropped while the refusal is sent: a connection closed on unread data is reset, and the
    // client, still sending, would lose the answer with it.
    req.resume();
    refuse(req, res, status).catch(next);
  };
}

function refusalOf(req: Request, maxBytes: number): BodyRefusal | null {
  const declared = req.get("content-length");
  if (declared !== undefined) return Number(declared) > maxBytes ? 413 : null;
  return req.get("transfer-encoding") === undefined ? null : 411;
}
