import type { Breadcrumb, Event, Exception, RequestEventData, StackFrame, User } from "@sentry/remix";

/**
 * What leaves for the error monitoring carries no personal data (the visitor's address, contact, cookies, what they
 * typed), whatever the SDK collected or an exception's message repeats. The SDK is told to collect little already
 * (options.ts); this is the last pass over every event and transaction before it is sent, so a new integration, an
 * SDK default that changes or a careless message cannot leak what the shop was entrusted with.
 *
 * Pure functions of plain data (only types come from the SDK), so they are tested without Sentry running.
 */

/** The request headers worth their risk: they explain a browser-specific bug and name no one. */
export const safeHeaders: readonly string[] = ["user-agent", "accept-language", "content-type"];

/** Span attributes that name the client, carry what was sent, or may: dropped outright. */
const droppedAttributePrefixes = [
  "url.query",
  "url.fragment",
  "http.query",
  "http.fragment",
  "http.client_ip",
  "http.request.body",
  "http.response.body",
  "client.",
  "net.peer.",
  "net.sock.peer.",
  "network.peer.",
  "user.",
  "enduser.",
  "db.query.parameter.",
];
/** A header as a span attribute: `http.request.header.user_agent`, a cookie's as `….header.cookie.<name>`. */
const headerAttribute = /^http\.(?:request|response)\.header\.([^.]+)/;
/** A string attribute that is a URL or a path, whose query is cut off. */
const urlLike = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)/i;

/** A credential after its scheme, as an Authorization header shows it. */
const credential = /\b(Bearer|Basic)\s+[\w.~+/=-]+/g;
/**
 * A value under a key that names a secret, as a log line, a JSON text or a cookie header carries it:
 * `"sessionId":"…"`, `shop_session=…`, `token: …`. The key stays, to show what was there.
 */
const secretPair = new RegExp(
  String.raw`(["']?)([\w.-]*(?:session|cookie|token|password|passwd|secret|auth|api[_-]?key)[\w.-]*)\1` +
    String.raw`(\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s"',;&})\]]+)`,
  "gi"
);
const email = /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** An IBAN, spaced in fours or not: country, check digits, 11 to 30 letters and digits. */
const iban = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
/** A Czech account number, "prefix-number/bank" (19-2000145399/0800); six digits at least, not to catch "12/2024". */
const czechAccount = /(?<![\w/-])(?:\d{1,6}-)?\d{6,10}\/\d{4}(?![\w/])/g;
const ipv4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\w|\.\d)/g;
/** Eight groups, or fewer around a "::"; a time of day (10:00:00) has neither. */
const ipv6 = new RegExp(
  String.raw`(?<![\w:])(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{0,4}::` +
    String.raw`(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{0,4})(?![\w:])`,
  "gi"
);
/**
 * A run of digits that may be spaced or hyphenated (+420 603 123 456, 603-123-456, a card or an NRB account number),
 * not one inside a word, a UUID, a version, a time or an address. Counted in the replacer: fewer than nine digits
 * (dates, amounts, ids) stay.
 */
const digitRun = /(?<![\w+/-])(?<!\d[.:])(?:\+|\(\+?\d{1,4}\) ?)?\d(?:[ -]?\d)+(?![\w/-]|[.:]\d)/g;

