/**
 * Ogg pages (RFC 3533) for one logical stream written as a whole file: packets laced into
 * 255-byte segments, each page with its sequence number, granule position, flags (beginning
 * and end of stream) and CRC. A packet longer than a page continues on the next, whose
 * granule position is then -1 until a packet ends on it. Pure.
 */

/** The Ogg checksum: CRC-32 with polynomial 0x04c11db7, no reflection, starting at 0, no final xor. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit += 1) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    table[index] = value >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

const FLAG_CONTINUED = 0x01;
const FLAG_FIRST = 0x02;
const FLAG_LAST = 0x04;
const HEADER_BYTES = 27;
const MAX_SEGMENTS = 255;

interface Page {
  lacing: number[];
  data: Buffer[];
  /** The granule position of the last packet that ends on the page; -1: none ends on it. */
  granule: bigint;
  /** It begins with the rest of a packet begun on the page before. */
  continued: boolean;
}

/**
 * The pages of one logical stream, kept until the stream is finished and then written in
 * order, the last one marked as the end of the stream (a file is written whole).
 */
export class OggStream {
  private readonly pages: Page[] = [];
  private open: Page | null = null;
  /** The page being filled takes no other packet (a codec header's page). */
  private closeBeforeNext = false;

  constructor(private readonly serial: number) {}

  /**
   * Adds a packet whose end is at `granule`. `alone` gives it a page of its own (a codec's
   * headers); otherwise a page takes up to `packetsPerPage` packets, or as many as fit.
   */
  packet(bytes: Uint8Array, granule: bigint, options: { alone?: boolean; packetsPerPage?: number } = {}): void {
    const perPage = options.packetsPerPage ?? Number.POSITIVE_INFINITY;
    if (this.open && (options.alone || this.closeBeforeNext || packetsEndingOn(this.open) >= perPage)) this.open = null;
    this.closeBeforeNext = options.alone === true;
    let offset = 0;
    let continued = false;
    // Lacing: 255 for each full segment, then the rest (0 when the packet is a multiple of 255).
    for (;;) {
      if (!this.open || this.open.lacing.length === MAX_SEGMENTS) {
        this.open = { lacing: [], data: [], granule: -1n, continued };
        this.pages.push(this.open);
      }
      const size = Math.min(255, bytes.length - offset);
      this.open.lacing.push(size);
      this.open.data.push(Buffer.from(bytes.subarray(offset, offset + size)));
      offset += size;
      if (size < 255) {
        this.open.granule = granule;
        return;
      }
      continued = true;
    }
  }

  /** The whole stream: its pages in order, the last one marked as its end. */
  finish(): Buffer {
    if (this.pages.length === 0) throw new Error('An Ogg stream holds at least one packet.');
    return Buffer.concat(this.pages.map((page, index) => this.written(page, index, index === this.pages.length - 1)));
  }

  private written(page: Page, sequence: number, last: boolean): Buffer {
    const segments = page.lacing.length;
    const header = Buffer.alloc(HEADER_BYTES + segments);
    header.write('OggS', 0, 'latin1');
    header[4] = 0;
    header[5] = (page.continued ? FLAG_CONTINUED : 0) | (sequence === 0 ? FLAG_FIRST : 0) | (last ? FLAG_LAST : 0);
    header.writeBigInt64LE(page.granule, 6);
    header.writeUInt32LE(this.serial >>> 0, 14);
    header.writeUInt32LE(sequence, 18);
    header[26] = segments;
    header.set(page.lacing, HEADER_BYTES);
    const bytes = Buffer.concat([header, ...page.data]);
    bytes.writeUInt32LE(oggCrc(bytes), 22);
    return bytes;
  }
}

function packetsEndingOn(page: Page): number {
  return page.lacing.filter((value) => value < 255).length;
}
