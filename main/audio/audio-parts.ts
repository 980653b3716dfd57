/**
 * A recording cut into parts as it is spoken, for the sessions API: each part a complete file
 * (MP3, or Ogg Opus where the service takes it: one format a dictation), encrypted with the
 * recording's key and put on disk whole (written, synced, renamed) the moment it is cut. A
 * part's file name says its number, which samples of the recording it holds and its format,
 * so that after a crash the parts found on disk say where cutting must go on from (the
 * recording itself is the source of every part). Plain Node.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';
import { readSealedFile, sealBytes } from '../storage/sealed-file';
import { PartCutter } from './part-cutter';
import { rms } from './level-meter';
import { createMp3Encoder, Mp3Frames, type Mp3Encoder } from './mp3-stream';

export interface AudioPart {
  /** Counts from 0. */
  sequence: number;
  /** The recording's samples it holds: [startSample, endSample). */
  startSample: number;
  endSample: number;
}

/** The formats a part is written in, by the file extension the sessions API knows it by. */
export const PART_FORMATS = ['mp3', 'ogg'] as const;
export type PartFormat = (typeof PART_FORMATS)[number];

/** How a recording is cut and written: its parts' format, and how long a part is at least before a pause may end it. */
export interface PartChoice {
  format: PartFormat;
  /** Samples; absent: part-cutter.ts's default. */
  minSamples?: number;
}

const PART_FILE = /^(0|[1-9]\d{0,5})\.(\d{1,12})-(\d{1,12})\.(mp3|ogg)\.sealed$/;

export function partFileName(part: AudioPart, format: PartFormat = 'mp3'): string {
  return `${part.sequence}.${part.startSample}-${part.endSample}.${format}.sealed`;
}

export function parsePartFileName(name: string, format: PartFormat = 'mp3'): AudioPart | null {
  const match = PART_FILE.exec(name);
  if (!match || match[4] !== format) return null;
  const part = { sequence: Number(match[1]), startSample: Number(match[2]), endSample: Number(match[3]) };
  return part.endSample > part.startSample ? part : null;
}

/**
 * The parts in a folder that follow each other from part 0 without a gap, in order; a part
 * after a gap (it cannot be trusted to continue the one before) is not among them.
 */
export function partsIn(folder: string, format: PartFormat = 'mp3'): AudioPart[] {
  const found = safeList(folder)
    .map((name) => parsePartFileName(name, format))
    .filter((part) => part !== null);
  found.sort((a, b) => a.sequence - b.sequence);
  const contiguous: AudioPart[] = [];
  for (const part of found) {
    const previous = contiguous.at(-1);
    const expected = previous ? { sequence: previous.sequence + 1, startSample: previous.endSample } : { sequence: 0, startSample: part.startSample };
    if (part.sequence !== expected.sequence || part.startSample !== expected.startSample) break;
    contiguous.push(part);
  }
  return contiguous;
}

/** One part's file as its samples arrive: whole once finished. */
interface PartFile {
  append(samples: Int16Array): void;
  finish(): Buffer;
  /** Frees what it holds (a part never finished). */
  dispose(): void;
}

/** The parts' own MP3 encoder, apart from the compact copy's: both may be written at once. */
let mp3Encoder: Promise<Mp3Encoder> | null = null;

function mp3PartFile(encoder: Mp3Encoder): PartFile {
  const encoded: Buffer[] = [];
  const frames = new Mp3Frames(encoder, (bytes) => encoded.push(Buffer.from(bytes)));
  return {
    append: (samples) => frames.append(samples),
    finish: () => {
      frames.finish();
      return Buffer.concat(encoded);
    },
    dispose: () => undefined,
  };
}

/** What makes a part's file in `format`, once its encoder is loaded (the Opus one only when a recording needs it). */
async function loadPartFiles(format: PartFormat): Promise<() => PartFile> {
  if (format === 'ogg') {
    const { OggOpusFile, opusNative } = await import('./ogg-opus-file');
    const native = opusNative();
    return () => new OggOpusFile(native);
  }
  mp3Encoder ??= createMp3Encoder();
  const encoder = await mp3Encoder;
  return () => mp3PartFile(encoder);
}

/**
 * Cuts the samples it is given into parts and writes each as it is cut. Frames that come
 * before the encoder is ready (it loads with the first recording) wait in memory.
 */
export class AudioPartWriter {
  private readonly cutter: PartCutter;
  private readonly format: PartFormat;
  private next: AudioPart;
  /** Frames of the part being cut, until the encoder is ready; null once they went to it. */
  private held: Int16Array[] | null = [];
  private file: PartFile | null = null;
  private newFile: (() => PartFile) | null = null;
  private readonly ready: Promise<void>;
  private failure: Error | null = null;

