/**
 * Stop → the service holds all the audio, over a slow uplink (issue 26.8): a dictation sent in
 * parts while it is spoken (the sessions API) against the same dictation sent whole after
 * Stop (the voice upload), against the sandbox with its `uplinkKbps` fault, which reads
 * request bodies no faster than that uplink carries them, every request sharing the link.
 *
 * Sessions: the app's own pieces (the recorder's AudioPartWriter and sealed writer, the real
 * store, DictationSending with the real client) cut and send the parts. The recording is
 * not replayed in real time, which would take ten minutes: the time that matters is what is
 * still on the link at Stop. By the link's arithmetic (each part's MP3 bytes at the uplink,
 * one link, parts in the order cut), the recording is split where the link was last idle
 * at a part's cut (at Stop itself when no upload is under way then). Everything before is
 * cut and sent at once with the limit off: the assumption is that those parts reached the
 * service while the doctor spoke, which the arithmetic shows (and which is printed: each
 * part's upload takes a fraction of the speech it holds, since the 32 kbit/s MP3 is below
 * the uplink). From there on, the rest of the recording is delivered frame by frame in real
 * time with the limit on, so a part still uploading at Stop (the one before the last, when
 * the last part is shorter than its upload) is measured as the backlog it is. Then Stop:
 * the last part is cut and sent, End goes, and the clock stops when End is answered (the
 * service holds every part and has accepted the count).
 *
 * Voice upload: the compact MP3 copy is written while "recording" (at once, nothing is sent
 * before Stop), then from Stop: the copy finished, the upload prepared as the outbox does
 * (prepareUploadAudio), and ServiceClient.uploadVoice until it is answered 200. The client
 * is called directly, without the voice outbox's scheduling around it: if anything, that
 * favours the voice upload.
 *
 * One difference from the app: both clients wait longer for an answer's headers than the
 * app's 60 s. On loopback the kernel's socket buffers (megabytes) take a whole upload at
 * once, so the client's last write comes long before the throttled sandbox has read the
 * body, and undici's headers timer, which it restarts only while its writes are held back,
 * runs from there. On a real slow link the bytes queue on the way and the client writes
 * until shortly before the end. How long the voice upload's answer came after the client's
 * last write is reported, so a case where the app's own client would have given up shows.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AudioPartWriter, partFileName, type AudioPart, type PartChoice } from '../../main/audio/audio-parts';
import { Mp3StreamWriter } from '../../main/audio/mp3-stream';
import { FRAME_LENGTH } from '../../main/audio/recorder';
import { inlinePartCutting, inlineMp3Encoding, prepareUploadAudio } from '../../main/audio/upload-audio';
import { SAMPLE_RATE } from '../../main/audio/wav-file';
import { ServiceClient } from '../../main/api/service-client';
import type { DictationManifest } from '../../main/dictations/dictation-manifest';
import { DictationSending } from '../../main/dictation-sending/dictation-sending';
import { OutboxHost } from '../../main/outbox/outbox-host';
import { DictationStore } from '../../main/dictations/dictation-store';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ServiceHealth } from '../../main/service/service-health';
import { SessionsOffer } from '../../main/service/sessions-offer';
import { staticToken } from '../../main/api/token-source';
import { ItemKeyring } from '../../main/storage/item-keyring';
import { checkSealedFile, SealedFileWriter } from '../../main/storage/sealed-file';
import { systemClock } from '../../main/core/clock';

/** As the recorder writes the recording: half a second (2 bytes a sample) a parcel, on disk twice a second. */
const RECORDING_PARCEL_BYTES = (SAMPLE_RATE * 2) / 2;
const REQUEST = { languages: ['en'], templates: ['eka_emr_template', 'clinical_notes_template'], model: 'pro' as const };
/** The app's client gives up waiting for an answer's headers after this long (http-transport.ts). */
export const APP_HEADERS_TIMEOUT_MS = 60_000;
/** The bench's clients wait this long (see the top). */
const TRANSPORT = { headersTimeoutMs: 15 * 60_000 };

