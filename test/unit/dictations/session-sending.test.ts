/**
 * Dictations sent in parts while they are spoken, against the sandbox's sessions API over
 * loopback: the real store, the real parts (cut and sealed as the recorder does), the real
 * client. Nothing is mocked; the sandbox's switches make expiry, presigned forms and a
 * service without sessions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AudioPartWriter } from '../../../main/audio/audio-parts';
import { inlinePartCutting } from '../../../main/audio/upload-audio';
import { ServiceClient } from '../../../main/api/service-client';
import type { DictationManifest } from '../../../main/dictations/dictation-manifest';
import { DictationSending } from '../../../main/dictation-sending/dictation-sending';
import { serviceRecordsOf } from '../../../main/dictation-sending/service-records';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { systemClock } from '../../../main/core/clock';
import { ServiceHealth } from '../../../main/service/service-health';
import { SessionsOffer } from '../../../main/service/sessions-offer';
import { staticToken } from '../../../main/api/token-source';
import { SealedFileWriter } from '../../../main/storage/sealed-file';
import { bystander, useSandbox } from '../../support/sandbox-fixture';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DictationStore as Store } from '../../../main/dictations/dictation-store';
import { testKeyring, testStore, uploadAudioOf } from '../../support/store-fixture';

/** The clock of the test under way: the app's and the sandbox's (session lives); real unless a test moves its own. */
let clock: FakeClock | null = null;
const env = useSandbox({}, { clock: () => clock ?? systemClock });
afterEach(() => {
  clock = null;
});
const RATE = 16_000;
const REQUEST = { languages: ['en'], templates: ['eka_emr_template', 'clinical_notes_template'], model: 'pro' as const };

/** Speech-like noise with a pause every 3 s, as 512-sample frames. */
function speechFrames(seconds: number): Int16Array[] {
  const frames: Int16Array[] = [];
  let seed = 11;
  for (let start = 0; start < seconds * RATE; start += 512) {
    const frame = new Int16Array(512);
    for (let i = 0; i < frame.length; i += 1) {
      const ms = ((start + i) / RATE) * 1000;
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      frame[i] = Math.round(((seed / 0x7fffffff) * 2 - 1) * (ms % 3000 >= 2600 ? 20 : 6000));
    }
    frames.push(frame);
  }
  return frames;
}

/** A recording in progress, as the recorder makes it: the sealed recording and its parts, cut as the frames come. */
class LiveRecording {
  readonly manifest: DictationManifest;
  private readonly writer: SealedFileWriter;
  private readonly partWriter: AudioPartWriter;

  constructor(
    private readonly store: DictationStore,
    onPart: () => void,
  ) {
    this.manifest = store.create({ mode: 'dictation', label: 'bed 4', api: 'sessions', request: REQUEST });
    const key = store.audioKeyOf(this.manifest.id);
    this.writer = SealedFileWriter.create(store.audioPath(this.manifest.id), key, { parcelBytes: 16_000 });
    this.partWriter = new AudioPartWriter(store.partsFolder(this.manifest.id), key, { sequence: 0, sample: 0 }, onPart);
  }

  async speak(seconds: number): Promise<void> {
    for (const frame of speechFrames(seconds)) {
      this.writer.append(new Uint8Array(frame.buffer));
      await this.partWriter.append(frame);
    }
  }

  async stop(): Promise<DictationManifest> {
    const { plainBytes } = this.writer.finish();
    const parts = await this.partWriter.finish();
    return this.store.update(this.manifest.id, { state: 'recorded', durationMs: Math.round((plainBytes / 2 / RATE) * 1000), partCount: parts });
  }
}

/** The same data folder and master key, as after a restart. */
function storeIn(folder: string, masterKey: Buffer): Store {
  return new Store(join(folder, 'dictations'), testKeyring(folder, masterKey));
}

