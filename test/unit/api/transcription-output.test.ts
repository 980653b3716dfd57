import { describe, expect, it } from 'vitest';
import { decodeValue } from '../../../main/api/transcription-output';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
const emr = (value: string) => decodeValue({ template_id: 'eka_emr_template', type: 'eka_emr', value });

/** The example value of the published interface description. */
const DOCUMENTED_EXAMPLE =
  'eyJwcmVzY3JpcHRpb24iOiB7Im1lZGljYXRpb25zIjogW3sibmFtZSI6ICJkb2xvIiwgImZyZXF1ZW5jeSI6IHsicGF0dGVybl9pZCI6ICJmcC0xIiwgImRvc2UiOiBbIjEiLCAiMCIsICIxIl0sICJwZXJpb2QiOiAxLCAicGVyaW9kX3VuaXQiOiAiZGF5IiwgImZyZXF1ZW5jeSI6ICIzIiwgImN1c3RvbSI6ICIxLTAtMSJ9LCAiaW5zdHJ1Y3Rpb24iOiAiVGFrZSB0d2ljZSBhIGRheSIsICJpZCI6ICJsb2NhbGUtMmFiMWU5OGIxMzU4NzFhZjZjYjAxYjQ3MjE5NWNmZjQifV0sICJsYW5ndWFnZSI6ICJFTiJ9fQ==';

describe('decodeValue', () => {
  it('decodes the documented EMR example into a typed prescription', () => {
    expect(emr(DOCUMENTED_EXAMPLE)).toEqual({
      kind: 'prescription',
      prescription: {
        language: 'EN',
        medications: [
          {
            name: 'dolo',
            frequency: { pattern_id: 'fp-1', dose: ['1', '0', '1'], period: 1, period_unit: 'day', frequency: '3', custom: '1-0-1' },
            instruction: 'Take twice a day',
            id: 'locale-2ab1e98b135871af6cb01b472195cff4',
          },
        ],
      },
    });
  });

  it('keeps extra fields and refuses wrong types, saying where', () => {
    const extra = emr(b64({ prescription: { medications: [{ name: 'x', route: 'oral' }], language: 'EN', notes: 'n' }, version: 2 }));
    expect(extra).toMatchObject({ kind: 'prescription', prescription: { medications: [{ name: 'x', route: 'oral' }] } });
    expect(emr(b64({ prescription: { medications: [{ name: 'x', frequency: { period: '5' } }] } }))).toEqual({
      kind: 'invalid',
      problem: 'The prescription has an unexpected shape (prescription.medications[0].frequency.period: Invalid input: expected number, received string).',
    });
    expect(emr(b64({ prescription: { medications: 'none' } }))).toMatchObject({ kind: 'invalid' });
  });

  it('treats an empty value as empty, and bad base64, bad UTF-8 or non-JSON EMR as invalid', () => {
    expect(emr('')).toEqual({ kind: 'empty' });
    expect(emr('***')).toEqual({ kind: 'invalid', problem: 'The output is not valid base64.' });
    expect(emr(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toEqual({ kind: 'invalid', problem: 'The output is not valid UTF-8 text.' });
    expect(emr(b64('not json'))).toEqual({ kind: 'invalid', problem: 'The prescription is not valid JSON.' });
  });

  it('recognizes FHIR, other JSON and plain text', () => {
    const other = (value: string) => decodeValue({ template_id: 'clinical_notes_template', type: 'x', value });
    expect(other(b64({ resourceType: 'Bundle', entry: [] }))).toEqual({ kind: 'fhir', json: { resourceType: 'Bundle', entry: [] } });
    expect(other(b64({ notes: 'a' }))).toEqual({ kind: 'json', json: { notes: 'a' } });
    expect(other(b64('Patient reports fever.'))).toEqual({ kind: 'text', text: 'Patient reports fever.' });
  });
});
