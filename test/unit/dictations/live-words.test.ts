/**
 * The words heard so far while a dictation is spoken in parts, against the sandbox over
 * loopback: the real store, the real parts (Ogg Opus, cut as the recorder cuts them while the
 * words are shown), the real sending and client. The sandbox and the app share one clock the
 * test moves (the service's own time for each part's words, the app's polite pace): nothing
 * waits for real time but the requests themselves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NO_LIVE_WORDS, type LiveWords } from '../../../contract/live-words';
import { AudioPartWriter } from '../../../main/audio/audio-parts';
import { LIVE_PART_MIN_SAMPLES } from '../../../main/audio/part-cutter';
import { ServiceClient } from '../../../main/api/service-client';
import { staticToken } from '../../../main/api/token-source';
import { systemClock } from '../../../main/core/clock';
import { LIVE_WORDS_NOTICES, LiveWordsView } from '../../../main/dictation-sending/live-words';
import { ASK_SPACING_MS, ASKS_PER_PART } from '../../../main/dictation-sending/part-words-reader';
import type { DictationManifest } from '../../../main/dictations/dictation-manifest';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { ServiceHealth } from '../../../main/service/service-health';
import { SealedFileWriter } from '../../../main/storage/sealed-file';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';
import { testStore } from '../../support/store-fixture';
import { sessionsSending } from '../../support/sessions-sending';
import { tempFolder } from '../../support/temp-folder';

let clock: FakeClock | null = null;
const env = useSandbox({ partWordsDelayMs: 2_000 }, { clock: () => clock ?? systemClock });
afterEach(() => {
  clock = null;
});
const RATE = 16_000;
const REQUEST = { languages: ['en'], templates: ['eka_emr_template'], model: 'pro' as const };

/** Voice-like sound with a pause of 400 ms every 2.5 s, as 512-sample frames. */
function speechFrames(seconds: number): Int16Array[] {
  const frames: Int16Array[] = [];
  for (let start = 0; start < seconds * RATE; start += 512) {
    frames.push(
      new Int16Array(512).map((_, i) => {
        const t = (start + i) / RATE;
        return (t * 1000) % 2500 >= 2100 ? 0 : Math.round(5000 * Math.sin(2 * Math.PI * 180 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)));
      }),
    );
  }
  return frames;
}

function world(options: { online?: () => boolean; reachable?: () => boolean } = {}) {
  const store = testStore(tempFolder());
  const shown: LiveWords[] = [];
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }));
  const view = new LiveWordsView({ store, client, clock: clock!, reachable: options.reachable ?? (() => true), publish: (words) => shown.push(words) });
  const host = new OutboxHost({ health: new ServiceHealth(), isOnline: options.online ?? (() => true), clock: clock!, backoff: { baseMs: 20, capMs: 60 } });
  const sending = sessionsSending(host, store, client, { onPartSent: (part) => view.partSent(part) });
  host.start();
  return {
    store,
    view,
    shown,
    sending,
    host,
    async close() {
      host.stop();
      view.dispose();
      await client.close();
    },
  };
}

/**
 * A recording as the recorder makes it while the words are shown: the sealed recording, and Ogg
 * Opus parts cut at the sooner pause. Still recording when it resolves: `stop()` ends it.
 */
async function record(w: ReturnType<typeof world>, seconds: number, api: DictationManifest['api'] = 'sessions') {
  const manifest = w.store.create({ mode: 'dictation', label: 'bed 7', api, request: api === 'sessions' ? REQUEST : null, partFormat: 'ogg' });
  w.view.recordingStarted(manifest.id);
  const key = w.store.audioKeyOf(manifest.id);
  const writer = SealedFileWriter.create(w.store.audioPath(manifest.id), key, { parcelBytes: RATE });
  const parts = new AudioPartWriter(w.store.partsFolder(manifest.id), key, { sequence: 0, sample: 0 }, (part) => {
    w.sending.partCut();
    w.view.partCut(manifest.id, part.sequence);
  }, { format: 'ogg', minSamples: LIVE_PART_MIN_SAMPLES });
  for (const frame of speechFrames(seconds)) {
    writer.append(new Uint8Array(frame.buffer));
    await parts.append(frame);
  }
  const { plainBytes } = writer.finish();
  const partCount = await parts.finish();
  return {
    ...manifest,
    partCount,
    stop: () => {
      const stopped = w.store.update(manifest.id, { state: 'recorded', durationMs: Math.round((plainBytes / 2 / RATE) * 1000), partCount });
      w.host.wake();
      return stopped;
    },
  };
}

