/**
 * The readers of bank statements: a file of any format the shop's banks give, told by its content (a file name's
 * extension says little: banks name MT940 ".sta", ".txt" or ".940", GPC ".gpc" or ".txt"), and Fio's API.
 * - XML with a BkToCstmrStmt: ISO 20022 camt.053;
 * - a first line starting "074" (a header) or "075": the Czech GPC;
 * - a first line starting with a field such as ":20:" or ":25:", or with the block "{1:": SWIFT MT940;
 * - JSON with an accountStatement: a saved answer of Fio's API.
 */

import type { BankStatement } from "../../domain/bank-statement";
import { readCamt053 } from "./camt053";
import { readFio } from "./fio";
import { BankStatementFormatError } from "./format-error";
import { readGpc } from "./gpc";
import { readMt940 } from "./mt940";

export { BankStatementFormatError } from "./format-error";
export { FIO_API_BASE_URL, FioApiError, FioClient, FioRateLimitError, readFio, type FioClientOptions } from "./fio";
export { readCamt053 } from "./camt053";
export { readGpc } from "./gpc";
export { readMt940 } from "./mt940";

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Every format opens with ASCII: this much of it tells them apart. */
const OPENING_BYTES = 64;

/**
 * The statement in `content`, whatever its format; `fileName`, when given, opens the message of a
 * BankStatementFormatError, which is thrown for anything that cannot be read whole.
 */
export function readBankStatement(content: Uint8Array, fileName?: string): BankStatement {
  try {
    return readByOpening(content);
  } catch (error) {
    if (fileName === undefined || !(error instanceof BankStatementFormatError)) throw error;
    throw new BankStatementFormatError(`${fileName}: ${error.message}`, { cause: error });
  }
}

function readByOpening(content: Uint8Array): BankStatement {
  const body = UTF8_BOM.every((byte, index) => content[index] === byte) ? content.subarray(UTF8_BOM.length) : content;
  // White space and mBank's SOH, which opens each of its MT940 statements, come before what tells the format.
  const opening = new TextDecoder().decode(body.subarray(0, OPENING_BYTES)).replace(/^[\s\u0001]+/, "");
  if (opening === "") throw new BankStatementFormatError("The file is empty");
  if (opening.startsWith("<")) return readCamt053(body);
  if (/^07[45]/.test(opening)) return readGpc(body);
  if (/^(?:\{1:|:\d{2}[A-Z]?:)/.test(opening)) return readMt940(body);
  if (opening.startsWith("{")) return readFio(jsonOf(body));
  throw new BankStatementFormatError(
    `Not a bank statement this shop reads: it starts with "${opening.slice(0, 16)}"; ` +
      "expected camt.053 XML, GPC (a 074 header), MT940 (:20: or {1:) or Fio's JSON"
  );
}

function jsonOf(content: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(content));
  } catch (error) {
    throw new BankStatementFormatError(`Fio JSON: not valid UTF-8 JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}
