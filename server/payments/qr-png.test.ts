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