export interface UplinkFigures {
  seconds: number;
  kbps: number;
  /** Stop → End answered, the dictation sent in parts. */
  sessionsMs: number;
  /** Stop → the voice upload answered 200. */
  voiceMs: number;
  voiceBytes: number;
  /** The voice upload's answer after the client's last write (ms): over APP_HEADERS_TIMEOUT_MS, the app's client would have given up. */
  voiceAnsweredAfterLastWriteMs: number;
  parts: number;
  /** Of the parts before the last: the longest upload at this uplink as a share of the speech it holds. */
  worstShare: number;
  /** Upload still under way at Stop by the link's arithmetic (ms): what the real-time replay measures. */
  backlogMs: number;
  /** Seconds of the recording delivered in real time, the uplink limited, before Stop. */
  realTimeSeconds: number;
}

/** The speech looped to `seconds`, in the recorder's frames (views, not copies). */
function framesOf(pcm: Int16Array, seconds: number): Int16Array[] {
  const frames: Int16Array[] = [];
  const total = seconds * SAMPLE_RATE;
  for (let written = 0; written < total; ) {
    const offset = written % pcm.length;
    const frame = pcm.subarray(offset, Math.min(pcm.length, offset + FRAME_LENGTH, offset + total - written));
    frames.push(frame);
    written += frame.length;
  }
  return frames;
}

const bytesOf = (frame: Int16Array) => new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, done: () => boolean, timeoutMs: number, everyMs = 2): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`Uplink bench: ${what} did not happen within ${timeoutMs} ms.`);
    await sleep(everyMs);
  }
}

/** The parts the app's partWriter cuts from these frames, and each one's bytes (a dry run into a folder of its own). */
async function partsOf(frames: Int16Array[], folder: string, choice: PartChoice): Promise<Array<AudioPart & { bytes: number }>> {
  mkdirSync(folder, { recursive: true });
  const key = randomBytes(32);
  const parts: AudioPart[] = [];
  const partWriter = new AudioPartWriter(folder, key, { sequence: 0, sample: 0 }, (part) => parts.push(part), choice);
  for (const frame of frames) await partWriter.append(frame);
  await partWriter.finish();
  return parts.map((part) => ({ ...part, bytes: checkSealedFile(join(folder, partFileName(part, choice.format)), key).plainBytes }));
}

/**
 * Where the real-time replay begins: the last part (or Stop) at whose cut the link, carrying
 * the parts before it in order at `kbps`, was idle. Returns its index (`parts.length` for
 * Stop), the longest upload's share of its part's speech, and what is left on the link at Stop.
 */
export function linkSchedule(parts: Array<AudioPart & { bytes: number }>, kbps: number): { from: number; worstShare: number; backlogMs: number } {
  const seconds = (samples: number) => samples / SAMPLE_RATE;
  let freeAt = 0;
  let from = 0;
  let worstShare = 0;
  const stop = seconds(parts.at(-1)?.endSample ?? 0);
  // The parts before the last, each cut (and sent) while the doctor speaks; the last is cut at Stop.
  for (const [index, part] of parts.slice(0, -1).entries()) {
    const cutAt = seconds(part.endSample);
    if (freeAt <= cutAt) from = index;
    const uploadSeconds = (part.bytes * 8) / (kbps * 1000);
    worstShare = Math.max(worstShare, uploadSeconds / seconds(part.endSample - part.startSample));
    freeAt = Math.max(freeAt, cutAt) + uploadSeconds;
  }
  if (freeAt <= stop) from = parts.length;
  return { from, worstShare, backlogMs: Math.max(0, freeAt - stop) * 1000 };
}

