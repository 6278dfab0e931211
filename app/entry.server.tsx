import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { messages } from "../shared/i18n/messages";
import { ShellLanguageProvider } from "./i18n/shell-language";
import { NonceProvider } from "./nonce";
import { languageOf } from "../shared/route-table";

const streamTimeoutMs = 5_000;

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
    const sendShell = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      withDefaultCacheControl(responseHeaders);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        })
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={loadContext.nonce}>
        <ShellLanguageProvider value={{ lang, messages: messages[lang] }}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={streamTimeoutMs}
            nonce={loadContext.nonce}
          />
        </ShellLanguageProvider>
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
          responseStatusCode = 500;
          // Errors after the shell streamed are already in the page's error boundary; log them once.
          if (shellRendered) console.error(error);
        },
      }
    );
    const abortTimer = setTimeout(abort, streamTimeoutMs + 1_000);
  });
}
