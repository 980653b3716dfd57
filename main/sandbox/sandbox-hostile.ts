/**
 * Answers a broken or hostile service might give, for tests of the app's robustness: FHIR of
 * the wrong shape, statuses and template ids named like Object.prototype members, JSON nested
 * thousands of levels deep, huge texts, absurd Retry-After values, garbage envelopes,
 * encrypted-looking garbage. Scripted per operation through the `hostileNext` fault. The
 * large texts are built only when asked for. Pure.
 */
import type { Reply } from './sandbox-reply';

export const HOSTILE_OPERATIONS = ['resultLookup', 'voiceUpload', 'recordUpload', 'recordResult', 'registrationInit', 'registrationResend', 'registrationVerify', 'partWords'] as const;
export type HostileOperation = (typeof HOSTILE_OPERATIONS)[number];

export interface HostileAnswer {
  kind: string;
  reply(): Reply;
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

const huge = (length: number, unit = 'Ω') => unit.repeat(length);
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const base64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
const jsonText = (status: number, text: string, headers?: Record<string, string>): Reply => ({ status, text, contentType: 'application/json', headers });

function output(fields: Record<string, unknown>): Record<string, unknown> {
  return { template_id: 'clinical_notes_template', value: '', type: 'fhir', name: 'Clinical notes (FHIR)', status: 'success', errors: [], warnings: [], ...fields };
}

const emr = output({
  template_id: 'eka_emr_template',
  type: 'eka_emr',
  name: 'EKA EMR Template',
  value: base64({ prescription: { medications: [{ name: 'Paracetamol 500 mg tablet', frequency: { dose: ['1', '0', '1'], period: 5, period_unit: 'day' } }] } }),
});

const results = (outputs: unknown[], additional: unknown = { mode: 'dictation' }): Reply => ({ status: 200, json: { data: { output: outputs, additional_data: additional } } });

const ENCRYPTED_GARBAGE = { protected: 'eyJhbGciOiJkaXIifQ', iv: '!!not-base64url!!', ciphertext: 'QUFBQQ', tag: 'QkJCQg' };
const HTML = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';

/** Answers any operation can get. */
const COMMON: HostileAnswer[] = [
  { kind: 'retry-after-absurd', reply: () => ({ status: 429, headers: { 'retry-after': '99999999' } }) },
  { kind: 'retry-after-date', reply: () => ({ status: 503, headers: { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' } }) },
  { kind: 'html', reply: () => ({ status: 200, text: HTML, contentType: 'text/html' }) },
  { kind: 'truncated', reply: () => jsonText(200, '{"data":{"output":[{"template_id":"eka_emr_template","value":"eyJwcmVzY3') },
  { kind: 'deep-envelope', reply: () => jsonText(200, deep(10_000)) },
  { kind: 'encrypted-garbage', reply: () => ({ status: 200, json: ENCRYPTED_GARBAGE }) },
];

const RESULT_LOOKUP: HostileAnswer[] = [
  {
    kind: 'fhir-null-entry',
    reply: () =>
      results([
        emr,
        output({
          value: base64({
            resourceType: 'Bundle',
            type: 'document',
            entry: [null, { resource: null }, { resource: { resourceType: 'Composition', title: 'Clinical note', section: null } }, 7],
          }),
        }),
      ]),
  },
  {
    kind: 'fhir-wrong-shape',
    reply: () =>
      results([
        output({ value: base64({ resourceType: 'Bundle', entry: { resource: { resourceType: 'Composition' } } }) }),
        output({ template_id: 'fhir-array', value: base64([{ resourceType: 'Bundle' }]) }),
        output({ template_id: 'fhir-number-type', value: base64({ resourceType: 12, entry: [] }) }),
        output({
          template_id: 'fhir-odd-fields',
          value: base64({
            resourceType: 'Bundle',
            entry: [{ resource: { resourceType: 'Composition', title: { text: 'x' }, section: [{ title: 5, text: { div: {} } }, null, { section: 'x' }] } }],
          }),
        }),
      ]),
  },
  {
    kind: 'prototype-names',
    reply: () =>
      results(
        PROTOTYPE_NAMES.map((name) => output({ template_id: name, name, status: name, type: name, value: base64({ [name]: name }) })),
        JSON.parse('{"mode":"dictation","__proto__":{"polluted":true},"constructor":"x"}'),
      ),
  },
  {
    kind: 'deep-output',
    reply: () =>
      jsonText(
        200,
        `{"data":{"output":[${JSON.stringify(output({ value: base64(deep(10_000)) }))},${JSON.stringify(output({ template_id: 'x', type: 'x', value: base64(`{"a":${deep(9_000)}}`) }))}],"additional_data":{"deep":${deep(10_000)}}}}`,
      ),
  },
  {
    kind: 'huge-strings',
    reply: () =>
      results([
        output({ template_id: 'transcript_template', type: 'transcript', name: huge(600_000, 'n'), value: base64(huge(600_000, 'a ')), errors: [huge(300_044)], status: huge(100_000, 's') }),
        emr,
      ]),
  },
  {
    kind: 'bad-base64',
    reply: () =>
      results([
        output({ value: '@@@ not base64 @@@' }),
        output({ template_id: 'truncated', value: 'eyJ' }),
        output({ template_id: 'not-utf8', type: 'x', value: Buffer.from([0xff, 0xfe, 0xfd, 0xfc]).toString('base64') }),
        { ...emr, value: base64('not json at all') },
      ]),
  },
  { kind: 'null-items', reply: () => results([null, 5, 'text', { template_id: null }, {}, emr], null) },
  { kind: 'failed-huge', reply: () => ({ status: 500, json: { error: { code: '__proto__', msg: huge(300_044) } } }) },
  { kind: 'refused-huge', reply: () => ({ status: 400, json: { error: { code: 'toString', msg: huge(300_044) } } }) },
  { kind: 'garbage-envelope', reply: () => ({ status: 200, json: { data: { output: 'none', additional_data: null } } }) },
  ...COMMON,
];

const VOICE_UPLOAD: HostileAnswer[] = [
  { kind: 'refused-huge', reply: () => ({ status: 400, json: { message: huge(300_044) } }) },
  { kind: 'garbage-envelope', reply: () => ({ status: 200, json: { message: 5, filename: null } }) },
  ...COMMON,
];

const RECORD_UPLOAD: HostileAnswer[] = [
  { kind: 'refused-huge', reply: () => ({ status: 400, text: huge(300_044) }) },
  { kind: 'forbidden-huge', reply: () => ({ status: 403, json: { message: huge(300_044) } }) },
  { kind: 'huge-id', reply: () => ({ status: 200, json: { document_id: huge(600_047, 'x') } }) },
  { kind: 'prototype-names', reply: () => ({ status: 200, json: JSON.parse('{"document_id":{"__proto__":"x"},"constructor":"toString"}') }) },
  ...COMMON,
];

const labTest = (fields: Record<string, unknown>) => ({ test_name: 'Haemoglobin', data: { value: '10.8', unit: 'g/dL', display_range: '12 - 15' }, confidence: 0.9, ...fields });
const labResult = (data: unknown): Reply => ({ status: 200, json: { status: 'completed', data } });

const RECORD_RESULT: HostileAnswer[] = [
  {
    kind: 'tests-wrong-shape',
    reply: () =>
      labResult({
        output: {
          data: [null, 5, 'text', {}, { test_name: null }, labTest({ data: { value: {}, display_range: 5 } }), labTest({ data: null, normalised_data: [] }), labTest({ confidence: 'sure' }), labTest({})],
          pii: [null],
        },
        fhir: 7,
      }),
  },
  {
    kind: 'prototype-names',
    reply: () =>
      labResult(
        JSON.parse(
          `{"output":{"data":[${PROTOTYPE_NAMES.map((name) => JSON.stringify(labTest({ test_name: name, data: { value: name, unit: name, display_range: name, normal_range_report: JSON.stringify({ [name]: name }) } }))).join(',')}],"pii":{"__proto__":[{"Patient":{"Name":"constructor"}}],"constructor":{"toString":"x"}}}}`,
        ),
      ),
  },
  {
    kind: 'huge-strings',
    reply: () =>
      labResult({
        output: {
          data: [labTest({ test_name: huge(300_044), data: { value: huge(600_047, 'x'), unit: huge(100_000, 'u'), display_range: huge(100_000, '<') } }), labTest({})],
          pii: { Patient: [{ Patient: { Name: huge(300_044) }, Report: { Facility: huge(300_044) } }] },
        },
      }),
  },
  { kind: 'error-huge', reply: () => ({ status: 200, json: { status: 'error', error: [{ code: '__proto__', message: huge(300_044) }, null] } }) },
  { kind: 'error-wrong-shape', reply: () => ({ status: 200, json: { status: 'error', error: { message: { text: 'x' } } } }) },
  { kind: 'status-prototype-name', reply: () => ({ status: 200, json: { status: 'constructor', data: {} } }) },
  {
    kind: 'bad-fhir',
    reply: () => labResult({ output: { data: [labTest({})] }, fhir: '@@@ not base64 @@@' }),
  },
  {
    kind: 'fhir-wrong-shape',
    reply: () => labResult({ output: { data: [labTest({})] }, fhir: base64({ resourceType: 'Bundle', entry: [null, { resource: null }, 7] }) }),
  },
  { kind: 'deep-output', reply: () => jsonText(200, `{"status":"completed","data":{"output":{"data":[${JSON.stringify(labTest({}))}],"pii":${deep(10_000)}}}}`) },
  { kind: 'garbage-envelope', reply: () => ({ status: 200, json: { status: 'completed', data: 'none' } }) },
  ...COMMON,
];

const REGISTRATION: HostileAnswer[] = [
  {
    kind: 'error-huge',
    reply: () => ({ status: 500, json: { code: 500, error: huge(600_047, 'x'), source_error: { code: '__proto__', message: huge(300_044) } } }),
  },
  { kind: 'prototype-names', reply: () => ({ status: 400, json: { code: 400, error: 'toString', source_error: { code: 'constructor', message: 'hasOwnProperty' } } }) },
  { kind: 'garbage-envelope', reply: () => ({ status: 200, json: { txn_id: 5, hint: ['x'] } }) },
  ...COMMON,
];

const abhaStep = (fields: Record<string, unknown>): Reply => ({ status: 200, json: { txn_id: 'hostile-txn', hint: null, ...fields } });

/** Answers to `aadhaar/verify`: the next step of a shape no screen expects. */
const REGISTRATION_VERIFY: HostileAnswer[] = [
  { kind: 'skip-state-prototype-name', reply: () => abhaStep({ skip_state: '__proto__' }) },
  { kind: 'profile-wrong-shape', reply: () => abhaStep({ skip_state: 'abha_end', profile: { full_name: 5, abha_number: {}, year_of_birth: 'x' } }) },
  {
    kind: 'profile-huge',
    reply: () =>
      abhaStep({
        skip_state: 'abha_end',
        profile: { full_name: huge(300_044), abha_number: huge(600_047, '9'), abha_address: huge(300_044, 'a'), address: huge(300_044), profile_photo: huge(100_000, '@') },
        abha_profiles: Array.from({ length: 5_000 }, (_, i) => ({ abha_address: `${huge(1_000, 'a')}${i}@abdm`, name: huge(1_000) })),
      }),
  },
  { kind: 'select-without-addresses', reply: () => abhaStep({ skip_state: 'abha_select', abha_profiles: [null, { abha_address: null }], profile: null }) },
  { kind: 'prototype-names', reply: () => abhaStep({ skip_state: 'abha_end', profile: JSON.parse('{"__proto__":{"full_name":"x"},"constructor":"y","gender":"toString"}') }) },
  ...REGISTRATION,
];

const partWords = (fields: Record<string, unknown>): Reply => ({ status: 200, json: { text: 'Sandbox words (a hostile answer).', confidence: 0.9, segments: [], ...fields } });

/** Answers to one part's words: of another session or part, huge, of the wrong shape. */
const PART_WORDS: HostileAnswer[] = [
  { kind: 'other-session', reply: () => partWords({ session_id: 'ses_another_session_0001' }) },
  { kind: 'other-part', reply: () => partWords({ chunk_number: 99_999 }) },
  { kind: 'huge-text', reply: () => partWords({ text: huge(600_000, 'w ') }) },
  { kind: 'huge-segments', reply: () => partWords({ segments: Array.from({ length: 20_000 }, (_, index) => ({ start: index, text: 'segment' })) }) },
  { kind: 'text-wrong-shape', reply: () => partWords({ text: { words: ['x'] } }) },
  { kind: 'prototype-names', reply: () => ({ status: 200, json: JSON.parse('{"text":"toString","__proto__":{"text":"polluted"},"constructor":"x"}') }) },
  { kind: 'markup', reply: () => partWords({ text: '<img src=x onerror=alert(1)><b>Sandbox</b> words\u0000\u2028 in markup' }) },
  ...COMMON,
];

export const HOSTILE_ANSWERS: Record<HostileOperation, HostileAnswer[]> = {
  resultLookup: RESULT_LOOKUP,
  voiceUpload: VOICE_UPLOAD,
  recordUpload: RECORD_UPLOAD,
  recordResult: RECORD_RESULT,
  registrationInit: REGISTRATION,
  registrationResend: REGISTRATION,
  registrationVerify: REGISTRATION_VERIFY,
  partWords: PART_WORDS,
};

/** Every kind name, for checking what a test asks for. */
export const HOSTILE_KINDS: readonly string[] = [...new Set(Object.values(HOSTILE_ANSWERS).flatMap((answers) => answers.map((answer) => answer.kind)))];

/** The operation's answers of the given kinds (all when none are given), in a fixed order. */
export function hostileAnswers(operation: HostileOperation, kinds: readonly string[]): HostileAnswer[] {
  const all = HOSTILE_ANSWERS[operation];
  return kinds.length === 0 ? all : all.filter((answer) => kinds.includes(answer.kind));
}
