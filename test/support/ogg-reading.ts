/**
 * An Ogg Opus reader written for the tests, apart from the app's writer (main/audio/ogg-pages.ts)
 * and the sandbox's check: it walks the pages as RFC 3533 lays them out, checks each page's
 * CRC bit by bit (no table), joins the lacing into packets, and reads OpusHead (RFC 7845) and
 * each packet's duration from its TOC byte (RFC 6716 §3.1).
 */

export interface OggPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  crcOk: boolean;
  /** The page's lacing values. */
  lacing: number[];
}

export interface OggOpusRead {
  pages: OggPage[];
  /** Every packet, headers first. */
  packets: Buffer[];
  head: { version: number; channels: number; preSkip: number; inputRate: number; gain: number; mapping: number };
  vendor: string;
  /** Audio packets' durations in 48 kHz samples, from their TOC bytes. */
  packetSamples: number[];
  /** What a decoder plays: the last page's granule position less the pre-skip, in 48 kHz samples. */
  playableSamples48k: number;
}

function crcBitwise(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc >>> 0;
}

/** 48 kHz samples of one Opus packet, from its TOC byte and, for code 3, its frame count. */
export function opusPacketSamples(packet: Buffer): number {
  const toc = packet[0]!;
  const config = toc >> 3;
  const frameSamples =
    config < 12 ? [480, 960, 1920, 2880][config % 4]! : config < 16 ? [480, 960][config % 2]! : [120, 240, 480, 960][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code === 3 ? packet[1]! & 0x3f : 2;
  return frameSamples * frames;
}

export function readOggPages(bytes: Buffer): { pages: OggPage[]; packets: Buffer[] } {
  const pages: OggPage[] = [];
  const packets: Buffer[] = [];
  let pending: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    if (bytes.toString('latin1', offset, offset + 4) !== 'OggS') throw new Error(`No page at byte ${offset}.`);
    if (bytes[offset + 4] !== 0) throw new Error('Unknown Ogg version.');
    const segments = bytes[offset + 26]!;
    const lacing = [...bytes.subarray(offset + 27, offset + 27 + segments)];
    const size = 27 + segments + lacing.reduce((sum, value) => sum + value, 0);
    const page = Buffer.from(bytes.subarray(offset, offset + size));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({
      flags: page[5]!,
      granule: page.readBigInt64LE(6),
      serial: page.readUInt32LE(14),
      sequence: page.readUInt32LE(18),
      crcOk: crcBitwise(page) === stored,
      lacing,
    });
    let data = 27 + segments;
    for (const value of lacing) {
      pending.push(page.subarray(data, data + value));
      data += value;
      if (value < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    offset += size;
  }
  if (pending.length > 0) throw new Error('The stream ends inside a packet.');
  return { pages, packets };
}

export function readOggOpus(bytes: Buffer): OggOpusRead {
  const { pages, packets } = readOggPages(bytes);
  const [headPacket, tagsPacket, ...audio] = packets;
  if (!headPacket || headPacket.toString('latin1', 0, 8) !== 'OpusHead') throw new Error('The first packet is not OpusHead.');
  if (!tagsPacket || tagsPacket.toString('latin1', 0, 8) !== 'OpusTags') throw new Error('The second packet is not OpusTags.');
  const head = {
    version: headPacket[8]!,
    channels: headPacket[9]!,
    preSkip: headPacket.readUInt16LE(10),
    inputRate: headPacket.readUInt32LE(12),
    gain: headPacket.readInt16LE(16),
    mapping: headPacket[18]!,
  };
  const vendorLength = tagsPacket.readUInt32LE(8);
  const vendor = tagsPacket.toString('utf8', 12, 12 + vendorLength);
  return {
    pages,
    packets,
    head,
    vendor,
    packetSamples: audio.map(opusPacketSamples),
    playableSamples48k: Number(pages.at(-1)!.granule) - head.preSkip,
  };
}
