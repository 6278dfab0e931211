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
 * The QR code of a transfer, rendered once: rendering it (a QR matrix, then a deflated PNG) costs as much as the
 * rest of an order's answer. A code rendered for the same text is the same image, so a kept one is used as long as
 * the transfer still reads the same; a transfer that changed (another account configured) is rendered again.
 */
export function transferQr(transfer: TransferOrder, kept?: TransferQr | null): TransferQr {
  const text = transferQrText(transfer);
  if (kept?.text === text) return kept;
  return { text, image: qrDataUrl(text) };
}
