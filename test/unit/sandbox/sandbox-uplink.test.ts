/**
 * The sandbox's `uplinkKbps` fault (throttled-body.ts): request bodies arrive no faster than a
 * slow uplink carries them, every request sharing the one link; 0 is no limit. Over real HTTP
 * on loopback, timed on the sandbox's clock: a clock that jumps to the link's next slice as soon
 * as it is set, so the link's seconds pass at once and are measured exactly.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';

const env = useSandbox({}, { clockPerTest: () => FakeClock.driven(() => true) });
const auth = () => ({ authorization: `Bearer ${env.sandbox.token}` });

/** A voice upload of `bytes` bytes of audio; resolves with its status and the milliseconds until the answer, on the sandbox's clock. */
async function voiceUpload(txnId: string, bytes: number): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes).fill(0x55)], { type: 'audio/mpeg' }), 'dictation.mp3');
  const started = env.clock.now();
  const response = await fetch(`${env.sandbox.url}/voice/upload?mode=dictation&txnid=${txnId}`, { method: 'POST', body: form, headers: auth() });
  await response.arrayBuffer();
  return { status: response.status, ms: env.clock.now() - started };
}

/** A session's first audio part of `bytes` bytes (an MP3 frame header at 128 kbit/s, then silence). */
async function sessionPart(bytes: number): Promise<{ status: number; ms: number }> {
  const created = await fetch(`${env.sandbox.url}/voice/v1/sessions`, { method: 'POST', body: JSON.stringify({ upload_type: 'chunked' }), headers: { ...auth(), 'content-type': 'application/json' } });
  const { upload_url: uploadUrl } = (await created.json()) as { upload_url: string };
  const audio = Buffer.alloc(bytes);
  audio.set([0xff, 0xfb, 0x90, 0x00]);
  const started = env.clock.now();
  const response = await fetch(`${uploadUrl}/audio_0.mp3`, { method: 'POST', body: audio, headers: { ...auth(), 'content-type': 'audio/mpeg' } });
  await response.arrayBuffer();
  return { status: response.status, ms: env.clock.now() - started };
}

const KB64 = 64 * 1024;
/** 256 kbit/s is 32,000 bytes a second. */
const secondsAt256 = (bytes: number) => (bytes / 32_000) * 1000;

describe('uplinkKbps: a slow uplink for request bodies', () => {
  it('a 64 KB body at 256 kbit/s takes about 2 s to be received', async () => {
    env.sandbox.setFaults({ uplinkKbps: 256 });
    const { status, ms } = await voiceUpload('slow-link', KB64);
    expect(status).toBe(200);
    expect(env.sandbox.received.find((request) => request.operation === 'voiceUpload')?.file?.size).toBe(KB64);
    // Exactly the link's time on its clock, and the form's few bytes around the file.
    expect(ms).toBeGreaterThanOrEqual(secondsAt256(KB64));
    expect(ms).toBeLessThan(secondsAt256(KB64) * 1.05);
  });

  it('0 (the default) is no limit', async () => {
    const faults = (await (await fetch(`${env.sandbox.url}/__sandbox/faults`, { headers: auth() })).json()) as { uplinkKbps: number };
    expect(faults.uplinkKbps).toBe(0);
    const { status, ms } = await voiceUpload('no-limit', KB64);
    expect(status).toBe(200);
    // Less than half the time the slow link above takes for the same body.
    expect(ms).toBeLessThan(secondsAt256(KB64) / 2);
  });

  it('is one link: a voice upload and a session part sent at once share it, session parts are limited too', async () => {
    env.sandbox.setFaults({ uplinkKbps: 256 });
    const half = KB64 / 2;
    const [voice, part] = await Promise.all([voiceUpload('shared', half), sessionPart(half)]);
    expect([voice.status, part.status]).toEqual([200, 200]);
    // Alone, each would take about 1 s; together, 64 KB cross the link: about 2 s for the later
    // one. (No upper bound here: the clock jumps on for one body while the other's answer is on
    // its way, so the first answer's time may include some of the other's; the first test bounds the rate.)
    const [first, last] = [voice.ms, part.ms].sort((a, b) => a - b);
    expect(first).toBeGreaterThan(secondsAt256(half) * 1.25);
    expect(last).toBeGreaterThan(secondsAt256(KB64) * 0.75);
  });
});