/** Stop → End answered for a dictation sent in parts, as described at the top. */
async function sessionsStopToHeld(
  sandbox: SandboxServer,
  frames: Int16Array[],
  parts: Array<AudioPart & { bytes: number }>,
  from: number,
  kbps: number,
  folder: string,
  choice: PartChoice,
): Promise<{ ms: number; realTimeSeconds: number }> {
  const store = new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys.sealed'), randomBytes(32)), systemClock);
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }), systemClock, TRANSPORT);
  const host = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, clock: systemClock });
  const sending = new DictationSending(host, {
    store,
    client,
    offer: new SessionsOffer(),
    cutParts: inlinePartCutting,
    prepareAudio: async (manifest: DictationManifest) => (await prepareUploadAudio(store.recordingFiles(manifest.id), 'mp3', inlineMp3Encoding)).source,
  });
  host.start();
  const manifest = store.create({ mode: 'dictation', label: 'Uplink bench', api: 'sessions', request: REQUEST, partFormat: choice.format });
  const key = store.audioKeyOf(manifest.id);
  const audio = SealedFileWriter.create(store.audioPath(manifest.id), key, { parcelBytes: RECORDING_PARCEL_BYTES, sync: { everyMs: 500, clock: systemClock } });
  const cut: AudioPart[] = [];
  const partWriter = new AudioPartWriter(
    store.partsFolder(manifest.id),
    key,
    { sequence: 0, sample: 0 },
    (part) => {
      cut.push(part);
      sending.partCut();
    },
    choice,
  );
  const deliver = async (frame: Int16Array) => {
    audio.append(bytesOf(frame));
    await partWriter.append(frame);
  };
  try {
    // Until the cut of part `from` (or Stop): at once, the limit off; these parts reached the service while the doctor spoke.
    const replayFrom = from < parts.length ? parts[from]!.endSample : Number.POSITIVE_INFINITY;
    let sample = 0;
    let index = 0;
    for (; index < frames.length && sample + frames[index]!.length < replayFrom; index += 1) {
      await deliver(frames[index]!);
      sample += frames[index]!.length;
    }
    await until(
      `the ${from} parts before the replay acknowledged`,
      () => (store.get(manifest.id)?.session?.acked.length ?? 0) >= Math.min(from, parts.length - 1),
      120_000,
      10,
    );
    // From there, the uplink limited and the recording delivered as the recorder does: each frame when its last sample is spoken.
    sandbox.setFaults({ uplinkKbps: kbps });
    const origin = performance.now();
    const startSample = sample;
    for (; index < frames.length; index += 1) {
      const frame = frames[index]!;
      const due = origin + ((sample + frame.length - startSample) / SAMPLE_RATE) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      await deliver(frame);
      sample += frame.length;
    }
    const realTimeSeconds = (sample - startSample) / SAMPLE_RATE;

    // Stop, as the recorder and main do it: the recording finished, the last part cut (and told), the dictation recorded, the outbox kicked.
    let heldAt = 0;
    const off = store.onChange((changed) => {
      if (changed.id === manifest.id && changed.session?.endedAt && heldAt === 0) heldAt = performance.now();
    });
    const stoppedAt = performance.now();
    const { plainBytes } = audio.finish();
    const partCount = await partWriter.finish();
    store.update(manifest.id, { state: 'recorded', durationMs: Math.round((plainBytes / 2 / SAMPLE_RATE) * 1000), partCount });
    host.wake();
    await until('End answered', () => heldAt > 0, 300_000);
    off();

    // What the sandbox holds: every part, the same cuts as the dry run, ended.
    const sessionId = store.get(manifest.id)!.session!.id;
    const held = sandbox.transcriptionSession(sessionId);
    const sameCuts = cut.length === parts.length && cut.every((part, n) => part.endSample === parts[n]!.endSample);
    if (!held?.ended || held.parts.length !== parts.length || !sameCuts) {
      throw new Error(`Uplink bench: the session holds ${held?.parts.length ?? 0} of ${parts.length} parts (ended: ${held?.ended ?? false}; same cuts as the dry run: ${sameCuts}).`);
    }
    return { ms: heldAt - stoppedAt, realTimeSeconds };
  } finally {
    host.stop();
    await client.close();
  }
}