/** `address`: where the service is (the sandbox by default); `outage`: the outbox's own back-off and probe, as the app has them. */
function engine(store: DictationStore, options: { online?: () => boolean; address?: () => string; outage?: boolean } = {}) {
  const address = options.address ?? (() => env.sandbox.url);
  const client = new ServiceClient(() => ({ baseUrl: address(), auth: staticToken(env.sandbox.token) }));
  const offer = new SessionsOffer();
  const host: OutboxHost = new OutboxHost({
    health: new ServiceHealth(),
    isOnline: options.online ?? (() => true),
    autoSync: () => true,
    // The test's clock when it moves its own; else one whose waits pass at once whenever nothing is in flight.
    clock: clock ?? FakeClock.driven(() => host.idle()),
    ...(options.outage ? { probe: (signal: AbortSignal) => client.reach(signal), random: () => 0.5 } : { backoff: { baseMs: 20, capMs: 60 } }),
  });
  const sending = new DictationSending(host, {
    store,
    client,
    offer,
    cutParts: inlinePartCutting,
    prepareAudio: uploadAudioOf(store),
    pollSchedule: { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
    sessionPollSchedule: { baseMs: 50, capMs: 100, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
    firstLookupDelay: () => 0,
  });
  return {
    sending,
    host,
    offer,
    async close() {
      host.stop();
      await client.close();
    },
  };
}

const received = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);
/** Waits for the dictation's state; a test's own clock moves on a little at each look (result lookups wait on it). */
const settled = (store: DictationStore, id: string, state: string) => expect.poll(() => (clock?.tick(50), store.get(id)?.state), { timeout: 15_000, interval: 20 }).toBe(state);

/** Dictates `seconds` while `sending` runs, stops, and waits until the dictation is completed; the manifest at Stop. */
async function dictatedAndCompleted(store: DictationStore, { sending, host }: { sending: DictationSending; host: OutboxHost }, seconds: number): Promise<DictationManifest> {
  host.start();
  const recording = new LiveRecording(store, () => sending.partCut());
  await recording.speak(seconds);
  const stopped = await recording.stop();
  host.wake();
  await settled(store, stopped.id, 'completed');
  return stopped;
}

describe('dictations sent in parts while they are spoken', () => {
  it('sends each part as it is cut, ends the session once all are acknowledged, and shows the transcript and each template', async () => {
    const store = testStore(tempFolder());
    const { sending, host, close } = engine(store);
    host.start();
    const recording = new LiveRecording(store, () => sending.partCut());
    await recording.speak(35);
    // Before Stop, the parts cut so far have reached the service, and End has not.
    await expect.poll(() => received('sessionPart').length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(received('sessionEnd')).toHaveLength(0);
    const stopped = await recording.stop();
    host.wake();
    await settled(store, stopped.id, 'completed');
    await close();

    const manifest = store.get(stopped.id)!;
    // The sandbox ends a session only with every part from 0 and their true count.
    const held = env.sandbox.transcriptionSession(manifest.session!.id)!;
    expect(held.parts).toEqual(Array.from({ length: stopped.partCount! }, (_, n) => n));
    expect(held).toMatchObject({ ended: true, format: 'mp3' });
    expect(received('sessionCreate')).toHaveLength(1);
    expect(received('sessionEnd')).toHaveLength(1);
    const result = store.readResult(stopped.id);
    expect(result).toMatchObject({ state: 'completed', transcript: expect.stringContaining('Sandbox transcript') });
    if (!result || !('outputs' in result)) throw new Error('no outputs');
    expect(result.outputs.map((output) => [output.name, output.content.kind])).toEqual([
      ['Prescription', 'prescription'],
      ['Clinical notes', 'text'],
    ]);
  });

  it('dictated offline: the session is made when the service can be reached, then every part, then End', async () => {
    const store = testStore(tempFolder());
    let online = false;
    clock = new FakeClock();
    const { sending, host, close } = engine(store, { online: () => online });
    host.start();
    const recording = new LiveRecording(store, () => sending.partCut());
    await recording.speak(25);
    const stopped = await recording.stop();
    host.wake();
    // A minute offline: the outbox looks every few seconds, and asks nothing.
    await clock.advance(60_000);
    expect(env.sandbox.received).toEqual([]);
    online = true;
    host.wake();
    await settled(store, stopped.id, 'completed');
    await close();
    expect(received('sessionCreate')).toHaveLength(1);
    expect(received('sessionPart')).toHaveLength(stopped.partCount!);
  });

  it('a session that expires before End is made again from the kept parts, and the expired one is never ended', async () => {
    env.sandbox.setFaults({ sessionLifetimeSeconds: 1 });
    const store = testStore(tempFolder());
    clock = new FakeClock();
    const { sending, host, close } = engine(store);
    host.start();
    const recording = new LiveRecording(store, () => sending.partCut());
    await recording.speak(12);
    await expect.poll(() => received('sessionPart').length).toBeGreaterThanOrEqual(1);
    const first = store.get(recording.manifest.id)!.session!.id;
    // The session's life passes, for the sandbox as for the app.
    await clock.advance(1_200);
    env.sandbox.setFaults({ sessionLifetimeSeconds: 3_600 });
    await recording.speak(12);
    const stopped = await recording.stop();
    host.wake();
    await settled(store, stopped.id, 'completed');
    await close();
    const manifest = store.get(stopped.id)!;
    expect(manifest.session!.id).not.toBe(first);
    expect(manifest.previousSessionIds).toEqual([first]);
    expect(env.sandbox.transcriptionSession(first)).toMatchObject({ ended: false });
    expect(env.sandbox.transcriptionSession(manifest.session!.id)).toMatchObject({ ended: true, parts: Array.from({ length: stopped.partCount! }, (_, n) => n) });
  });

  it('a presigned upload form gets the parts, without the sign-in', async () => {
    env.sandbox.setFaults({ sessionUploadUrl: 'form' });
    const store = testStore(tempFolder());
    const sent = engine(store);
    const stopped = await dictatedAndCompleted(store, sent, 14);
    const { close } = sent;
    await close();
    const forms = received('sessionPartForm');
    expect(forms).toHaveLength(stopped.partCount!);
    expect(forms.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('a session whose upload address the app refuses (plain http to another program here) sends nothing there: the recording goes whole by the voice upload, and the dictation says why', async () => {
    const elsewhere = await bystander();
    try {
      const store = testStore(tempFolder());
      const problems: string[] = [];
      store.onChange((manifest) => manifest.problem && problems.push(manifest.problem));
      const sent = engine(store);
      env.sandbox.setFaults({
        rawNext: [{ status: 201, headers: {}, contentType: 'application/json', body: JSON.stringify({ session_id: 'sd_0123456789abcdef01234567', upload_url: { url: `${elsewhere.url}/presigned/chunks`, fields: { key: 'x' } } }) }],
      });
      const stopped = await dictatedAndCompleted(store, sent, 12);
      await sent.close();
      expect(elsewhere.reached).toEqual([]);
      expect(store.get(stopped.id)).toMatchObject({ api: 'voice-upload', session: null, previousSessionIds: [expect.any(String)] });
      expect(problems).toContain('The service gave an address to send to that is not secure (http:// instead of https://), so nothing was sent there. The recording is sent whole instead.');
      expect(received('voiceUpload')).toHaveLength(1);
      expect(received('sessionPart')).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('a service without sessions (404 to the create) gets the dictation by the voice upload, nothing lost', async () => {
    const store = testStore(tempFolder());
    const sent = engine(store);
    const { offer, close } = sent;
    env.sandbox.setFaults({ rawNext: [{ status: 404, headers: {}, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'Not Found' } }) }] });
    const stopped = await dictatedAndCompleted(store, sent, 12);
    await close();
    expect(offer.state()).toBe('not-offered');
    expect(store.get(stopped.id)).toMatchObject({ api: 'voice-upload', session: null });
    expect(received('voiceUpload')).toHaveLength(1);
    expect(received('sessionEnd')).toHaveLength(0);
  });

  it('after half an hour unreachable, a service without sessions gets the recording by the voice upload within 15 s of its return, not after its parts’ back-off', async () => {
    env.sandbox.setFaults({ sessionsApi: 'off' });
    const store = testStore(tempFolder());
    const fake = new FakeClock();
    clock = fake;
    // Nothing listens on port 9: the service cannot be reached.
    let address = 'http://127.0.0.1:9';
    const { sending, host, close } = engine(store, { address: () => address, outage: true });
    host.start();
    const recording = new LiveRecording(store, () => sending.partCut());
    await recording.speak(12);
    const stopped = await recording.stop();
    host.wake();
    await fake.pass(30 * 60_000, 10_000, () => host.idle());
    expect(Date.parse(store.get(stopped.id)!.nextAttemptAt!) - fake.now()).toBeGreaterThan(60_000);
    address = env.sandbox.url;
    const cameBack = fake.now();
    for (let step = 0; step < 120 && received('voiceUpload').length === 0; step += 1) await fake.pass(250, 250, () => host.idle());
    expect(fake.now() - cameBack).toBeLessThanOrEqual(15_000);
    await settled(store, stopped.id, 'completed');
    await close();
    expect(store.get(stopped.id)).toMatchObject({ api: 'voice-upload', session: null });
    expect(received('voiceUpload')).toHaveLength(1);
  });

  it('halted by "Patient withdraws consent": the session’s creation under way is aborted yet counts as reaching the service; nothing more goes, after a restart too, until resumed', async () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    clock = new FakeClock();
    // The service holds every request a while: the create is under way when the doctor presses.
    env.sandbox.setFaults({ latencyMs: 5_000 });
    const first = engine(store);
    first.host.start();
    const recording = new LiveRecording(store, () => first.sending.partCut());
    await recording.speak(12);
    await expect.poll(() => received('sessionCreate').length).toBe(1);
    first.sending.halt(recording.manifest.id);
    env.sandbox.setFaults({ latencyMs: 0 });
    await clock.advance(5_000);
    await recording.speak(12);
    const stopped = await recording.stop();
    first.sending.partCut();
    first.host.wake();
    await clock.advance(30_000);
    expect(received('sessionCreate')).toHaveLength(1);
    expect(received('sessionPart')).toHaveLength(0);
    const halted = store.get(stopped.id)!;
    expect(halted.haltedAt).not.toBeNull();
    // The create was issued: what the service may hold is named by the id it was asked to make.
    expect(serviceRecordsOf(halted)).toEqual({ sessions: [halted.session!.id], transactions: [], documents: [] });
    await first.close();

    const reopened = storeIn(folder, masterKey);
    reopened.load();
    const second = engine(reopened);
    second.host.start();
    await clock.advance(30_000);
    expect(received('sessionPart')).toHaveLength(0);
    second.sending.resume(stopped.id);
    await settled(reopened, stopped.id, 'completed');
    await second.close();
    expect(received('sessionEnd')).toHaveLength(1);
  });

  it('after a restart the same session goes on: no second create, every part once, one End', async () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const first = engine(store);
    first.host.start();
    const recording = new LiveRecording(store, () => first.sending.partCut());
    await recording.speak(12);
    await expect.poll(() => received('sessionPart').length).toBeGreaterThanOrEqual(1);
    await first.close();
    await recording.speak(15);
    const stopped = await recording.stop();

    const reopened = storeIn(folder, masterKey);
    reopened.load();
    const second = engine(reopened);
    second.host.start();
    await settled(reopened, stopped.id, 'completed');
    await second.close();
    expect(received('sessionCreate')).toHaveLength(1);
    expect(received('sessionEnd')).toHaveLength(1);
    const sequences = received('sessionPart').map((request) => Number(/_(\d+)\.mp3$/.exec(request.path)![1]));
    expect(new Set(sequences).size).toBe(stopped.partCount);
  });

  it('a recording cut off by a crash has its last parts cut from the recording, then goes in the same session', async () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const recording = new LiveRecording(store, () => undefined);
    await recording.speak(26);
    // The crash: the recording is on disk, the part being cut is not; the manifest still says "recording".
    const reopened = storeIn(folder, masterKey);
    const report = reopened.load();
    expect(report.recovered).toEqual([recording.manifest.id]);
    expect(reopened.get(recording.manifest.id)).toMatchObject({ state: 'recorded', partCount: null });
    const { host, close } = engine(reopened);
    host.start();
    await settled(reopened, recording.manifest.id, 'completed');
    await close();
    const manifest = reopened.get(recording.manifest.id)!;
    expect(manifest.partCount).toBeGreaterThanOrEqual(2);
    expect(env.sandbox.transcriptionSession(manifest.session!.id)).toMatchObject({ ended: true, parts: Array.from({ length: manifest.partCount! }, (_, n) => n) });
  });

  it('Retry of a failed session makes a new one from the kept parts', async () => {
    env.sandbox.setFaults({ nextOutcomes: ['failed'] });
    const store = testStore(tempFolder());
    const { sending, host, close } = engine(store);
    host.start();
    const recording = new LiveRecording(store, () => sending.partCut());
    await recording.speak(12);
    const stopped = await recording.stop();
    host.wake();
    await settled(store, stopped.id, 'failed');
    const failedSession = store.get(stopped.id)!.session!.id;
    expect(store.get(stopped.id)!.problem).toMatch(/could not process/);
    sending.retry(stopped.id);
    await settled(store, stopped.id, 'completed');
    await close();
    expect(store.get(stopped.id)).toMatchObject({ previousSessionIds: [failedSession] });
    expect(received('sessionCreate')).toHaveLength(2);
  });
});
