import { describe, expect, it } from "vitest";
import { decodeQrDataUrl } from "../../tests/fixtures/qr-code";
import { bankAccountOf } from "../domain/bank-account";
import { parseSpayd, parseZbp } from "../domain/transfer-payment";
import { transferQr, transferQrDataUrl } from "./transfer-qr";

describe("transfer QR images", () => {
  it("hold a SPAYD a phone reads back for a CZK order", () => {
    const dataUrl = transferQrDataUrl({
      account: bankAccountOf("CZK", "2000145399/2010", "DZB Benefit Travel"),
      amount: 1_234_550,
      variableSymbol: "26000042",
      message: "Objednávka 26000042",
    });
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    const parsed = parseSpayd(decodeQrDataUrl(dataUrl));
    expect(parsed).toMatchObject({
      ok: true,
      fields: { ACC: "CZ9320100000002000145399", AM: "12345.50", CC: "CZK", "X-VS": "26000042" },
    });
  });

  it("hold a ZBP code a phone reads back for a PLN order", () => {
    const dataUrl = transferQrDataUrl({
      account: bankAccountOf("PLN", "61 1090 1014 0000 0712 1981 2874", "DZB Benefit Travel"),
      amount: 45_600,
      variableSymbol: "26000043",
      message: "Zamówienie 26000043",
    });
    const parsed = parseZbp(decodeQrDataUrl(dataUrl));
    expect(parsed).toMatchObject({
      ok: true,
      fields: { account: "61109010140000071219812874", amount: 45_600, title: "Zamowienie 26000043" },
    });
  });

  it("are refused by the decoder when the image holds no code", () => {
    const blank =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";
    expect(() => decodeQrDataUrl(blank)).toThrow(/No QR code/);
    expect(() => decodeQrDataUrl("data:image/gif;base64,R0lGOD")).toThrow(/PNG data URL/);
  });

  it("are rendered once for a transfer, and again for a transfer that reads otherwise", () => {
    const transfer = czkTransfer(99_900, "26000077");
    const first = transferQr(transfer);
    expect(first.image).toBe(transferQrDataUrl(transfer));
    expect(transferQr({ ...transfer })).toBe(first);
    const other = transferQr({ ...transfer, amount: 100_000 });
    expect(other.text).not.toBe(first.text);
    expect(parseSpayd(decodeQrDataUrl(other.image))).toMatchObject({ ok: true, fields: { AM: "1000.00" } });
  });

  it("are answered as the payment kept them while they encode the transfer", () => {
    const transfer = czkTransfer(12_300, "26000078");
    const { text } = transferQr(transfer);
    const kept = { text, image: "data:image/png;base64,kept" };
    expect(transferQr(transfer, kept)).toBe(kept);
    expect(transferQr(transfer, { ...kept, text: `${text}*X-OLD:1` }).image).toBe(transferQrDataUrl(transfer));
  });
});

function czkTransfer(amount: number, orderNumber: string) {
  return {
    account: bankAccountOf("CZK", "2000145399/2010", "DZB Benefit Travel"),
    amount,
    variableSymbol: orderNumber,
    message: `Objednávka ${orderNumber}`,
  };
}