  constructor(
    private readonly folder: string,
    private readonly key: Uint8Array,
    from: { sequence: number; sample: number },
    private readonly onPart: (part: AudioPart) => void,
    choice: PartChoice = { format: 'mp3' },
  ) {
    this.format = choice.format;
    this.cutter = new PartCutter(choice.minSamples);
    this.next = { sequence: from.sequence, startSample: from.sample, endSample: from.sample };
    this.ready = loadPartFiles(choice.format).then(
      (newFile) => {
        this.newFile = newFile;
        this.file = newFile();
        for (const frame of this.held ?? []) this.file.append(frame);
        this.held = null;
      },
      (error: unknown) => {
        this.failure = new Error(`The ${choice.format === 'ogg' ? 'Opus' : 'MP3'} encoder could not be loaded: ${(error as Error).message}`);
      },
    );
  }

  /** The parts cut so far. */
  get cutCount(): number {
    return this.next.sequence;
  }

  /**
   * Takes one frame (with its RMS, when the caller has it). Resolves at once unless a part is
   * cut after this frame; rejects when the part cannot be written (a full disk).
   */
  async append(frame: Int16Array, level = rms(frame)): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.file) this.file.append(frame);
    else this.held?.push(frame);
    this.next.endSample += frame.length;
    if (!this.cutter.afterFrame(frame.length, level)) return;
    if (!this.file) await this.ready;
    this.cut();
  }

  /** Cuts the last part (if it holds any samples); resolves with the number of parts. */
  async finish(): Promise<number> {
    if (this.failure) throw this.failure;
    if (this.next.endSample === this.next.startSample) {
      await this.ready;
      this.file?.dispose();
      return this.next.sequence;
    }
    if (!this.file) await this.ready;
    this.cut();
    this.file?.dispose();
    return this.next.sequence;
  }

  /** Puts the part on disk whole and starts the next; synchronous, so no frame can slip in between. */
  private cut(): void {
    if (this.failure || !this.file || !this.newFile) throw this.failure ?? new Error('The encoder is not ready.');
    const part = { ...this.next };
    const bytes = this.file.finish();
    writeFileAtomic(join(this.folder, partFileName(part, this.format)), sealBytes(this.key, bytes));
    this.file = this.newFile();
    this.next = { sequence: part.sequence + 1, startSample: part.endSample, endSample: part.endSample };
    this.onPart(part);
  }
}

/** Frames of this many samples when a recording is cut again from disk (as the recorder reads them). */
const RECUT_FRAME_SAMPLES = 512;

/**
 * Cuts what the parts on disk do not hold yet of a finished recording (after a crash while
 * recording, or when cutting failed while recording): from the end of the last part that
 * follows on from part 0, to the end of the recording. Files after a gap, and files a crash
 * left half-written, are removed first. Resolves with the number of parts.
 */
export async function cutRemainingParts(audioPath: string, key: Uint8Array, folder: string, choice: PartChoice = { format: 'mp3' }): Promise<number> {
  const kept = partsIn(folder, choice.format);
  const keptNames = new Set(kept.map((part) => partFileName(part, choice.format)));
  for (const name of safeList(folder)) if (!keptNames.has(name)) rmSync(join(folder, name), { force: true });
  const last = kept.at(-1);
  const from = { sequence: last ? last.sequence + 1 : 0, sample: last ? last.endSample : 0 };
  const partWriter = new AudioPartWriter(folder, key, from, () => undefined, choice);
  let sample = 0;
  let carry = Buffer.alloc(0);
  for await (const plain of readSealedFile(audioPath, key)) {
    let bytes = carry.length > 0 ? Buffer.concat([carry, plain]) : plain;
    const frameBytes = RECUT_FRAME_SAMPLES * 2;
    while (bytes.length >= frameBytes) {
      const frame = samplesOf(bytes.subarray(0, frameBytes));
      bytes = bytes.subarray(frameBytes);
      if (sample >= from.sample) await partWriter.append(frame);
      else if (sample + frame.length > from.sample) await partWriter.append(frame.subarray(from.sample - sample));
      sample += frame.length;
    }
    carry = Buffer.from(bytes);
  }
  const rest = carry.length - (carry.length % 2);
  if (rest > 0 && sample + rest / 2 > from.sample) {
    const frame = samplesOf(carry.subarray(0, rest));
    await partWriter.append(sample >= from.sample ? frame : frame.subarray(from.sample - sample));
  }
  return partWriter.finish();
}

/** 16-bit samples copied out of `bytes` (an even count), aligned as an Int16Array must be. */
function samplesOf(bytes: Uint8Array): Int16Array {
  return new Int16Array(new Uint8Array(bytes).buffer);
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