/** Stop → the voice upload answered 200, the compact copy written while recording. */
async function voiceStopToHeld(sandbox: SandboxServer, frames: Int16Array[], kbps: number, folder: string): Promise<{ ms: number; bytes: number; answeredAfterLastWriteMs: number }> {
  mkdirSync(folder, { recursive: true });
  const files = { audioPath: join(folder, 'audio.sealed'), mp3Path: join(folder, 'upload.mp3.sealed'), key: randomBytes(32) };
  const audio = SealedFileWriter.create(files.audioPath, files.key, { parcelBytes: RECORDING_PARCEL_BYTES, sync: { everyMs: 500, clock: systemClock } });
  const mp3 = await Mp3StreamWriter.create(files.mp3Path, files.key);
  for (const frame of frames) {
    audio.append(bytesOf(frame));
    mp3.append(frame);
  }
  audio.finish();
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }), systemClock, TRANSPORT);
  const txnId = `uplink-bench-${randomBytes(6).toString('hex')}`;
  try {
    sandbox.setFaults({ uplinkKbps: kbps });
    const stoppedAt = performance.now();
    mp3.finish();
    const { source } = await prepareUploadAudio(files, 'mp3', inlineMp3Encoding);
    let lastWriteAt = 0;
    const watched = {
      ...source,
      open: () => source.open().on('end', () => (lastWriteAt = performance.now())),
    };
    await client.uploadVoice({ mode: 'dictation', txnId, file: watched });
    const answeredAt = performance.now();
    const held = sandbox.transaction(txnId);
    if (held?.audioBytes !== source.size) throw new Error(`Uplink bench: the sandbox holds ${held?.audioBytes ?? 0} of the ${source.size} MP3 bytes.`);
    return { ms: answeredAt - stoppedAt, bytes: source.size, answeredAfterLastWriteMs: answeredAt - lastWriteAt };
  } finally {
    await client.close();
  }
}

/**
 * Stop → the service holds all the audio, for a dictation of `seconds` over an uplink of `kbps`:
 * by sessions (parts as `choice` says: MP3 at the usual length by default) and, unless
 * `sessionsOnly`, by the voice upload (its figures are then NaN).
 */
export async function stopToHeld(work: string, pcm: Int16Array, seconds: number, kbps: number, choice: PartChoice = { format: 'mp3' }, sessionsOnly = false): Promise<UplinkFigures> {
  const folder = join(work, `uplink-${seconds}s-${kbps}k-${choice.format}-${choice.minSamples ?? 'usual'}-${randomBytes(3).toString('hex')}`);
  const frames = framesOf(pcm, seconds);
  const parts = await partsOf(frames, join(folder, 'dry-run'), choice);
  const { from, worstShare, backlogMs } = linkSchedule(parts, kbps);
  // A sandbox each, the link idle at the start; results take long, so nothing but sending is measured.
  const sandbox = await SandboxServer.start({ faults: { processingMs: 600_000 } });
  try {
    const sessions = await sessionsStopToHeld(sandbox, frames, parts, from, kbps, join(folder, 'sessions'), choice);
    sandbox.setFaults({ uplinkKbps: 0 });
    const voice = sessionsOnly ? { ms: NaN, bytes: NaN, answeredAfterLastWriteMs: NaN } : await voiceStopToHeld(sandbox, frames, kbps, join(folder, 'voice'));
    return { seconds, kbps, sessionsMs: sessions.ms, voiceMs: voice.ms, voiceBytes: voice.bytes, voiceAnsweredAfterLastWriteMs: voice.answeredAfterLastWriteMs, parts: parts.length, worstShare, backlogMs, realTimeSeconds: sessions.realTimeSeconds };
  } finally {
    await sandbox.stop();
  }
}

/** The row's words: what was measured and what was assumed of the parts sent before Stop; each way's time. */
export function uplinkRow(figures: UplinkFigures): { measure: string; sessions: string; voice: string } {
  const length = figures.seconds >= 120 && figures.seconds % 60 === 0 ? `${figures.seconds / 60}-minute` : `${figures.seconds} s`;
  const uplink = figures.kbps >= 1000 ? `${figures.kbps / 1000} Mbit/s` : `${figures.kbps} kbit/s`;
  const atStop =
    figures.realTimeSeconds > 0
      ? `${(figures.backlogMs / 1000).toFixed(1)} s of them still sending at Stop, the last ${figures.realTimeSeconds.toFixed(1)} s in real time`
      : 'none still sending at Stop';
  const gaveUp = figures.voiceAnsweredAfterLastWriteMs > APP_HEADERS_TIMEOUT_MS ? `; the app's client gives up ${APP_HEADERS_TIMEOUT_MS / 1000} s after its last write` : '';
  return {
    measure: `Stop → service holds all audio, ${length} dictation, ${uplink} uplink (${figures.parts} parts; those before the last sent while spoken, each in ≤ ${figures.worstShare.toFixed(2)}× its speech; ${atStop})`,
    sessions: `sessions ${Math.round(figures.sessionsMs)} ms`,
    voice: `voice upload ${Math.round(figures.voiceMs)} ms (${Math.round(figures.voiceBytes / 1024)} KiB MP3${gaveUp})`,
  };
}
