import type { Operator } from "../variants/operator";
import type { Cookie } from "@remix-run/node";
import type { ShopClient } from "./rpc-client";
import type { Locale } from "../../shared/route-table";
import type { Consent } from "../../shared/consent";
import type { Environment } from "../config";
import type { LocaleResolution } from "./locale";
import type { MessageScripts } from "./message-assets";
import type { SiteVariant } from "../variants/site-variants";
import type { BackendInfo } from "./backend-info";
import type { RenderedPage } from "./page-cache";
import type { ContentStore } from "../content/content-store";

/** Facts about this web build for the info panel (SPEC §2, footer); unset ones are left out. */
export type FrontendInfo = {
  buildNumber: string;
  sourceBranch: string;
  sourceVersion: string;
  serverDomain: string;
  apiUrl: string;
  cmsApiUrl?: string;
  defaultLanguage: Locale;
  port: number;
  domainCz?: string;
  domainPl?: string;
  domainWlPluxeeCz?: string;
};

/** The browser's Sentry settings (app/monitoring.client.ts): the server's, so an issue spans both. */
export type BrowserMonitoring = { dsn: string; environment: string; release: string; tracesSampleRate: number };

/**
 * Everything a loader needs about the request, resolved once by the web server
 * (Hydrogen's habit): loaders never parse the host, cookies or path prefix again.
 */
export type ShopLoadContext = {
  variant: SiteVariant;
  /** The company behind every variant, as the footer and the contact page name it. */
  operator: Operator;
  locale: Locale;
  localeResolution: LocaleResolution;
  /** Where the language form remembers the choice; Secure as the configuration says. */
  localeCookie: Cookie;
  /** What the visitor chose of the optional cookies and scripts; null until they choose (the banner asks). */
  consent: Consent | null;
  /** Where the consent form remembers the choice. */
  consentCookie: Cookie;
  /** Where the owner keys of the visitor's orders are kept (app/order/owner-keys.server.ts). */
  ownerKeysCookie: Cookie;
  nonce: string;
  sessionId: string;
  requestId: string;
  env: Environment;
  rpc: ShopClient;
  frontendInfo: FrontendInfo;
  /** The api's facts for the info panel, kept by the web process for a while (backend-info.ts). */
  backendInfo: () => BackendInfo | null | Promise<BackendInfo | null>;
  /** Logs a failure of a loader, an action or the render: one line with the request's id, the error's stack in it. */
  logError: (error: unknown) => void;
  /** Reports a failure of a loader, an action or the render to the error monitoring, when it runs. */
  reportError: (error: unknown, request: Request) => void;
  /** What the browser's monitoring is started with, once the visitor allowed it; null without SENTRY_DSN. */
  browserMonitoring: BrowserMonitoring | null;
  /** The site's texts, articles and pages (server/content). */
  content: ContentStore;
  /** Each language's message catalogue for the browser, a script of its own (decision 020). */
  messageScripts: MessageScripts;
  /** How long step 1 sent without JavaScript waits for a check before it shows the checking page (decision 063). */
  checkingPageAfterMs: number;
  /**
   * Set when this page may be kept for the next visitors (a plain GET, decision 030): the renderer hands the whole
   * page over once it is sent, if every route of it is the same for every visitor (`sameForEveryVisitor`).
   */
  keepPage?: (page: RenderedPage) => void;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}
