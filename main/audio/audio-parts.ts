/**
 * A recording cut into parts as it is spoken, for the sessions API: each part a complete MP3
 * file, encrypted with the recording's key and put on disk whole (written, synced, renamed)
 * the moment it is cut. A part's file name says its number and which samples of the
 * recording it holds, so that after a crash the parts found on disk say where cutting must
 * go on from (the recording itself is the source of every part). Plain Node.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createMp3Encoder } from 'wasm-media-encoders';
import { writeFileAtomic } from '../storage/atomic-file';
import { readSealedFile, sealBytes } from '../storage/sealed-file';
import { PartCutter } from './part-cutter';
import { rms } from './level-meter';
import { Mp3Frames, type Mp3Encoder } from './mp3-stream';

export interface AudioPart {
  /** Counts from 0. */
  sequence: number;
  /** The recording's samples it holds: [startSample, endSample). */
  startSample: number;
  endSample: number;
}

const PART_FILE = /^(0|[1-9]\d{0,5})\.(\d{1,12})-(\d{1,12})\.mp3\.sealed$/;

export function partFileName(part: AudioPart): string {
  return `${part.sequence}.${part.startSample}-${part.endSample}.mp3.sealed`;
}

export function parsePartFileName(name: string): AudioPart | null {
  const match = PART_FILE.exec(name);
  if (!match) return null;
  const part = { sequence: Number(match[1]), startSample: Number(match[2]), endSample: Number(match[3]) };
  return part.endSample > part.startSample ? part : null;
}

/**
 * The parts in a folder that follow each other from part 0 without a gap, in order; a part
 * after a gap (it cannot be trusted to continue the one before) is not among them.
 */
export function partsIn(folder: string): AudioPart[] {
  const found = safeList(folder).map(parsePartFileName).filter((part) => part !== null);
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

/** The parts' own encoder, apart from the compact copy's: both may be written at once. */
let encoder: Promise<Mp3Encoder> | null = null;

function loadPartEncoder(): Promise<Mp3Encoder> {
  encoder ??= createMp3Encoder();
  return encoder;
}

/**
 * Cuts the samples it is given into parts and writes each as it is cut. Frames that come
 * before the encoder is ready (it loads with the first recording) wait in memory.
 */
export class AudioPartWriter {
  private readonly cutter = new PartCutter();
  private next: AudioPart;
  /** Frames of the part being cut, until the encoder is ready; null once they went to it. */
  private held: Int16Array[] | null = [];
  private encoded: Buffer[] = [];
  private frames: Mp3Frames | null = null;
  private encoder: Mp3Encoder | null = null;
  private readonly ready: Promise<void>;
  private failure: Error | null = null;

  constructor(
    private readonly folder: string,
    private readonly key: Uint8Array,
    from: { sequence: number; sample: number },
    private readonly onPart: (part: AudioPart) => void,
  ) {
    this.next = { sequence: from.sequence, startSample: from.sample, endSample: from.sample };
    this.ready = loadPartEncoder().then(
      (loaded) => {
        this.encoder = loaded;
        this.frames = this.newFile(loaded);
        for (const frame of this.held ?? []) this.frames.append(frame);
        this.held = null;
      },
      (error: unknown) => {
        this.failure = new Error(`The MP3 encoder could not be loaded: ${(error as Error).message}`);
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
    if (this.frames) this.frames.append(frame);
    else this.held?.push(frame);
    this.next.endSample += frame.length;
    if (!this.cutter.afterFrame(frame.length, level)) return;
    if (!this.frames) await this.ready;
    this.cut();
  }

  /** Cuts the last part (if it holds any samples); resolves with the number of parts. */
  async finish(): Promise<number> {
    if (this.failure) throw this.failure;
    if (this.next.endSample === this.next.startSample) return this.next.sequence;
    if (!this.frames) await this.ready;
    this.cut();
    return this.next.sequence;
  }

  private newFile(loaded: Mp3Encoder): Mp3Frames {
    this.encoded = [];
    return new Mp3Frames(loaded, (bytes) => this.encoded.push(Buffer.from(bytes)));
  }

  /** Puts the part on disk whole and starts the next; synchronous, so no frame can slip in between. */
  private cut(): void {
    if (this.failure || !this.frames || !this.encoder) throw this.failure ?? new Error('The MP3 encoder is not ready.');
    const part = { ...this.next };
    this.frames.finish();
    writeFileAtomic(join(this.folder, partFileName(part)), sealBytes(this.key, Buffer.concat(this.encoded)));
    this.frames = this.newFile(this.encoder);
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
export async function cutRemainingParts(audioPath: string, key: Uint8Array, folder: string): Promise<number> {
  const kept = partsIn(folder);
  const keptNames = new Set(kept.map(partFileName));
  for (const name of safeList(folder)) if (!keptNames.has(name)) rmSync(join(folder, name), { force: true });
  const last = kept.at(-1);
  const from = { sequence: last ? last.sequence + 1 : 0, sample: last ? last.endSample : 0 };
  const partWriter = new AudioPartWriter(folder, key, from, () => undefined);
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
