import type { Translate } from "../shared/i18n/translator";
import { ErrorCode, type ErrorDetail } from "../gen/dzb/shop/v1/errors_pb";
import type { RpcError } from "../server/web/rpc-client";
import { MAX_VOUCHER_CODES_PER_ORDER } from "../shared/input-limits";
import { notFound } from "~/screen.server";

/** What a form shows for a failed call: the sentence, and the field it belongs next to (else above the form). */
export type FormError = { field?: string; message: string };

type FormErrorOptions = {
  /** The form's field for a request path of the api such as `hotel_request.children_ages[1]`; undefined for none. */
  fieldOf: (path: string) => string | undefined;
  /** Named by the messages that ask the customer to contact us. */
  supportEmail: string;
  /** The sentence as said about the field at this request path, e.g. naming the voucher code it concerns. */
  messageAt?: (path: string, message: string, detail: ErrorDetail) => string;
};

/**
 * Turns the api's refusal into the customer's language (SPEC §8): the catalogue code picks the sentence (its
 * placeholders filled from the detail and the shop's rules), the detail's field path picks where it is shown. A code this build does not know, or an answer without a detail (a timeout on
 * the way, a proxy's error page), is the generic "unknown error, contact us". Anything but an RpcError is a bug and
 * is thrown on, to the error page.
 */
export function formErrorOf(
  error: unknown,
  t: Translate,
  { fieldOf, supportEmail, messageAt }: FormErrorOptions
): FormError {
  if (!isRpcError(error)) throw error;
  const code = error.detail?.code;
  const name = code !== undefined && code in ErrorCode ? ErrorCode[code] : ErrorCode[ErrorCode.UNKNOWN];
  const path = error.detail?.field ?? "";
  const sentence = t(`errors.${name}`, {
    email: supportEmail,
    max: MAX_VOUCHER_CODES_PER_ORDER,
    minutes: minutesToWait(error.detail?.retryAfterSeconds ?? 0),
  });
  const message = path && messageAt && error.detail ? messageAt(path, sentence, error.detail) : sentence;
  const field = path ? fieldOf(path) : undefined;
  return field === undefined ? { message } : { field, message };
}

/** Whole minutes, rounded up: "try again in 0 min" would be untrue for the seconds that are left. */
function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The api's "no such availability / order / document of the order": the screen answers the 404 page. */
export function isPageNotFound(error: unknown): boolean {
  if (!isRpcError(error) || error.code !== "not_found") return false;
  const code = error.detail?.code;
  return (
    code === undefined ||
    code === ErrorCode.PAGE_NOT_FOUND ||
    code === ErrorCode.ORDER_NOT_FOUND ||
    code === ErrorCode.ORDER_DOCUMENT_UNAVAILABLE
  );
}

/**
 * Throws what the api said of a post as the page's answer: no such page (the order does not exist, or is another
 * market's, asked through this host) is the 404 page, input that no form of the shop sends is a bad request, and
 * anything else is the failure it is.
 */
export function throwAsAnswer(error: unknown): never {
  if (isPageNotFound(error)) notFound();
  if (isRpcError(error) && error.code === "invalid_argument") throw new Response("Bad Request", { status: 400 });
  throw error;
}

/** The catalogue code of the api's refusal, when it carries one. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return isRpcError(error) ? error.detail?.code : undefined;
}

/** The error as conform's `submission.reply()` options: next to its field, or above the form. */
export function replyErrors({ field, message }: FormError) {
  return field === undefined ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } };
}

/**
 * By name, not `instanceof`: the client in the load context comes from the web server's bundle, which has its own
 * copy of the RpcError class, so the Remix build's class would never match it.
 */
function isRpcError(error: unknown): error is RpcError {
  return error instanceof Error && error.name === "RpcError" && "code" in error;
}
