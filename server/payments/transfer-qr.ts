import QRCode from "qrcode";
import { transferQrText, type TransferOrder } from "../domain/transfer-payment";

/**
 * The bank-transfer QR code as a PNG data URL, ready for an <img> and for the Payment's qr_code field. Error
 * correction M is what the Czech QR payment standard asks for printed codes. The 2-module margin is narrower than
 * the QR standard's 4: the white page around the image makes up the rest of the quiet zone.
 */
export function transferQrDataUrl(order: TransferOrder): Promise<string> {
  return QRCode.toDataURL(transferQrText(order), { errorCorrectionLevel: "M", margin: 2, scale: 4 });
}
