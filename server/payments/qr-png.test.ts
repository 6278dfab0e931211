import { createHash } from "node:crypto";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPng } from "./qr-png";

const options = { errorCorrectionLevel: "M", margin: 2, scale: 4 } as const;

/** The picture of a PNG, one boolean per pixel: dark or not. */
function darkPixels(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, dark: Array.from({ length: width * height }, (_, pixel) => data[pixel * 4]! < 128) };
}

describe("a QR code's PNG", () => {
  it.each([
    ["a short text", "26000042"],
    ["a CZK transfer", "SPD*1.0*ACC:CZ9320100000002000145399*AM:12345.50*CC:CZK*X-VS:26000042*MSG:OBJEDNAVKA 26000042"],
    ["a text whose width is no multiple of 8 pixels", "x".repeat(61)],
  ])("shows the same picture as the qrcode package's own: %s", async (_, text) => {
    const theirs = Buffer.from((await QRCode.toDataURL(text, options)).split(",")[1]!, "base64");
    const ours = qrPng(text, options);
    expect(darkPixels(ours)).toEqual(darkPixels(theirs));
    expect(ours.length).toBeLessThan(theirs.length);
  });
});

/**
 * The symbols the qrcode package chooses (version and the best of its eight masks), recorded with qrcode 1.5.4: an
 * upgrade that draws a payment's code otherwise shows here (version, mask, and the SHA-256 of the modules, abbreviated).
 */
describe("the qrcode package's symbols", () => {
  const spayd = "SPD*1.0*ACC:CZ9320100000002000145399*AM:12345.50*CC:CZK*X-VS:26000042*MSG:OBJEDNAVKA 26000042";
  const zbp = "|PL|1234567890123456789012345|000123450|DZB SHOP|26000042|||";
  it.each([
    ["26000042", "L", 1, 3, "fb067b51d9883039"],
    ["26000042", "Q", 1, 7, "ab15eaab3de34836"],
    ["26000042", "H", 1, 1, "c5dac8d10759229b"],
    [spayd, "L", 4, 5, "a940bf9475d9b19d"],
    [spayd, "M", 4, 0, "e744fa71eb9eff01"],
    [spayd, "H", 7, 1, "3edb7a93bc07c7bb"],
    ["x".repeat(61), "Q", 6, 2, "ced8d48493a830bc"],
    ["https://example.com/objednavka/3f1c", "M", 3, 6, "8da8544c0bb927e1"],
    [zbp, "M", 4, 2, "070ecc8e8bb1419c"],
    [zbp, "Q", 4, 6, "e849dad9dda3909f"],
  ] as const)("%s at level %s: version %i, mask %i", (text, errorCorrectionLevel, version, mask, modules) => {
    const symbol = QRCode.create(text, { errorCorrectionLevel });
    expect([symbol.version, symbol.maskPattern]).toEqual([version, mask]);
    expect(createHash("sha256").update(symbol.modules.data).digest("hex").slice(0, 16)).toBe(modules);
  });
});
