/**
 * Just enough drawing for the sandbox's test images (an ABHA card, a profile photo): filled
 * rectangles and ellipses, text in a 5×7 pixel font, and PNG encoding. Pure.
 */
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE } from '../../contract/document-kind';

export type Rgb = readonly [number, number, number];

/** 5×7 glyphs, rows top to bottom, columns as bits (leftmost first). Upper case only. */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001', B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110', D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111', F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111', H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110', J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001', L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001', N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110', P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101', R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110', T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110', V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010', X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100', Z: '11111 00001 00010 00100 01000 10000 11111',
  0: '01110 10001 10011 10101 11001 10001 01110', 1: '00100 01100 00100 00100 00100 00100 01110',
  2: '01110 10001 00001 00010 00100 01000 11111', 3: '11111 00010 00100 00010 00001 10001 01110',
  4: '00010 00110 01010 10010 11111 00010 00010', 5: '11111 10000 11110 00001 00001 10001 01110',
  6: '00110 01000 10000 11110 10001 10001 01110', 7: '11111 00001 00010 00100 01000 01000 01000',
  8: '01110 10001 10001 01110 10001 10001 01110', 9: '01110 10001 10001 01111 00001 00010 01100',
  '-': '00000 00000 00000 11111 00000 00000 00000', '.': '00000 00000 00000 00000 00000 01100 01100',
  '@': '01110 10001 10111 10101 10111 10000 01111', ':': '00000 01100 01100 00000 01100 01100 00000',
  _: '00000 00000 00000 00000 00000 00000 11111', '/': '00001 00001 00010 00100 01000 10000 10000',
  '(': '00010 00100 01000 01000 01000 00100 00010', ')': '01000 00100 00010 00010 00010 00100 01000',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
};

export class Raster {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    this.pixels[at] = r;
    this.pixels[at + 1] = g;
    this.pixels[at + 2] = b;
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): this {
    for (let row = y; row < y + height; row += 1) for (let column = x; column < x + width; column += 1) this.set(column, row, color);
    return this;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb): this {
    for (let row = Math.floor(cy - ry); row <= cy + ry; row += 1) {
      for (let column = Math.floor(cx - rx); column <= cx + rx; column += 1) {
        if (((column - cx) / rx) ** 2 + ((row - cy) / ry) ** 2 <= 1) this.set(column, row, color);
      }
    }
    return this;
  }

  /** Text at (x, y), each font pixel `scale`×`scale`; characters without a glyph are skipped. */
  text(x: number, y: number, text: string, scale: number, color: Rgb): this {
    let left = x;
    for (const character of text.toUpperCase()) {
      const glyph = GLYPHS[character];
      if (!glyph) continue;
      glyph.split(' ').forEach((row, rowIndex) => {
        [...row].forEach((bit, column) => {
          if (bit === '1') this.rect(left + column * scale, y + rowIndex * scale, scale, scale, color);
        });
      });
      left += 6 * scale;
    }
    return this;
  }

  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let row = 0; row < this.height; row += 1) {
      // Filter type 0 (none) before each row.
      Buffer.from(this.pixels.buffer, row * this.width * 3, this.width * 3).copy(rows, row * (this.width * 3 + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
    return Buffer.concat([Buffer.from(PNG_SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
