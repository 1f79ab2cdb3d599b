/**
 * `node scripts/icon.mjs`: renders assets/icon.svg, the source of the icon, to assets/icon.png
 * (512×512, the size Claude Desktop recommends for an extension's icon), which `npm run bundle` puts
 * in the .mcpb and server.json names for the MCP registry. The PNG is committed, so that the bundle
 * needs no browser: run this after changing the SVG, and commit both.
 *
 * The renderer is Debian's Chromium driven by playwright-core, as in the browser tests (install it
 * with `bash .ci/chromium.sh`). The PNG carries the SHA-256 of the SVG it was drawn from in a tEXt
 * chunk, which test/icon.test.ts compares with the SVG, so a PNG left stale fails the tests.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SVG = join(root, 'assets', 'icon.svg');
const PNG = join(root, 'assets', 'icon.png');
const SIZE = 512;
/** The tEXt keyword under which the PNG names its source. */
const SOURCE_KEY = 'avenir-mcp:icon.svg sha256';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG with a tEXt chunk right after IHDR (signature 8 bytes, IHDR 25). */
function withText(png, key, value) {
  const at = 8 + 25;
  return Buffer.concat([
    png.subarray(0, at),
    chunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1')),
    png.subarray(at),
  ]);
}

if (!existsSync(CHROMIUM)) {
  throw new Error(
    "Debian's Chromium is missing: run `bash .ci/chromium.sh` (it runs apt-get install -y chromium).",
  );
}
const svg = readFileSync(SVG, 'utf8');
const profile = mkdtempSync(join(tmpdir(), 'avenir-icon-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: ARGS,
  viewport: { width: SIZE, height: SIZE },
  deviceScaleFactor: 1,
});
try {
  const page = await context.newPage();
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
  );
  const shot = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: SIZE, height: SIZE },
  });
  const digest = createHash('sha256').update(svg).digest('hex');
  const png = withText(shot, SOURCE_KEY, digest);
  writeFileSync(PNG, png);
  console.log(`Wrote ${PNG} (${SIZE}×${SIZE}, ${(png.length / 1024).toFixed(1)} kB)`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
