import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '../../../contract/transcription';
import type { SessionResult } from '../../../main/api/service-client';
import type { Answer, ServiceCaller } from '../../../main/api/service-call';
import { getTranscriptionResult } from '../../../main/api/voice-api';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { keptSessionResult, keptVoiceResult, parseStoredResult, resultView, type KeptResult } from '../../../main/dictations/stored-result';
import { openSealedBytes } from '../../../main/storage/sealed-file';
import { tempFolder } from '../../support/temp-folder';
import { saveViewAsEarlierVersions, testStore } from '../../support/store-fixture';

/**
 * Answers of both APIs, and the view each gave before results were kept in formats: made by
 * the code of that version (decoded on arrival, the view stored, the stored view read back).
 */
const BEFORE = JSON.parse(readFileSync(join(__dirname, '../../fixtures/result-views.json'), 'utf8')) as {
  voice: Array<{ name: string; status: number; json: unknown; noBody: boolean; view: StoredResult }>;
  sessions: Array<{ name: string; answer: SessionResult; asked: string[]; titles: Array<[string, string]>; view: StoredResult }>;
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** The voice API's status answer as the api reads it, from a status and body. */
function voiceAnswer(status: number, json: unknown) {
  const answer: Answer = { status, headers: {}, text: json === undefined ? '' : JSON.stringify(json), bytes: Buffer.alloc(0), json, receivedAt: 0 };
  return getTranscriptionResult({ call: () => Promise.resolve(answer) } as unknown as ServiceCaller, 'txn');
}

function newStore(): { store: DictationStore; id: string } {
  const store = testStore(tempFolder());
  return { store, id: store.create({ mode: 'dictation', label: 'x' }).id };
}

function keptOnDisk(store: DictationStore, id: string): unknown {
  return JSON.parse(openSealedBytes(store.keysOf(id).key, readFileSync(join(store.folderOf(id), 'result.sealed'))).toString('utf8'));
}

describe('a result kept in its format', () => {
  it.each(BEFORE.voice.map((sample) => [sample.name, sample] as const))('voice-v3 (%s): kept as the service said it, read back as the same view as before', async (_, sample) => {
    const kept = keptVoiceResult(await voiceAnswer(sample.status, sample.noBody ? undefined : sample.json));
    const { store, id } = newStore();
    store.saveResult(id, kept);
    expect(keptOnDisk(store, id)).toMatchObject({ format: 'voice-v3', state: sample.view.state });
    expect(keptOnDisk(store, id)).not.toHaveProperty('outputs');
    expect(store.readResult(id)).toEqual(sample.view);
    expect(resultView(kept)).toEqual(sample.view);
  });

  it.each(BEFORE.sessions.map((sample) => [sample.name, sample] as const))('session-v1 (%s): kept as the service said it, read back as the same view as before', (_, sample) => {
    const kept = keptSessionResult(sample.answer, sample.asked, new Map(sample.titles));
    const { store, id } = newStore();
    store.saveResult(id, kept);
    expect(keptOnDisk(store, id)).toMatchObject({ format: 'session-v1', state: sample.answer.state, asked: sample.asked });
    expect(store.readResult(id)).toEqual(sample.view);
    expect(resultView(kept)).toEqual(sample.view);
  });

  it('keeps the service’s output, not its view: the base64 value, the raw context (bounded), a template’s data as sent', async () => {
    const value = b64({ prescription: { medications: [{ name: 'Paracetamol' }] } });
    const voice = keptVoiceResult(
      await voiceAnswer(200, { data: { output: [{ template_id: 'eka_emr_template', type: 'eka_emr', name: 'EMR', status: 'success', value, errors: [{ not: 'text' }] }], additional_data: { mode: 'dictation', deep: { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } } } } }),
    );
    expect(voice).toEqual({
      format: 'voice-v3',
      state: 'completed',
      output: [{ template_id: 'eka_emr_template', type: 'eka_emr', name: 'EMR', status: 'success', value, errors: [null] }],
      unread: 0,
      additional_data: { mode: 'dictation', deep: { a: { b: { c: { d: { e: { f: { g: '[cut]' } } } } } } } },
    });
    const session = keptSessionResult({ state: 'completed', transcript: 't', language: 'en', problems: [], templates: [{ templateId: 'own', status: 'success', documentId: 'd', data: { a: [1] }, errors: [], warnings: [] }] }, ['own'], new Map([['own', 'Own letter'], ['unrelated', 'Not kept']]));
    expect(session).toMatchObject({ format: 'session-v1', templates: [{ data: { a: [1] } }], asked: ['own'], titles: [['own', 'Own letter']] });
  });

  it('a template’s data nested too deeply is not kept, and reads as it showed before', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 5_000; i += 1) deep = [deep];
    const kept = keptSessionResult({ state: 'completed', transcript: null, language: null, problems: [], templates: [{ templateId: 'x', status: 'success', documentId: null, data: deep, errors: [], warnings: [] }] }, []);
    const { store, id } = newStore();
    store.saveResult(id, kept);
    const read = store.readResult(id);
    if (!read || !('outputs' in read)) throw new Error('no outputs');
    expect(read.outputs[0]!.content).toEqual({ kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' });
  });

  it('a damaged part of a kept result spoils only that part', () => {
    const item = { template_id: 't', type: 'transcript', name: 'T', status: 'success', value: Buffer.from('hello').toString('base64') };
    const voice = parseStoredResult(JSON.stringify({ format: 'voice-v3', state: 'completed', output: [item, { template_id: 3 }], unread: 0, additional_data: null }));
    if (!('outputs' in voice)) throw new Error(voice.state);
    expect(voice.outputs.map((output) => output.content.kind)).toEqual(['text', 'invalid']);
    expect(voice.outputs[1]).toMatchObject({ templateId: 'part-2', status: 'unreadable', content: { problem: expect.stringContaining('damaged in the saved result') } });

    const template = { templateId: 'clinical_notes_template', status: 'success', documentId: null, data: 'Fever', errors: [], warnings: [] };
    const session = parseStoredResult(
      JSON.stringify({ format: 'session-v1', state: 'completed', transcript: null, language: null, problems: [], templates: [template, { templateId: 7 }], asked: [], titles: [] }),
    );
    if (!('outputs' in session)) throw new Error(session.state);
    expect(session.outputs.map((output) => [output.name, output.content])).toEqual([
      ['Clinical notes', { kind: 'text', text: 'Fever', shortened: false }],
      ['Part 2', { kind: 'invalid', problem: 'This part of the saved result could not be read.' }],
    ]);
  });
});

