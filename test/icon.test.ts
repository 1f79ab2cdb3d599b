/**
 * The icon: assets/icon.svg is its source, assets/icon.png the committed rendering that the .mcpb
 * carries and server.json names (scripts/icon.mjs draws it with Chromium). The PNG must be what
 * Claude Desktop asks for (a PNG, 512×512 recommended), small, and drawn from the SVG as it is now:
 * it names the SHA-256 of its source in a tEXt chunk, so an SVG changed without re-rendering fails here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPng } from './helpers/png.js';

describe('the icon', () => {
  const bytes = readFileSync('assets/icon.png');

  it('is a 512×512 RGBA PNG of under 30 kB', () => {
    expect(readPng(bytes)).toMatchObject({ width: 512, height: 512, colourType: 6 });
    expect(bytes.length).toBeLessThan(30 * 1024);
  });

  it('is drawn from assets/icon.svg as it is now (else: node scripts/icon.mjs)', () => {
    const svg = readFileSync('assets/icon.svg');
    expect(svg.toString('utf8')).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
    expect(readPng(bytes).text['avenir-mcp:icon.svg sha256']).toBe(
      createHash('sha256').update(svg).digest('hex'),
    );
  });

  it('readPng refuses what is not a whole PNG', () => {
    expect(() => readPng(Buffer.from('GIF89a'))).toThrow('wrong signature');
    const torn = Buffer.from(bytes);
    torn[40] = torn[40]! ^ 0xff;
    expect(() => readPng(torn)).toThrow('bad CRC');
    expect(() => readPng(bytes.subarray(0, bytes.length - 12))).toThrow('not a PNG: chunks');
  });
});
