import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TranscriptionResult } from '../../../contract/transcription';
import { decodeContext, decodeOutputs } from '../../../main/api/transcription-output';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { parseStoredResult } from '../../../main/dictations/stored-result';
import { tempFolder } from '../temp-folder';
import { testStore } from './store-fixture';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

function storeWithResultFile(text: string): { store: DictationStore; id: string } {
  const store = testStore(tempFolder());
  const { id } = store.create({ mode: 'dictation', label: 'x' });
  writeFileSync(join(store.folderOf(id), 'result.json'), text);
  return { store, id };
}

describe('a stored result read back', () => {
  it('reads back exactly what was stored from a decoded answer', () => {
    const result: TranscriptionResult = {
      state: 'completed',
      outputs: decodeOutputs([
        { template_id: 'eka_emr_template', type: 'eka_emr', name: 'EMR', status: 'success', value: b64({ prescription: { medications: [{ name: 'A' }] } }) },
        { template_id: 'notes', type: 'fhir', name: 'Notes', status: 'toString', value: b64({ resourceType: 'Bundle', entry: [null] }) },
        { template_id: 'other', type: 'x', name: 'Other', status: 'success', value: b64({ a: 1 }) },
        null,
      ]),
      context: decodeContext({ mode: 'dictation', doctor: { _id: 'd' } }),
    };
    const store = testStore(tempFolder());
    const { id } = store.create({ mode: 'dictation', label: 'x' });
    store.saveResult(id, result);
    expect(store.readResult(id)).toEqual(result);
  });

  it('turns a damaged, unknown, deep or missing file into a readable state, never a crash', () => {
    const none = testStore(tempFolder());
    expect(none.readResult(none.create({ mode: 'dictation', label: 'x' }).id)).toBeNull();
    const damaged = storeWithResultFile('{"state":"compl');
    expect(damaged.store.readResult(damaged.id)).toEqual({ state: 'unreadable', problem: expect.stringContaining('the file is damaged') });
    expect(parseStoredResult('{"state":"exploded"}')).toMatchObject({ state: 'unreadable', problem: expect.stringContaining('form this version') });
    expect(parseStoredResult('null')).toMatchObject({ state: 'unreadable' });
    expect(parseStoredResult(`{"state":"completed","outputs":${'['.repeat(9000)}${']'.repeat(9000)}}`)).toMatchObject({
      state: 'unreadable',
      problem: expect.stringContaining('nested too deeply'),
    });
  });

  it('keeps the readable parts of a partly damaged file, and reads results stored by the earlier version', () => {
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
});
