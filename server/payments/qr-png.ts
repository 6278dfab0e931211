import { crc32, deflateSync } from "node:zlib";
import QRCode, { type QRCodeErrorCorrectionLevel } from "qrcode";

export interface QrPngOptions {
  readonly errorCorrectionLevel: QRCodeErrorCorrectionLevel;
  /** Light modules around the code, on each side. */
  readonly margin: number;
  /** Pixels per module. */
  readonly scale: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A QR code as a PNG of one bit per pixel, black on white. The qrcode package's own PNG is 32-bit RGBA through pngjs,
 * which tries five row filters on every row and deflates four bytes per pixel: 3.4 ms for a payment's code, a
 * quarter of the cost of creating the order (decision 032). Two colours need none of that: this image is the same
 * picture in a sixth of the time and a quarter of the bytes.
 */
export function qrPng(text: string, { errorCorrectionLevel, margin, scale }: QrPngOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
  const side = (modules.size + 2 * margin) * scale;
  const rowBytes = 1 + Math.ceil(side / 8); // a filter byte (0: none), then the pixels, 1 = white
  const image = Buffer.alloc(rowBytes * side, 0xff);
  // Each row of modules is drawn once, into the first of its `scale` rows of pixels, then copied to the others.
  for (let moduleRow = 0; moduleRow < modules.size; moduleRow++) {
    const firstRow = (margin + moduleRow) * scale * rowBytes;
    for (let moduleColumn = 0; moduleColumn < modules.size; moduleColumn++) {
      if (!modules.get(moduleRow, moduleColumn)) continue;
      for (let x = (margin + moduleColumn) * scale, end = x + scale; x < end; x++) {
        image[firstRow + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
    for (let copy = 1; copy < scale; copy++) {
      image.copy(image, firstRow + copy * rowBytes, firstRow, firstRow + rowBytes);
    }
  }
  // Every row starts with its filter byte, 0 (none); the unused bits after a row's last pixel stay set, as decoders
  // ignore them.
  for (let row = 0; row < side * rowBytes; row += rowBytes) image[row] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter method 0, no interlace
  return Buffer.concat([pngSignature, chunk("IHDR", header), chunk("IDAT", deflateSync(image)), chunk("IEND")]);
}

function chunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