/** Moves the shared clock in small steps, letting real requests finish between them, until `done()`. */
async function until(done: () => boolean, limitMs = 30_000): Promise<void> {
  for (let passed = 0; !done(); passed += 100) {
    if (passed > limitMs) throw new Error(`It did not happen within the time allowed. Asked: ${env.sandbox.received.map((r) => `${r.operation} ${r.status}`).join(", ")}`);
    await clock!.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

const wordsAsked = () => env.sandbox.received.filter((request) => request.operation === 'partWords');
const latest = (w: ReturnType<typeof world>) => w.shown.at(-1) ?? NO_LIVE_WORDS;

describe('the words heard so far, while a dictation is spoken in parts', () => {
  it('shows each part\'s words in order once the service has them, asks politely, and gives way to the note', async () => {
    clock = new FakeClock();
    const w = world();
    const manifest = await record(w, 13);
    expect(manifest.partCount).toBeGreaterThanOrEqual(3);
    await until(() => latest(w).parts.length === manifest.partCount && latest(w).parts.every((part) => part.state === 'heard'));
    expect(latest(w)).toMatchObject({ dictationId: manifest.id, notice: null });
    expect(latest(w).parts.map((part) => part.sequence)).toEqual(Array.from({ length: manifest.partCount }, (_, n) => n));
    latest(w).parts.forEach((part) => expect(part.text).toBe(`Sandbox heard part ${part.sequence + 1}: ${part.text!.match(/: (.*) sound/)![1]} sound (test words, not a transcription).`));
    // Ogg Opus parts, in the session's one format.
    const sessionId = w.store.get(manifest.id)!.session!.id;
    expect(env.sandbox.transcriptionSession(sessionId)!.format).toBe('ogg');
    // At most one ask a part every 1.5 s, and none once its words came: 1.0 s after the part, then 2.5 s (the service's 2 s).
    for (let sequence = 0; sequence < manifest.partCount; sequence += 1) {
      const asks = wordsAsked().filter((request) => request.path.endsWith(`/${sequence}`));
      expect(asks.length).toBeGreaterThanOrEqual(1);
      expect(asks.length).toBeLessThanOrEqual(3);
      for (let index = 1; index < asks.length; index += 1) expect(asks[index]!.at - asks[index - 1]!.at).toBeGreaterThanOrEqual(ASK_SPACING_MS);
      expect(asks.at(-1)!.status).toBe(200);
    }
    // Stop: the words stay until the note comes, then are no longer shown.
    manifest.stop();
    expect(latest(w).parts).toHaveLength(manifest.partCount);
    await until(() => w.store.get(manifest.id)?.state === 'completed');
    expect(latest(w)).toEqual(NO_LIVE_WORDS);
    await w.close();
  });

  it("another patient chosen for the visit, or consent withdrawal pressed: the last patient's words leave the screen", async () => {
    clock = new FakeClock();
    const w = world();
    const manifest = await record(w, 8);
    await until(() => latest(w).parts.some((part) => part.state === 'heard'));
    w.view.visitChanged(manifest.patientId);
    expect(latest(w).dictationId).toBe(manifest.id);
    w.view.visitChanged('00000000-0000-4000-8000-0000000000ff');
    expect(latest(w)).toEqual(NO_LIVE_WORDS);
    const next = await record(w, 8);
    await until(() => latest(w).parts.some((part) => part.state === 'heard'));
    w.store.update(next.id, { haltedAt: '2026-11-28T10:00:00.000Z' });
    expect(latest(w)).toEqual(NO_LIVE_WORDS);
    await w.close();
  });

  it('a part whose words never come is said to follow after Stop, after a few spaced asks; the others still show', async () => {
    clock = new FakeClock();
    env.sandbox.setFaults({ partWordsNever: [1] });
    const w = world();
    const manifest = await record(w, 10);
    await until(() => latest(w).parts.length === manifest.partCount && latest(w).parts.every((part) => part.state !== 'waiting'));
    expect(latest(w).parts[1]).toEqual({ sequence: 1, state: 'after-stop', text: null });
    expect(latest(w).parts.filter((part) => part.state === 'heard')).toHaveLength(manifest.partCount - 1);
    const asks = wordsAsked().filter((request) => request.path.endsWith('/1'));
    expect(asks).toHaveLength(ASKS_PER_PART);
    // Nothing more is asked of it, however long the doctor goes on.
    await clock.advance(20_000);
    expect(wordsAsked().filter((request) => request.path.endsWith('/1'))).toHaveLength(ASKS_PER_PART);
    expect(latest(w).notice).toBeNull();
    await w.close();
  });

  it('a service that answers 501 says so at its first answers; one that answers 404 to everything, after two parts; then nothing more is asked', async () => {
    for (const [fault, asksAtMost] of [
      ['not-implemented', 2],
      // The parts sent meanwhile are read too, each a few times at most, until two have had nothing but 404.
      ['not-found', Number.POSITIVE_INFINITY],
    ] as const) {
      clock = new FakeClock();
      env.sandbox.reset();
      env.sandbox.setFaults({ processingMs: 0, partWords: fault });
      const w = world();
      const manifest = await record(w, 13);
      await until(() => latest(w).notice === LIVE_WORDS_NOTICES.noEndpoint);
      expect(w.view.wordsWhileSpeaking()).toBe(false);
      const asked = wordsAsked().length;
      expect(asked).toBeLessThanOrEqual(Math.min(asksAtMost, manifest.partCount * ASKS_PER_PART));
      await clock.advance(30_000);
      expect(wordsAsked()).toHaveLength(asked);
      // Recording and sending are untouched: every part reached the service.
      const sessionId = w.store.get(manifest.id)!.session!.id;
      expect(env.sandbox.transcriptionSession(sessionId)!.parts).toHaveLength(manifest.partCount);
      await w.close();
    }
  });

  it('drops answers that are malformed, huge, or for another part or session, and shows the part\'s own words after them', async () => {
    clock = new FakeClock();
    env.sandbox.setFaults({ partWordsDelayMs: 0, hostileNext: { partWords: 4 }, hostileKinds: ['other-session', 'other-part', 'huge-segments', 'text-wrong-shape'] });
    const w = world();
    const manifest = await record(w, 5);
    await until(() => latest(w).parts.length === manifest.partCount && latest(w).parts.every((part) => part.state !== 'waiting'));
    expect(env.sandbox.hostileServed()).toEqual({
      'partWords/other-session': 1,
      'partWords/other-part': 1,
      'partWords/huge-segments': 1,
      'partWords/text-wrong-shape': 1,
    });
    const texts = latest(w).parts.map((part) => part.text ?? '');
    expect(texts.join(' ')).not.toContain('hostile');
    expect(latest(w).parts.some((part) => part.state === 'heard' && part.text!.startsWith('Sandbox heard part'))).toBe(true);
    await w.close();
  });

  it('says the words follow after Stop when offline, and with the voice upload; recording is untouched', async () => {
    clock = new FakeClock();
    let online = false;
    const w = world({ online: () => online, reachable: () => online });
    const manifest = await record(w, 9);
    expect(latest(w).notice).toBe(LIVE_WORDS_NOTICES.offline);
    expect(latest(w).parts.every((part) => part.state === 'waiting')).toBe(true);
    expect(wordsAsked()).toEqual([]);
    // Back: the parts go, and their words come.
    online = true;
    w.host.wake();
    await until(() => latest(w).parts.length === manifest.partCount && latest(w).parts.every((part) => part.state === 'heard'));
    expect(latest(w).notice).toBeNull();

    manifest.stop();
    const whole = await record(w, 3, 'voice-upload');
    expect(latest(w)).toEqual({ dictationId: whole.id, parts: [], notice: LIVE_WORDS_NOTICES.voiceUpload });
    await w.close();
  });
});
