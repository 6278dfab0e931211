import { getSystemErrorName } from "node:util";
import { GatewayUnavailableError } from "./gateways/payment-gateway";
import { ProviderError } from "./provider/hotel-provider";

/**
 * Why a call to another system (the hotel provider, a payment gateway, the SMTP server) failed, as an operator needs to
 * know it: what kind of failure, the status the other side answered, the system's code. Never the error's message: it
 * may repeat what was sent or answered (a booker's name, an e-mail address, the body of an answer).
 */
export interface FailureCause {
  failure:
    | "timeout"
    | "connection_refused"
    | "dns"
    | "connection_reset"
    | "tls"
    | "network"
    | "http_status"
    | "smtp_status"
    /** The other side answered, but not with what its protocol promises: no JSON, a wrong shape, no valid signature, an error code of its own. */
    | "protocol"
    /** Nothing says it came from the other side: most likely a bug of the shop's. */
    | "unexpected";
  /** The other side's status: HTTP's, or the SMTP server's reply code. */
  status?: number;
  /** The system's or the library's code, e.g. ECONNREFUSED, EAUTH. */
  code?: string;
}

/** Node's, undici's and nodemailer's codes, by the failure they mean. */
const failureOfCode: Record<string, FailureCause["failure"]> = {
  ETIMEDOUT: "timeout",
  ESOCKETTIMEDOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "timeout",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  ECONNREFUSED: "connection_refused",
  ENOTFOUND: "dns",
  EAI_AGAIN: "dns",
  EDNS: "dns",
  ECONNRESET: "connection_reset",
  EPIPE: "connection_reset",
  UND_ERR_SOCKET: "connection_reset",
  ECONNECTION: "connection_reset",
  EHOSTUNREACH: "network",
  ENETUNREACH: "network",
};

const tlsCode = /CERT|^ERR_(TLS|SSL)_|^UNABLE_TO_/;

/**
 * The thrown error and the errors that caused it, outermost first; a few at most, in case causes form a cycle. A cause
 * that is no error (a gateway's answer kept with its refusal) says nothing of the failure's kind.
 */
function causesOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let reason = error; reason instanceof Error && chain.length < 5; reason = reason.cause) chain.push(reason);
  return chain;
}

/**
 * A system error's code. nodemailer writes its own code (ESOCKET) over the socket's, which stays in `errno`, the
 * negative number Node gives it.
 */
function systemCodeOf(reason: Error): string | undefined {
  const { code, errno } = reason as { code?: unknown; errno?: unknown };
  if (typeof errno === "number" && errno < 0) {
    try {
      return getSystemErrorName(errno);
    } catch {
      // Not a number Node knows: the code, if any, says more.
    }
  }
  return typeof code === "string" ? code : undefined;
}

/** What kind of failure a call to another system ended in, read from the error and its causes. */
export function failureCauseOf(error: unknown): FailureCause {
  const chain = causesOf(error);
  let answered: number | undefined;
  for (const reason of chain) {
    const { httpStatus, responseCode } = reason as { httpStatus?: unknown; responseCode?: unknown };
    if (typeof httpStatus === "number") {
      if (httpStatus >= 400) return { failure: "http_status", status: httpStatus };
      answered ??= httpStatus;
    }
    if (reason.name === "TimeoutError" || reason.name === "AbortError") return { failure: "timeout" };
    if (reason instanceof ProviderError && reason.kind === "timeout") return { failure: "timeout" };
    const code = systemCodeOf(reason);
    // nodemailer's refusal by the SMTP server: its reply code, and nodemailer's code for the step (EAUTH, EENVELOPE).
    if (typeof responseCode === "number")
      return { failure: "smtp_status", status: responseCode, ...(code && { code }) };
    if (code && failureOfCode[code]) return { failure: failureOfCode[code], code };
    if (code && tlsCode.test(code)) return { failure: "tls", code };
  }
  const fromAdapter = chain.some(
    (reason) => reason instanceof ProviderError || reason instanceof GatewayUnavailableError
  );
  return { failure: fromAdapter ? "protocol" : "unexpected", ...(answered === undefined ? {} : { status: answered }) };
}
