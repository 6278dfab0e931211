import { Code, ConnectError } from "@connectrpc/connect";
import type { Translate } from "../shared/i18n/translator";
import { ErrorCode, ErrorDetailSchema, type ErrorDetail } from "../gen/dzb/shop/v1/errors_pb";
import { MAX_VOUCHER_CODES_PER_ORDER } from "../shared/input-limits";

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
 * the way, a proxy's error page), is the generic "unknown error, contact us". Anything but a ConnectError is a bug,
 * or the 404 page the client throws for the api's "no such page", and is thrown on.
 */
export function formErrorOf(
  error: unknown,
  t: Translate,
  { fieldOf, supportEmail, messageAt }: FormErrorOptions
): FormError {
  if (!(error instanceof ConnectError)) throw error;
  const detail = detailOf(error);
  const code = detail?.code;
  const name = code !== undefined && code in ErrorCode ? ErrorCode[code] : ErrorCode[ErrorCode.UNKNOWN];
  const path = detail?.field ?? "";
  const sentence = t(`errors.${name}`, {
    email: supportEmail,
    max: MAX_VOUCHER_CODES_PER_ORDER,
    minutes: minutesToWait(detail?.retryAfterSeconds ?? 0),
  });
  const message = path && messageAt && detail ? messageAt(path, sentence, detail) : sentence;
  const field = path ? fieldOf(path) : undefined;
  return field === undefined ? { message } : { field, message };
}

/** Whole minutes, rounded up: "try again in 0 min" would be untrue for the seconds that are left. */
function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Throws what the api said of a post as the page's answer: input that no form of the shop sends is a bad request, and
 * anything else is the failure it is (no such page, the order of another market included, is already the 404 page
 * the client threw).
 */
export function throwAsAnswer(error: unknown): never {
  if (error instanceof ConnectError && error.code === Code.InvalidArgument) {
    throw new Response("Bad Request", { status: 400 });
  }
  throw error;
}

/** The catalogue code of the api's refusal, when it carries one. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return error instanceof ConnectError ? detailOf(error)?.code : undefined;
}

/** The error as conform's `submission.reply()` options: next to its field, or above the form. */
export function replyErrors({ field, message }: FormError) {
  return field === undefined ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } };
}

/** The api's `dzb.shop.v1.ErrorDetail` (catalogue code, request id, field), when the error carries one. */
function detailOf(error: ConnectError): ErrorDetail | undefined {
  return error.findDetails(ErrorDetailSchema)[0];
}
