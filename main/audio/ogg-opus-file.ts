/**
 * A part of a recording as a standalone Ogg Opus file (RFC 7845), encoded as the samples
 * arrive: mono, 16 kHz in, libopus (the `opusscript` package's WebAssembly build, no native
 * code) tuned for speech, 20 ms packets; its own OpusHead and OpusTags pages, granule
 * positions counted from the encoder's pre-skip, and a last page whose granule position
 * says exactly how many samples the file holds, so a decoder gives back the part's length
 * and no padding. Plain Node.
 */
import createOpusNative, { type OpusEncoderHandle, type OpusNative } from 'opusscript/build/opusscript_native_wasm.js';
import { randomBytes } from 'node:crypto';
import { OggStream } from './ogg-pages';
import { audioWasmBytes } from './audio-wasm';
import { SAMPLE_RATE } from './wav-file';

/**
 * 16 kbit/s, variable: speech at 16 kHz stays clear, and a minute of it is at most about
 * 120 KiB (the goal; MP3 at 32 kbit/s is about 235 KiB). See docs/benchmarks.md.
 */
export const OPUS_BITRATE = 16_000;
/** Half the CPU of libopus's highest (10), for about the same bytes and speech (docs/benchmarks.md). */
const OPUS_COMPLEXITY = 5;
/** 20 ms a packet, as speech recognisers are given Opus. */
const FRAME_SAMPLES = (SAMPLE_RATE * 20) / 1000;
/** Granule positions count 48 kHz samples, whatever the input rate. */
const GRANULE_PER_SAMPLE = 48_000 / SAMPLE_RATE;
/** Two seconds of packets a page: about 3 % overhead at this bit rate. */
const PACKETS_PER_PAGE = 100;
const MAX_PACKET_BYTES = 4_000;
const VENDOR = 'libopus 1.4 (opusscript), Scribe Desk';

/** libopus's numbers for what is asked of it (opus_defines.h). */
const OPUS = { applicationVoip: 2048, setBitrate: 4002, setVbr: 4006, setComplexity: 4010, setSignal: 4024, signalVoice: 3001, getLookahead: 4027 } as const;

let loaded: OpusNative | null = null;

/** libopus, compiled on first use (a few milliseconds) and kept for the process. */
export function opusNative(): OpusNative {
  loaded ??= createOpusNative({ wasmBinary: audioWasmBytes('opus') });
  return loaded;
}

function checked(result: number, what: string): number {
  if (result < 0) throw new Error(`The Opus encoder refused ${what} (libopus error ${result}).`);
  return result;
}

/** OpusHead (RFC 7845 §5.1): version 1, mono, the pre-skip, the input's rate, no gain, mapping family 0. */
function opusHead(preSkip: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(SAMPLE_RATE, 12);
  head.writeInt16LE(0, 16);
  head[18] = 0;
  return head;
}

/** OpusTags (RFC 7845 §5.2): the encoder's name and no comments (nothing about the patient). */
function opusTags(): Buffer {
  const vendor = Buffer.from(VENDOR, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  return tags;
}

/** Samples in, one whole Ogg Opus file out; one file per instance. */
export class OggOpusFile {
  private readonly native: OpusNative;
  private readonly encoder: OpusEncoderHandle;
  private readonly pcm: number;
  private readonly packet: number;
  private readonly stream: OggStream;
  /** The encoder's delay, in input samples; OpusHead's pre-skip is this at 48 kHz. */
  private readonly lookahead: number;
  private readonly frame = new Int16Array(FRAME_SAMPLES);
  private framed = 0;
  private samplesIn = 0;
  private packets = 0;
  private closed = false;

  constructor(native: OpusNative = opusNative()) {
    this.native = native;
    this.encoder = new native.OpusScriptHandler(SAMPLE_RATE, 1, OPUS.applicationVoip);
    this.pcm = native._malloc(FRAME_SAMPLES * 2);
    this.packet = native._malloc(MAX_PACKET_BYTES);
    try {
      checked(this.encoder._encoder_ctl(OPUS.setBitrate, OPUS_BITRATE), 'the bit rate');
      checked(this.encoder._encoder_ctl(OPUS.setVbr, 1), 'a variable bit rate');
      checked(this.encoder._encoder_ctl(OPUS.setComplexity, OPUS_COMPLEXITY), 'the complexity');
      checked(this.encoder._encoder_ctl(OPUS.setSignal, OPUS.signalVoice), 'speech');
      const answer = native._malloc(4);
      checked(this.encoder._encoder_ctl(OPUS.getLookahead, answer), 'to give its delay');
      this.lookahead = native.HEAP32[answer >> 2]!;
      native._free(answer);
    } catch (error) {
      this.dispose();
      throw error;
    }
    this.stream = new OggStream(randomBytes(4).readUInt32LE(0));
    const preSkip = this.lookahead * GRANULE_PER_SAMPLE;
    this.stream.packet(opusHead(preSkip), 0n, { alone: true });
    this.stream.packet(opusTags(), 0n, { alone: true });
  }

  /** The samples taken so far. */
  get samples(): number {
    return this.samplesIn;
  }

  append(samples: Int16Array): void {
    if (this.closed) throw new Error('This Ogg Opus file is finished.');
    this.samplesIn += samples.length;
    for (let offset = 0; offset < samples.length; ) {
      const taken = Math.min(FRAME_SAMPLES - this.framed, samples.length - offset);
      this.frame.set(samples.subarray(offset, offset + taken), this.framed);
      this.framed += taken;
      offset += taken;
      if (this.framed === FRAME_SAMPLES) this.encodeFrame(false);
    }
  }

  /**
   * Encodes what the encoder still holds (silence past the end, as far as its delay), marks
   * the end of the stream at the true length, and answers the whole file.
   */
  finish(): Buffer {
    if (this.closed) throw new Error('This Ogg Opus file is finished.');
    const needed = this.samplesIn + this.lookahead;
    while (this.packets * FRAME_SAMPLES < needed) {
      this.frame.fill(0, this.framed);
      this.framed = FRAME_SAMPLES;
      this.encodeFrame(this.packets * FRAME_SAMPLES + FRAME_SAMPLES >= needed);
    }
    const file = this.stream.finish();
    this.dispose();
    return file;
  }

  /** Frees the encoder (also when the file is abandoned). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.native.OpusScriptHandler.destroy_handler(this.encoder);
    this.native._free(this.pcm);
    this.native._free(this.packet);
  }

  private encodeFrame(last: boolean): void {
    const { native } = this;
    native.HEAP16.set(this.frame, this.pcm >> 1);
    // Byte count 0: the samples are already 16-bit in the heap (opusscript's own wrapper would unpack bytes first).
    const length = checked(this.encoder._encode(this.pcm, 0, this.packet, FRAME_SAMPLES), 'a frame');
    this.packets += 1;
    this.framed = 0;
    // A packet's granule position counts every sample decoded through it, the pre-skip's too; the
    // last one's is the file's true end, and a decoder drops what lies past it (RFC 7845 §4).
    const decoded = last ? this.lookahead + this.samplesIn : this.packets * FRAME_SAMPLES;
    const granule = BigInt(decoded * GRANULE_PER_SAMPLE);
    this.stream.packet(native.HEAPU8.subarray(this.packet, this.packet + length), granule, { packetsPerPage: PACKETS_PER_PAGE });
  }
}
