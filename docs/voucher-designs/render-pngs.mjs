// Draws the voucher designs' PNGs from their SVG sources, both in public/voucher-designs/:
//
//   node docs/voucher-designs/render-pngs.mjs        # after editing an SVG; then look at the PNG and commit both
//
// The SVG is the one source of a design's artwork; the PNG drawn from it is what the purchase form shows as the
// thumbnail and what the voucher's PDF prints (server/documents/voucher.ts): PDF files cannot hold SVG.
// Chromium draws it (Debian's /usr/bin/chromium, as for Playwright; CHROMIUM_PATH to use another) at 1200 × 750 px:
// about 160 dpi across the A4 voucher's artwork, sharp enough for flat shapes, and some 50 kB a file.
// Keep what matters within the middle two thirds of the width: the folded card's front crops the sides.
// Keep the artwork free of words: the voucher's texts are printed over it in the customer's language.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FOLDER = join(ROOT, "public", "voucher-designs");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SOURCE_SIZE = { width: 1600, height: 1000 };
const SCALE = 0.75;

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: sudo apt-get install -y chromium, or set CHROMIUM_PATH`);
  process.exit(1);
}

for (const file of readdirSync(FOLDER).filter((name) => name.endsWith(".svg"))) {
  const svg = join(FOLDER, file);
  const size = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(readFileSync(svg, "utf8"));
  if (!size || Number(size[1]) !== SOURCE_SIZE.width || Number(size[2]) !== SOURCE_SIZE.height) {
    console.error(`${file}: the <svg> must be width="${SOURCE_SIZE.width}" height="${SOURCE_SIZE.height}"`);
    process.exit(1);
  }
  const png = svg.replace(/\.svg$/, ".png");
  const result = spawnSync(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      `--force-device-scale-factor=${SCALE}`,
      `--window-size=${SOURCE_SIZE.width},${SOURCE_SIZE.height}`,
      `--screenshot=${png}`,
      pathToFileURL(svg).href,
    ],
    { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 }
  );
  if (result.status !== 0) {
    console.error(`${file}: Chromium failed\n${result.stderr}`);
    process.exit(1);
  }
  const bytes = readFileSync(png);
  console.log(
    `${png.slice(ROOT.length + 1)}  ${bytes.readUInt32BE(16)} × ${bytes.readUInt32BE(20)} px, ${bytes.length} bytes`
  );
}
