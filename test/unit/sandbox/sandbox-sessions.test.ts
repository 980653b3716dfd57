/** The sandbox's sessions API, spoken to with plain fetch as any client would: each rule a client must keep is refused when broken. */
import { describe, expect, it } from 'vitest';
import { audioSeconds } from '../../../main/sandbox/sandbox-sessions';
import { toneWav } from '../../support/sandbox-fixture';
import { useClockedSandbox } from '../../support/clocked-sandbox';

const env = useClockedSandbox({ processingMs: 0 });

const auth = () => ({ authorization: `Bearer ${env.sandbox.token}` });
const json = (body: unknown) => ({ method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function create(body: Record<string, unknown> = {}): Promise<{ status: number; id: string; answer: Record<string, unknown> }> {
  const response = await fetch(`${env.sandbox.url}/voice/v1/sessions`, json({ upload_type: 'chunked', ...body }));
  const answer = (await response.json()) as Record<string, unknown>;
  return { status: response.status, id: String(answer.session_id ?? ''), answer };
}

async function part(id: string, name: string, bytes: Buffer, headers: Record<string, string> = auth()): Promise<{ status: number; code: string }> {
  const response = await fetch(`${env.sandbox.url}/voice/v1/sessions/${id}/audio/${name}`, { method: 'POST', headers: { ...headers, 'content-type': 'audio/wav' }, body: new Uint8Array(bytes) });
  const text = await response.text();
  return { status: response.status, code: text ? String((JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '') : '' };
}

async function end(id: string, sent: number): Promise<{ status: number; code: string }> {
  const response = await fetch(`${env.sandbox.url}/voice/v1/sessions/${id}/end`, json({ audio_files_sent: sent }));
  const body = (await response.json()) as { error?: { code?: string } };
  return { status: response.status, code: body.error?.code ?? '' };
}

describe('the sandbox sessions API', () => {
  it('needs a valid token for everything but discovery', async () => {
    expect((await fetch(`${env.sandbox.url}/voice/v1/sessions`, { method: 'POST', body: '{}' })).status).toBe(401);
    const discovery = await fetch(`${env.sandbox.url}/voice/v1/.well-known/medscribealliance`);
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('creates a session only as documented: chunked upload, at most 2 known templates, no unknown field', async () => {
    expect((await create()).status).toBe(201);
    expect((await create({ templates: ['eka_emr_template', 'clinical_notes_template', 'transcript_template'] })).status).toBe(422);
    expect((await create({ templates: ['no_such_template'] })).status).toBe(422);
    expect((await create({ colour: 'blue' })).status).toBe(422);
    expect((await create({ upload_type: 'whole' })).status).toBe(422);
    const own = await create({ session_id: 'client-chosen-id-0001' });
    expect(own.id).toBe('client-chosen-id-0001');
    expect((await create({ session_id: 'client-chosen-id-0001' })).status).toBe(409);
  });

  it('takes a part named {base}_{n}.{ext} without leading zeros, in the format its name says, one format and base a session', async () => {
    const { id } = await create();
    expect(await part(id, 'audio_00.wav', toneWav(1))).toMatchObject({ status: 400, code: 'invalid_file_name' });
    expect(await part(id, 'audio_01.wav', toneWav(1))).toMatchObject({ status: 400, code: 'invalid_file_name' });
    expect(await part(id, 'audio_0.mp3', toneWav(1))).toMatchObject({ status: 400, code: 'format_mismatch' });
    expect(await part(id, 'audio_0.wav', Buffer.alloc(0))).toMatchObject({ status: 400, code: 'empty_file' });
    expect((await part(id, 'audio_0.wav', toneWav(1))).status).toBe(200);
    expect(await part(id, 'other_1.wav', toneWav(1))).toMatchObject({ status: 400, code: 'invalid_file_name' });
    expect(env.sandbox.transcriptionSession(id)).toEqual({ parts: [0], ended: false, format: 'wav' });
  });

  it('refuses a part over 20 s or over 10 MB', async () => {
    const { id } = await create();
    expect(await part(id, 'audio_0.wav', toneWav(21))).toMatchObject({ status: 400, code: 'chunk_too_long' });
    expect((await part(id, 'audio_0.wav', toneWav(20))).status).toBe(200);
    const huge = Buffer.concat([toneWav(1), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await part(id, 'audio_1.wav', huge)).status).toBe(413);
  });

  it('takes a number again with the same bytes once, and refuses it with other bytes', async () => {
    const { id } = await create();
    expect((await part(id, 'audio_0.wav', toneWav(2))).status).toBe(200);
    expect((await part(id, 'audio_0.wav', toneWav(2))).status).toBe(200);
    expect(await part(id, 'audio_0.wav', toneWav(3))).toMatchObject({ status: 409, code: 'chunk_conflict' });
    expect(env.sandbox.transcriptionSession(id)?.parts).toEqual([0]);
  });

  it('ends only with every part from 0 received and their true count; a second End is "already ended"; nothing is taken after', async () => {
    const { id } = await create();
    expect(await end(id, 0)).toMatchObject({ status: 400, code: 'no_audio' });
    await part(id, 'audio_0.wav', toneWav(1));
    await part(id, 'audio_2.wav', toneWav(1));
    expect(await end(id, 2)).toMatchObject({ status: 400, code: 'audio_files_mismatch' });
    await part(id, 'audio_1.wav', toneWav(1));
    expect(await end(id, 2)).toMatchObject({ status: 400, code: 'audio_files_mismatch' });
    expect(await end(id, 3)).toMatchObject({ status: 202 });
    expect(await end(id, 3)).toMatchObject({ status: 409, code: 'session_already_ended' });
    expect(await part(id, 'audio_3.wav', toneWav(1))).toMatchObject({ status: 409, code: 'session_ended' });
  });

  it('expires a session not ended within its life: 410 for its parts, its End and its lookup', async () => {
    env.sandbox.setFaults({ sessionLifetimeSeconds: 1 });
    const { id } = await create();
    await part(id, 'audio_0.wav', toneWav(1));
    // To the last millisecond of its life the session is open; a millisecond later it has expired.
    env.clock.advance(1_000);
    expect((await fetch(`${env.sandbox.url}/voice/v1/sessions/${id}`, { headers: auth() })).status).toBe(202);
    env.clock.advance(1);
    expect(await part(id, 'audio_1.wav', toneWav(1))).toMatchObject({ status: 410, code: 'session_expired' });
    expect(await end(id, 1)).toMatchObject({ status: 410, code: 'session_expired' });
    expect((await fetch(`${env.sandbox.url}/voice/v1/sessions/${id}`, { headers: auth() })).status).toBe(410);
  });

  it('names its own audio endpoint as upload_url by default', async () => {
    const { answer, id } = await create();
    expect(answer.upload_url).toBe(`${env.sandbox.url}/voice/v1/sessions/${id}/audio`);
  });

  it('hands out presigned addresses on its own origin, away from its audio endpoint, that refuse the bearer token, and then takes no part at the service', async () => {
    env.sandbox.setFaults({ sessionUploadUrl: 'path' });
    const { id, answer } = await create();
    const url = String(answer.upload_url);
    // Its own origin: the one plain http address a client takes a presigned one at.
    expect(new URL(url).origin).toBe(new URL(env.sandbox.url).origin);
    expect(new URL(url).pathname).toMatch(/^\/presigned\//);
    const send = (address: string, headers: Record<string, string>) => fetch(address, { method: 'POST', headers: { ...headers, 'content-type': 'audio/wav' }, body: new Uint8Array(toneWav(1)) });
    expect((await send(`${url}/audio_0.wav`, auth())).status).toBe(400);
    expect((await send(`${url.replace(/\/presigned\/[^/]+\//, '/presigned/forged/')}/audio_0.wav`, {})).status).toBe(403);
    expect((await send(`${url}/audio_0.wav`, {})).status).toBe(200);
    expect(await part(id, 'audio_1.wav', toneWav(1))).toMatchObject({ status: 400, code: 'wrong_upload_address' });
  });

  it('gives a partial result (206) naming the template that failed, and a failed one as a status', async () => {
    env.sandbox.setFaults({ nextOutcomes: ['partial', 'failed'] });
    for (const [status, word] of [
      [206, 'partial'],
      [200, 'failed'],
    ] as const) {
      const { id } = await create();
      await part(id, 'audio_0.wav', toneWav(1));
      await end(id, 1);
      const answer = await fetch(`${env.sandbox.url}/voice/v1/sessions/${id}`, { headers: auth() });
      expect(answer.status).toBe(status);
      const body = (await answer.json()) as { status: string; processing_errors?: unknown[] };
      expect(body.status).toBe(word);
      if (word === 'partial') expect(body.processing_errors).toHaveLength(1);
    }
  });

  it('refuses a PATCH with a field it does not know', async () => {
    const { id } = await create();
    const patch = (body: unknown) => fetch(`${env.sandbox.url}/voice/v1/sessions/${id}`, { ...json(body), method: 'PATCH' });
    expect((await patch({ templates: ['clinical_notes_template'] })).status).toBe(200);
    expect((await patch({ colour: 'blue' })).status).toBe(422);
  });

  it('measures a part: a WAV from its header, an MP3 from its bit rate', () => {
    expect(audioSeconds('wav', toneWav(3))).toBeCloseTo(3, 5);
    // MPEG-1 Layer III, 64 kbit/s: 8 000 bytes a second.
    const mp3 = Buffer.alloc(80_000);
    mp3.set([0xff, 0xfb, 0x50, 0xc4]);
    expect(audioSeconds('mp3', mp3)).toBeCloseTo(10, 5);
    expect(audioSeconds('ogg', Buffer.from('OggS'))).toBeNull();
  });
});
