/** A PNG's header and text chunks, read back to check an image without an image library. */
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Png {
  width: number;
  height: number;
  /** 6: RGBA (so that rounded corners can be transparent). */
  colourType: number;
  /** The tEXt chunks, keyword → text. */
  text: Record<string, string>;
}

/** Reads a PNG, or throws when it is none: a wrong signature, a bad CRC, IHDR not first, no IEND last. */
export function readPng(bytes: Buffer): Png {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: wrong signature');
  const png: Png = { width: 0, height: 0, colourType: -1, text: {} };
  const types: string[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      throw new Error(`not a PNG: bad CRC in ${type}`);
    types.push(type);
    if (type === 'IHDR') {
      png.width = data.readUInt32BE(0);
      png.height = data.readUInt32BE(4);
      png.colourType = data[9]!;
    }
    if (type === 'tEXt') {
      const zero = data.indexOf(0);
      png.text[data.toString('latin1', 0, zero)] = data.toString('latin1', zero + 1);
    }
    at += 12 + length;
  }
  if (types[0] !== 'IHDR' || types.at(-1) !== 'IEND' || at !== bytes.length)
    throw new Error(`not a PNG: chunks ${types.join(', ')}`);
  return png;
}
