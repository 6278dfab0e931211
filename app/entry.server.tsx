import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { messages } from "../shared/i18n/messages";
import { ShellLanguageProvider } from "./i18n/shell-language";
import { StylesheetReaderProvider } from "./inline-stylesheet";
import { NonceProvider } from "./nonce";
import { stylesheetText } from "./stylesheet-text.server";
import { usedStyles } from "./used-styles.server";
import { languageOf } from "../shared/route-table";
import { isSameForEveryVisitor } from "./same-for-every-visitor";
import { renderedParts } from "./rendered-parts.server";
import { streamTimeoutMs } from "./stream-timeout.server";

/**
 * Pages and their data are made for one visitor (locale, session): no shared cache may keep them. A route that may be
 * cached, or must not be kept even by the browser, says so with its own headers, which this default never replaces.
 */
function withDefaultCacheControl(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
}

/** Loader and action data asked for by the browser's router, under the same default as the pages. */
export function handleDataRequest(response: Response): Response {
  withDefaultCacheControl(response.headers);
  return response;
}

/**
 * Remix hands every error of a request here to be logged. A refusal of the request itself is not logged: a data
 * request for a route its URL does not match, a method a route does not take, any 4xx the router answers. Those are
 * the asker's mistakes, answered with their status, and logging each would let anyone fill the log. Everything else is
 * logged by the web server's logger as one line with the request's id (the router's own error inside its error
 * response, or the error itself) and reported to the error monitoring.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext }
): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    const cause = (error as { error?: unknown }).error;
    context.logError(cause ?? error);
  } else {
    context.logError(error);
  }
  context.reportError(error, request);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext
) {
  // Crawlers and JavaScript-less visitors of deferred data get the whole page at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const lang = languageOf(loadContext.locale);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const sendShell = () => {
      shellRendered = true;
      const parts = renderedParts();
      const styled = parts.pipe(usedStyles(loadContext.nonce));
      const kept = keptPage(responseStatusCode, responseHeaders, remixContext, loadContext, () => failed);
      // React ends a page it gave up on by destroying its destination: the page, and its kept copy, end with it.
      parts.once("error", (error) => styled.destroy(error));
      if (kept) styled.once("error", (error) => kept.destroy(error));
      const body = kept ? styled.pipe(kept) : styled;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      withDefaultCacheControl(responseHeaders);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        })
      );
      pipe(parts);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={loadContext.nonce}>
        <StylesheetReaderProvider value={stylesheetText}>
          <ShellLanguageProvider value={{ lang, messages: messages[lang] }}>
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={streamTimeoutMs}
              nonce={loadContext.nonce}
            />
          </ShellLanguageProvider>
        </StylesheetReaderProvider>
      </NonceProvider>,
      {
        nonce: loadContext.nonce,
        onShellReady() {
          if (!waitForAll) sendShell();
        },
        onAllReady() {
          // Nothing is left to abort: the timer must not keep the finished render (its tree, its data) alive.
          clearTimeout(abortTimer);
          if (waitForAll) sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          // Errors after the shell streamed are already in the page's error boundary; log and report them once.
          if (shellRendered) {
            loadContext.logError(error);
            loadContext.reportError(error, request);
          }
        },
      }
    );
    const abortTimer = setTimeout(abort, streamTimeoutMs + 1_000);
  });
}

/**
 * The page's body as it streams, recorded for the next visitors when the page may be kept (decision 030): a 200 whose
 * routes are all the same for every visitor. Handed over once React has sent all of it without an error. Null when the
 * page is not to be kept.
 */
function keptPage(
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  { keepPage }: AppLoadContext,
  failed: () => boolean
): Transform | null {
  // A page that sets a cookie of its own is refused by the cache itself (page-cache.ts), which every page passes.
  if (!keepPage || status !== 200 || !isSameForEveryVisitor(remixContext)) return null;
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (!failed()) keepPage({ headers, html: Buffer.concat(chunks).toString("utf8") });
      callback();
    },
  });
}
