/**
 * MP3 written as samples arrive, so the compact upload copy is ready when a recording
 * stops. The encoder is the reference LAME compiled to WebAssembly (wasm-media-encoders):
 * about 370 times real time here, so encoding while recording costs a fraction of a percent
 * of one core. Encrypted as it is written (sealed-file.ts), to `<path>.partial`, renamed
 * into place only when complete: a partial file left by a crash is never taken for a
 * finished one. Plain Node.
 */
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { audioWasmBytes } from './audio-wasm';
import { SealedFileWriter } from '../storage/sealed-file';
import { SAMPLE_RATE } from './wav-file';

/** Speech at 16 kHz mono is clear at 32 kbit/s: about 240 kB a minute, an eighth of the WAV. */
export const MP3_KBPS = 32;

export type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;

export function partialPathOf(mp3Path: string): string {
  return `${mp3Path}.partial`;
}

/** One encoder per process, compiled once and configured afresh for each file (one file at a time). */
let encoder: Promise<Mp3Encoder> | null = null;

/** A new encoder (compiled: about 60 ms here). */
export function createMp3Encoder(): Promise<Mp3Encoder> {
  return createEncoder('audio/mpeg', audioWasmBytes('mp3'));
}

/** The process's encoder, compiled on first use. */
function loadMp3Encoder(): Promise<Mp3Encoder> {
  encoder ??= createMp3Encoder();
  return encoder;
}

/**
 * Samples in, MP3 bytes out to `sink`, for one file: the encoder is configured afresh, fed
 * four frames' worth at a time (per call, the encoder costs a third more), and flushed at the end.
 */
export class Mp3Frames {
  private readonly floats = new Float32Array(4096);
  private pending = 0;

  constructor(
    private readonly encoder: Mp3Encoder,
    private readonly sink: (bytes: Uint8Array) => void,
  ) {
    encoder.configure({ sampleRate: SAMPLE_RATE, channels: 1, bitrate: MP3_KBPS });
  }

  append(samples: Int16Array): void {
    for (const sample of samples) {
      this.floats[this.pending] = sample / 32768;
      this.pending += 1;
      if (this.pending === this.floats.length) this.encodePending();
    }
  }

  /** Flushes the encoder: the file is complete. */
  finish(): void {
    this.encodePending();
    this.sink(this.encoder.finalize());
  }

  /** The encoder's output belongs to it until the next call: the sink copies it out at once. */
  private encodePending(): void {
    if (this.pending === 0) return;
    this.sink(this.encoder.encode([this.floats.subarray(0, this.pending)]));
    this.pending = 0;
  }
}

export class Mp3StreamWriter {
  private readonly frames: Mp3Frames;

  private constructor(
    encoder: Mp3Encoder,
    private readonly file: SealedFileWriter,
  ) {
    this.frames = new Mp3Frames(encoder, (bytes) => file.append(bytes));
  }

  /** `key`: the recording's key. The copy is only of use whole, so it is synced once, at the end. */
  static async create(path: string, key: Uint8Array): Promise<Mp3StreamWriter> {
    const loaded = await loadMp3Encoder();
    return new Mp3StreamWriter(loaded, SealedFileWriter.create(path, key, { partial: true }));
  }

  get bytes(): number {
    return this.file.plainBytes;
  }

  append(samples: Int16Array): void {
    this.frames.append(samples);
  }

  /** Flushes the encoder, puts the file on disk and gives it its final name. */
  finish(): { bytes: number } {
    this.frames.finish();
    return { bytes: this.file.finish().plainBytes };
  }

  /** Closes and deletes what was written (the recording failed or was discarded). */
  abandon(): void {
    this.file.abandon();
  }
}
