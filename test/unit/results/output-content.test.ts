import { describe, expect, it } from 'vitest';
import { decodeValue } from '../../../main/results/output-content';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
const emr = (value: string) => decodeValue({ template_id: 'eka_emr_template', type: 'eka_emr', value });
const other = (value: string, type = 'x') => decodeValue({ template_id: 'clinical_notes_template', type, value });

/** The example value of the published interface description. */
const DOCUMENTED_EXAMPLE =
  'eyJwcmVzY3JpcHRpb24iOiB7Im1lZGljYXRpb25zIjogW3sibmFtZSI6ICJkb2xvIiwgImZyZXF1ZW5jeSI6IHsicGF0dGVybl9pZCI6ICJmcC0xIiwgImRvc2UiOiBbIjEiLCAiMCIsICIxIl0sICJwZXJpb2QiOiAxLCAicGVyaW9kX3VuaXQiOiAiZGF5IiwgImZyZXF1ZW5jeSI6ICIzIiwgImN1c3RvbSI6ICIxLTAtMSJ9LCAiaW5zdHJ1Y3Rpb24iOiAiVGFrZSB0d2ljZSBhIGRheSIsICJpZCI6ICJsb2NhbGUtMmFiMWU5OGIxMzU4NzFhZjZjYjAxYjQ3MjE5NWNmZjQifV0sICJsYW5ndWFnZSI6ICJFTiJ9fQ==';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('decodeValue', () => {
  it('decodes the documented EMR example into a typed prescription and keeps its JSON for export', () => {
    const content = emr(DOCUMENTED_EXAMPLE);
    expect(content).toMatchObject({
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
    if (content.kind !== 'prescription') return;
    expect(JSON.parse(content.json)).toEqual(JSON.parse(Buffer.from(DOCUMENTED_EXAMPLE, 'base64').toString()));
  });

  it('drops extra fields from what the page gets (the export keeps them) and refuses wrong types, saying where', () => {
    const extra = emr(b64({ prescription: { medications: [{ name: 'x', route: 'oral' }], language: 'EN', notes: 'n' }, version: 2 }));
    expect(extra).toMatchObject({ kind: 'prescription', prescription: { medications: [{ name: 'x' }] } });
    if (extra.kind === 'prescription') {
      expect(extra.prescription.medications[0]).not.toHaveProperty('route');
      expect(extra.json).toContain('"route": "oral"');
    }
    expect(emr(b64({ prescription: { medications: [{ name: 'x', frequency: { period: '5' } }] } }))).toEqual({
      kind: 'invalid',
      problem: 'The prescription has an unexpected shape (prescription.medications[0].frequency.period: Invalid input: expected number, received string).',
    });
    expect(emr(b64({ prescription: { medications: 'none' } }))).toMatchObject({ kind: 'invalid' });
    expect(emr(b64({ prescription: { medications: [null] } }))).toMatchObject({ kind: 'invalid' });
  });

  it('treats an empty value as empty, and bad base64, bad UTF-8 or non-JSON EMR as invalid', () => {
    expect(emr('')).toEqual({ kind: 'empty' });
    expect(emr('***')).toEqual({ kind: 'invalid', problem: 'The output is not valid base64.' });
    expect(emr(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toEqual({ kind: 'invalid', problem: 'The output is not valid UTF-8 text.' });
    expect(emr(b64('not json'))).toEqual({ kind: 'invalid', problem: 'The prescription is not valid JSON.' });
  });

  it('recognizes FHIR, other JSON (pretty-printed) and plain text', () => {
    expect(other(b64({ resourceType: 'Bundle', entry: [] }))).toMatchObject({
      kind: 'fhir',
      summary: { resourceType: 'Bundle', resourceCounts: [], unreadableEntries: 0 },
      json: '{\n  "resourceType": "Bundle",\n  "entry": []\n}',
    });
    expect(other(b64({ notes: 'a' }))).toEqual({ kind: 'json', json: '{\n  "notes": "a"\n}' });
    expect(other(b64('Patient reports fever.'))).toEqual({ kind: 'text', text: 'Patient reports fever.', shortened: false });
  });

  it('reads a FHIR document readably: the Composition title, sections as text, one line per medication', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'document',
      entry: [
        null,
        { resource: null },
        {
          resource: {
            resourceType: 'Composition',
            title: 'OPD note',
            section: [
              { title: 'Complaints', text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml"><p>Fever &amp; cough</p><p>3 days</p></div>' } },
              { code: { coding: [{ display: 'Plan' }] }, section: [{ title: 'Follow-up', text: { div: '<div>In 5&#160;days</div>' } }] },
              'not a section',
            ],
          },
        },
        { resource: { resourceType: 'MedicationRequest', medicationCodeableConcept: { text: 'Paracetamol 500 mg' }, dosageInstruction: [{ text: '1-0-1 for 5 days' }, null] } },
        { resource: { resourceType: 'Condition', code: { text: 'Viral fever' } } },
        { resource: { resourceType: 'Observation', code: { text: 'Temperature' }, valueQuantity: { value: 38.5, unit: '°C' } } },
      ],
    };
    const content = other(b64(bundle), 'fhir');
    expect(content).toMatchObject({
      kind: 'fhir',
      summary: {
        resourceType: 'Bundle',
        bundleType: 'document',
        resourceCounts: [
          { type: 'Composition', count: 1 },
          { type: 'MedicationRequest', count: 1 },
          { type: 'Condition', count: 1 },
          { type: 'Observation', count: 1 },
        ],
        title: 'OPD note',
        sections: [
          { level: 0, title: 'Complaints', text: 'Fever & cough\n3 days' },
          { level: 0, title: 'Plan', text: null },
          { level: 1, title: 'Follow-up', text: 'In 5 days' },
        ],
        lines: [
          { resourceType: 'MedicationRequest', text: 'Paracetamol 500 mg: 1-0-1 for 5 days' },
          { resourceType: 'Condition', text: 'Viral fever' },
          { resourceType: 'Observation', text: 'Temperature: 38.5 °C' },
        ],
        unreadableEntries: 2,
        shortened: false,
      },
    });
  });

  it('turns FHIR of the wrong shape, deep nesting and huge outputs into "could not be read" with the reason', () => {
    expect(other(b64({ resourceType: 'Bundle', entry: { resource: 1 } }))).toEqual({
      kind: 'invalid',
      problem: 'The FHIR output could not be read: its list of entries is not a list.',
    });
    expect(other(b64([1, 2]), 'fhir')).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('not a FHIR resource') });
    expect(other(b64('<html>'), 'fhir')).toMatchObject({ kind: 'invalid', problem: 'The FHIR output could not be read: it is not JSON.' });
    expect(other(b64(deep(8_000)))).toEqual({ kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' });
    expect(emr(b64(`{"prescription":${deep(100)}}`))).toMatchObject({ problem: expect.stringContaining('nested too deeply') });
    expect(other(b64('x'.repeat(5 * 1024 * 1024)))).toMatchObject({ kind: 'invalid', problem: expect.stringContaining('too large') });
    const long = other(b64('y'.repeat(1_200_000)));
    expect(long).toMatchObject({ kind: 'text', shortened: true });
  });
});