/** Infrastructure addresses (loopback, private networks) help to read a failure and are nobody's; others may be. */
function isInfrastructureAddress(address: string): boolean {
  if (address.includes(":")) return /^(?:::1?|f[cd][0-9a-f]{0,2}:|fe80:)/i.test(address);
  const [a = 0, b = 0] = address.split(".").map(Number);
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/**
 * A text with the values of secrets, the e-mail addresses, phone, account and card numbers and public IP addresses
 * replaced.
 */
export function scrubText(text: string): string {
  return text
    .replace(credential, "$1 [filtered]")
    .replace(secretPair, (_pair, quote: string, key: string, separator: string, value: string) => {
      const filtered = /^["']/.test(value) ? `${value[0]}[filtered]${value[0]}` : "[filtered]";
      return `${quote}${key}${quote}${separator}${filtered}`;
    })
    .replace(email, "[email]")
    .replace(iban, "[iban]")
    .replace(czechAccount, "[account]")
    .replace(ipv4, (address) => (isInfrastructureAddress(address) ? address : "[ip]"))
    .replace(ipv6, (address) => (isInfrastructureAddress(address) ? address : "[ip]"))
    .replace(digitRun, (run) => {
      const digits = run.replace(/\D/g, "").length;
      if (digits < 9) return run;
      return digits <= 15 ? "[phone]" : "[number]";
    });
}

/** A URL (or path) without its query and fragment: they carry what a visitor typed into a form or a link. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isSafeHeader(name: string): boolean {
  return safeHeaders.includes(name.toLowerCase().replaceAll("_", "-"));
}

/** What a request may tell: where and how it was asked, and the safe headers; never cookies, query, body or env. */
function scrubRequest(request: RequestEventData): RequestEventData {
  const scrubbed: RequestEventData = {};
  if (request.method !== undefined) scrubbed.method = request.method;
  if (request.url !== undefined) scrubbed.url = scrubText(withoutQuery(request.url));
  if (request.headers) {
    scrubbed.headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => isSafeHeader(name)));
  }
  return scrubbed;
}

/** Only an id the shop chose to set stays: the address, e-mail, name and location are the visitor's. */
function scrubUser(user: User): User | undefined {
  return user.id === undefined ? undefined : { id: user.id };
}

function scrubFrame(frame: StackFrame): StackFrame {
  // Local variables hold whatever the function was handling: an order, a customer.
  const { vars: _vars, ...rest } = frame;
  return rest;
}

function scrubException(exception: Exception): Exception {
  const { value, stacktrace } = exception;
  return {
    ...exception,
    ...(value === undefined ? {} : { value: scrubText(value) }),
    ...(stacktrace?.frames ? { stacktrace: { ...stacktrace, frames: stacktrace.frames.map(scrubFrame) } } : {}),
  };
}

/** Breadcrumbs keep what happened and when; their data (URLs, console arguments, form fields) is dropped. */
function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const { data: _data, message, ...rest } = breadcrumb;
  return message === undefined ? rest : { ...rest, message: scrubText(message) };
}

/** A transaction's or a span's attributes: only the safe headers, no client, query or body; texts scrubbed. */
export function scrubAttributes(data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (droppedAttributePrefixes.some((prefix) => key.startsWith(prefix))) continue;
    const header = headerAttribute.exec(key);
    if (header && !isSafeHeader(header[1]!)) continue;
    if (typeof value !== "string") kept[key] = value;
    else kept[key] = scrubText(urlLike.test(value) ? withoutQuery(value) : value);
  }
  return kept;
}

function scrubSpan<S extends { data?: Record<string, unknown>; description?: string }>(span: S): S {
  return {
    ...span,
    ...(span.data ? { data: scrubAttributes(span.data) } : {}),
    ...(span.description === undefined ? {} : { description: scrubText(withoutQuery(span.description)) }),
  };
}

/**
 * An event or a transaction as it may leave: a new object, the given one untouched. Used as both `beforeSend` and
 * `beforeSendTransaction`, so it never drops an event, only what the event must not carry.
 */
export function scrubEvent<E extends Event>(event: E): E {
  const scrubbed: E = { ...event };
  if (event.request) scrubbed.request = scrubRequest(event.request);
  if (event.user) {
    const user = scrubUser(event.user);
    if (user) scrubbed.user = user;
    else delete scrubbed.user;
  }
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.logentry) {
    const { message, params } = event.logentry;
    scrubbed.logentry = {
      ...(message === undefined ? {} : { message: scrubText(message) }),
      ...(params ? { params: params.map((param) => (typeof param === "string" ? scrubText(param) : param)) } : {}),
    };
  }
  if (event.exception?.values) {
    scrubbed.exception = { ...event.exception, values: event.exception.values.map(scrubException) };
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.transaction !== undefined) scrubbed.transaction = scrubText(withoutQuery(event.transaction));
  if (event.spans) scrubbed.spans = event.spans.map(scrubSpan);
  const trace = event.contexts?.trace;
  if (trace) scrubbed.contexts = { ...event.contexts, trace: scrubSpan(trace) };
  return scrubbed;
}