describe('a result kept by an earlier version (the view itself: the legacy format)', () => {
  it.each([...BEFORE.voice, ...BEFORE.sessions].map((sample) => [sample.name, sample.view] as const))('still reads as it did (%s)', (_, view) => {
    const { store, id } = newStore();
    if (view.state === 'unreadable') throw new Error('a view');
    saveViewAsEarlierVersions(store, id, view);
    expect(store.readResult(id)).toEqual(view);
  });

  it('reads the older shapes too: raw FHIR or JSON, a prescription without its text, a text without its flag', () => {
    const legacy = {
      state: 'completed',
      outputs: [
        { templateId: 'notes', name: 'Notes', type: 'fhir', status: 'success', errors: [], warnings: [], content: { kind: 'fhir', json: { resourceType: 'Bundle', entry: [null] } } },
        { templateId: 'emr', name: 'EMR', type: 'eka_emr', status: 'success', errors: [], warnings: [], content: { kind: 'prescription', prescription: { medications: [] } } },
        { templateId: 't', name: 'T', type: 'transcript', status: 'success', errors: [], warnings: [], content: { kind: 'text', text: 'hello' } },
        { templateId: 'bad', name: 'Bad', type: 'x', status: 'success', errors: [], warnings: [], content: { kind: 'fhir', summary: null } },
      ],
      context: { mode: 'dictation', doctorId: null, visitId: null, raw: {} },
    };
    const read = parseStoredResult(JSON.stringify(legacy));
    if (read.state !== 'completed') throw new Error(read.state);
    expect(read.outputs.map((output) => output.content.kind)).toEqual(['fhir', 'prescription', 'text', 'invalid']);
    expect(read.outputs[0]!.content).toMatchObject({ summary: { unreadableEntries: 1 }, json: expect.stringContaining('Bundle') });
    expect(read.outputs[3]!.content).toEqual({ kind: 'invalid', problem: 'This part of the saved result could not be read.' });
  });

  it('reads a result file left in clear by a still earlier version', () => {
    const { store, id } = newStore();
    writeFileSync(join(store.folderOf(id), 'result.json'), JSON.stringify({ state: 'failed', code: 'x', message: 'Old words' }));
    expect(store.readResult(id)).toEqual({ state: 'failed', code: 'x', message: 'Old words' });
  });
});

describe('a result that cannot be read', () => {
  it('turns a damaged, unknown, deep or missing file into a readable state, never a crash', () => {
    const none = newStore();
    expect(none.store.readResult(none.id)).toBeNull();
    const damaged = newStore();
    writeFileSync(join(damaged.store.folderOf(damaged.id), 'result.json'), '{"state":"compl');
    expect(damaged.store.readResult(damaged.id)).toEqual({ state: 'unreadable', problem: expect.stringContaining('the file is damaged') });
    expect(parseStoredResult('{"state":"exploded"}')).toMatchObject({ state: 'unreadable', problem: expect.stringContaining('form this version') });
    expect(parseStoredResult('null')).toMatchObject({ state: 'unreadable' });
    for (const format of ['', 'voice-v3', 'session-v1']) {
      const file = `{${format ? `"format":"${format}",` : ''}"state":"completed","outputs":${'['.repeat(9000)}${']'.repeat(9000)}}`;
      expect(parseStoredResult(file)).toMatchObject({ state: 'unreadable', problem: expect.stringContaining('nested too deeply') });
    }
  });

  it('an unknown format (a newer version’s) is unreadable, and says why', () => {
    const { store, id } = newStore();
    store.saveResult(id, { format: 'voice-v4', state: 'completed' } as unknown as KeptResult);
    expect(store.readResult(id)).toEqual({
      state: 'unreadable',
      problem: 'The saved result of this dictation could not be read: it was saved in a form this version of the app does not know (format "voice-v4"); a newer version may have saved it.',
    });
    expect(parseStoredResult('{"format":7,"state":"completed"}')).toMatchObject({ state: 'unreadable', problem: expect.stringContaining('(format not named)') });
  });

  it('a known format without its shape is unreadable, and says which', () => {
    expect(parseStoredResult('{"format":"session-v1","state":"completed"}')).toEqual({
      state: 'unreadable',
      problem: 'The saved result of this dictation could not be read: it is in a form this version of the app does not know (a session-v1 result that does not have its shape).',
    });
    expect(parseStoredResult(JSON.stringify({ format: 'voice-v3', state: 'completed', output: Array.from({ length: 101 }, () => ({})), unread: 0, additional_data: null }))).toMatchObject({
      state: 'unreadable',
    });
  });
});
