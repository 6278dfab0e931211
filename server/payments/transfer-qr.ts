import { transferQrText, type TransferOrder } from "../domain/transfer-payment";
import { qrPng } from "./qr-png";

/**
 * The bank-transfer QR code as a PNG data URL, ready for an <img> and for the Payment's qr_code field. Error
 * correction M is what the Czech QR payment standard asks for printed codes. The 2-module margin is narrower than
 * the QR standard's 4: the white page around the image makes up the rest of the quiet zone.
 */
export function transferQrDataUrl(order: TransferOrder): string {
  return qrDataUrl(transferQrText(order));
}

function qrDataUrl(text: string): string {
  return `data:image/png;base64,${qrPng(text, { errorCorrectionLevel: "M", margin: 2, scale: 4 }).toString("base64")}`;
}

/** A rendered QR code and the text it encodes. */
export interface TransferQr {
  readonly text: string;
  readonly image: string;
}

/**
 * The QR code of a transfer, rendered when it is first shown (decision 062): rendering it (a QR matrix, then a
 * deflated PNG) costs as much as the rest of an order's answer. A code rendered for the same text is the same image,
 * so one kept with the payment (decision 022) is used as long as the transfer still reads the same, and one this
 * process rendered is used again for every later answer, page and document that shows it.
 */
export function transferQr(transfer: TransferOrder, kept?: TransferQr | null): TransferQr {
  const text = transferQrText(transfer);
  if (kept?.text === text) return kept;
  let rendered = renderedCodes.get(text);
  if (!rendered) {
    if (renderedCodes.size >= RENDERED_CODES_KEPT) renderedCodes.clear();
    rendered = { text, image: qrDataUrl(text) };
    renderedCodes.set(text, rendered);
  }
  return rendered;
}

/**
 * The codes rendered, by the text they encode: the transfers of the orders being paid now, each shown on its status
 * page, in its e-mail's documents, again on each reload. Under a kilobyte each; past this many the process starts over
 * rather than growing without end.
 */
const renderedCodes = new Map<string, TransferQr>();
const RENDERED_CODES_KEPT = 2000;
