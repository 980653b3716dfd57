/**
 * Generated answers of a broken or hostile service: wrong JSON types, nulls, names of
 * Object.prototype members, huge and deeply nested values, invalid base64, truncated and
 * non-JSON bodies, garbage and encrypted-looking envelopes, odd Retry-After values. The
 * large values are built once and shared, so ten thousand cases stay fast.
 */
import fc from 'fast-check';
import type { TransportResponse } from '../../main/api/http-transport';
import { encryptResponse } from '../../main/sandbox/sandbox-jwe';

/** The client key the tests' encrypted answers are made with. */
export const TEST_CLIENT_KEY = 'k3y-for-t3sts-16';

export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

const HUGE = {
  omega: 'Ω'.repeat(300_044),
  x: 'x'.repeat(600_047),
  spaces: ' '.repeat(50_000),
  lines: 'line\n'.repeat(30_000),
  emoji: '😀'.repeat(20_000),
  html: `<div>${'<p>a</p>'.repeat(20_000)}</div>`,
  lt: '<'.repeat(100_000),
};

/** Arrays nested `levels` deep, as JSON text (JSON.stringify would overflow building it). */
export function deepJsonText(levels: number, inner = ''): string {
  return `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
}
/** Deep enough to refuse, too deep for JSON.stringify (only ever sent as text). */
const DEEP_TEXTS = [10, 65, 200, 9_000, 12_000].map((levels) => deepJsonText(levels));
/** Values inside generated bodies stay within what JSON.stringify can write. */
const DEEP_VALUES = [10, 65, 200, 1_000].map((levels) => JSON.parse(deepJsonText(levels)) as unknown);

export const protoName = fc.constantFrom(...PROTOTYPE_NAMES);
export const hugeString = fc.constantFrom(...Object.values(HUGE));
export const deepValue = fc.constantFrom(...DEEP_VALUES);

const LONG = ['Ω'.repeat(3_000), 'word '.repeat(1_000), 'y'.repeat(2_500)];

/** Text inside documents: ordinary, odd, named like a prototype member, or long. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 12 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 3 },
  { arbitrary: protoName, weight: 4 },
  { arbitrary: fc.constantFrom('', ' ', '\n', '\u0000', '\ud800', '<script>alert(1)</script>', 'NaN', '-1', '{}'), weight: 2 },
  { arbitrary: fc.constantFrom(...LONG), weight: 1 },
);

/** The service's own messages, codes, names and statuses: text, or now and then a huge one (hundreds of thousands of characters). */
export const serviceText: fc.Arbitrary<string> = fc.oneof({ arbitrary: text, weight: 40 }, { arbitrary: hugeString, weight: 1 });

const key = fc.oneof({ arbitrary: fc.string({ maxLength: 8 }), weight: 4 }, { arbitrary: protoName, weight: 2 }, fc.constantFrom('resourceType', 'entry', 'resource', 'data', 'output', 'error'));

const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e308, -0, 2 ** 53 + 1), text);

/** Any JSON value, prototype names as keys included (as own keys, the way JSON.parse makes them). */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 5 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(ownObject), weight: 1 },
    { arbitrary: deepValue, weight: 1 },
  ),
})).value;

/** An object with these own properties, `__proto__` included as a plain key. */
export function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of entries) Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/**
 * An object of the documented fields, now and then one absent, null or junk, and a few
 * extra keys: mostly the right shape with something wrong, so every path gets its share.
 */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields).map(([name, arbitrary]) =>
    fc.option(fc.oneof({ arbitrary, weight: 30 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: junk, weight: 1 }), { nil: undefined, freq: 25 }).map(
      (value): [string, unknown] | null => (value === undefined ? null : [name, value]),
    ),
  );
  return fc.tuple(...entries, fc.array(fc.tuple(key, junk), { maxLength: 1 })).map((parts) => {
    const extra = parts.pop() as Array<[string, unknown]>;
    return ownObject([...(parts as Array<[string, unknown] | null>).filter((entry): entry is [string, unknown] => entry !== null), ...extra]);
  });
}

const codeableConcept = shaped({ text, coding: fc.array(shaped({ display: text, code: text }), { maxLength: 3 }) });
const narrative = shaped({ status: text, div: fc.oneof(text, fc.constantFrom('<div>a &amp; b<br/>c &#x1F600; &#99999999; &bogus;</div>', HUGE.html, HUGE.lt)) });
/** Composition sections, nested up to `levels` deep. */
function sections(levels: number): fc.Arbitrary<unknown[]> {
  const inner: Record<string, fc.Arbitrary<unknown>> = levels > 0 ? { section: sections(levels - 1) } : {};
  return fc.array(shaped({ title: text, code: codeableConcept, text: narrative, ...inner }), { maxLength: 2 });
}

const resource = shaped({
  resourceType: fc.oneof(fc.constantFrom('Composition', 'MedicationRequest', 'Condition', 'Observation', 'Patient', 'Bundle'), text),
  title: text,
  type: codeableConcept,
  section: sections(1),
  text: narrative,
  code: codeableConcept,
  medicationCodeableConcept: codeableConcept,
  medicationReference: shaped({ display: text }),
  dosageInstruction: fc.array(shaped({ text }), { maxLength: 3 }),
  valueQuantity: shaped({ value: fc.double(), unit: text }),
  valueString: text,
});

/** Something shaped like a FHIR Bundle, every part possibly wrong. */
export const fhirLike = shaped({
  resourceType: fc.oneof({ arbitrary: fc.constant('Bundle'), weight: 4 }, { arbitrary: text, weight: 1 }),
  type: text,
  entry: fc.array(fc.oneof(fc.constant(null), junk, shaped({ fullUrl: text, resource: fc.oneof(resource, fc.constant(null)) })), { maxLength: 4 }),
});

const medication = shaped({
  name: text,
  frequency: shaped({ pattern_id: text, dose: fc.array(text, { maxLength: 4 }), period: fc.double(), period_unit: text, frequency: text, custom: text }),
  instruction: text,
  id: text,
});

/** Something shaped like the EMR template's document, every part possibly wrong. */
export const prescriptionLike = shaped({ prescription: shaped({ medications: fc.array(medication, { maxLength: 5 }), language: text }) });

const base64 = (value: string | Buffer) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value).toString('base64');
/** Just over what main decodes at all (4 MiB). */
const HUGE_BASE64 = base64('a'.repeat(4 * 1024 * 1024 + 3));
/** A transcript main keeps only in part (over 1,000,000 characters). */
const LONG_TRANSCRIPT = base64('spoken words '.repeat(80_000));

/** An output item's `value`: base64 of a document, or not base64 at all; now and then one too large to read. */
export const outputValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.oneof(fhirLike, prescriptionLike, junk).map((value) => base64(JSON.stringify(value) ?? 'null')), weight: 120 },
  { arbitrary: text.map((value) => base64(value)), weight: 25 },
  { arbitrary: fc.constantFrom(...DEEP_TEXTS).map((value) => base64(value)), weight: 10 },
  { arbitrary: fc.oneof(text, fc.constantFrom('eyJ', '@@@', '====', 'QQ', 'e30 =')), weight: 20 },
  { arbitrary: fc.uint8Array({ maxLength: 40 }).map((bytes) => base64(Buffer.from(bytes))), weight: 10 },
  { arbitrary: junk, weight: 14 },
  { arbitrary: fc.constantFrom(HUGE_BASE64, LONG_TRANSCRIPT), weight: 1 },
);

const TEMPLATES = ['eka_emr_template', 'clinical_notes_template', 'transcript_template'];
const TYPES = ['eka_emr', 'fhir', 'transcript', 'json'];
const STATUSES = ['success', 'partial_success', 'failure'];

/** An item whose template, type and value belong together (as the service sends them), parts possibly wrong. */
function coherentItem(templateId: string, type: string, document: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return shaped({
    template_id: fc.constant(templateId),
    value: document.map((value) => (typeof value === 'string' ? base64(value) : base64(JSON.stringify(value) ?? 'null'))),
    type: fc.constant(type),
    name: serviceText,
    status: fc.oneof(fc.constantFrom(...STATUSES), serviceText),
    errors: fc.array(serviceText, { maxLength: 2 }),
    warnings: fc.array(text, { maxLength: 2 }),
  });
}

export const outputItem: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: coherentItem('eka_emr_template', 'eka_emr', prescriptionLike), weight: 3 },
  { arbitrary: coherentItem('clinical_notes_template', 'fhir', fhirLike), weight: 3 },
  { arbitrary: coherentItem('transcript_template', 'transcript', text), weight: 1 },
  {
    arbitrary: shaped({
      template_id: fc.oneof(fc.constantFrom(...TEMPLATES), text),
      value: outputValue,
      type: fc.oneof(fc.constantFrom(...TYPES), text),
      name: serviceText,
      status: fc.oneof(fc.constantFrom(...STATUSES), serviceText),
      errors: fc.array(fc.oneof(serviceText, junk), { maxLength: 3 }),
      warnings: fc.array(fc.oneof(text, junk), { maxLength: 3 }),
    }),
    weight: 8,
  },
  { arbitrary: junk, weight: 1 },
);

/** What the result lookup might send: its documented shapes with wrong parts, or anything else. */
export const resultBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.record({ data: shaped({ output: fc.array(outputItem, { maxLength: 5 }), additional_data: shaped({ mode: text, doctor: shaped({ _id: text }), visitid: text }) }) }), weight: 6 },
  { arbitrary: fc.record({ error: shaped({ code: fc.oneof(fc.constantFrom('transaction_not_found', 'system_error', 'output_not_available'), serviceText), msg: serviceText }) }), weight: 3 },
  { arbitrary: shaped({ error: serviceText, message: serviceText }), weight: 1 },
  { arbitrary: junk, weight: 2 },
);

export const messageBody = fc.oneof(shaped({ message: serviceText, filename: text }), junk);
export const documentBody = fc.oneof(shaped({ document_id: fc.oneof(fc.uuid(), serviceText) }), shaped({ message: serviceText }), junk);
export const registrationBody = fc.oneof(
  shaped({ hint: serviceText, txn_id: fc.oneof(fc.uuid(), text) }),
  shaped({ code: fc.oneof(fc.integer(), junk), error: serviceText, source_error: shaped({ code: serviceText, message: serviceText }) }),
  junk,
);
const profile = shaped({
  abha_address: serviceText,
  abha_addresses: fc.array(serviceText, { maxLength: 3 }),
  abha_number: fc.oneof(fc.constantFrom('91123456789012', '91-1234-5678-9012'), serviceText),
  address: serviceText,
  day_of_birth: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer()),
  month_of_birth: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer()),
  year_of_birth: fc.oneof(fc.integer({ min: 1900, max: 2030 }), fc.integer()),
  first_name: serviceText,
  middle_name: text,
  last_name: serviceText,
  full_name: serviceText,
  gender: fc.oneof(fc.constantFrom('M', 'F', 'O', 'm'), text),
  kyc_verified: fc.boolean(),
  pincode: text,
  profile_photo: fc.oneof(text, fc.constantFrom('/9j/4AAQSkZJRg==', 'iVBORw0KGgo=', '@@@', 'QUFB')),
});
/** `aadhaar/verify`, `aadhaar/mobile/verify` and `aadhaar/create-phr` answers: the next step, every part possibly wrong. */
export const abhaStepBody = fc.oneof(
  shaped({
    skip_state: fc.oneof(fc.constantFrom('abha_end', 'confirm_mobile_otp', 'abha_select', 'abha_create'), protoName, text),
    txn_id: fc.oneof(fc.uuid(), serviceText),
    hint: serviceText,
    profile: profile,
    abha_profiles: fc.array(fc.oneof(shaped({ abha_address: serviceText, name: serviceText, kyc_verified: fc.oneof(fc.boolean(), text) }), junk), { maxLength: 4 }),
    eka: shaped({ oid: serviceText }),
  }),
  registrationBody,
);
/** `suggest` and `phr/check` answers. */
export const addressBody = fc.oneof(shaped({ suggestions: fc.array(fc.oneof(serviceText, junk), { maxLength: 6 }) }), shaped({ exists: fc.oneof(fc.boolean(), text) }), registrationBody);

export const grantBody = fc.oneof(
  shaped({
    access_token: fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), serviceText),
    expires_in: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constantFrom(1e13, 1e300, 2 ** 53, 8.64e15)),
    refresh_token: serviceText,
    refresh_expires_in: fc.oneof(fc.integer(), fc.constantFrom(1e13, 1e300)),
  }),
  shaped({ code: fc.integer(), error: serviceText }),
  junk,
);

const ENCRYPTED_LOOKING = { protected: 'eyJhbGciOiJkaXIifQ', iv: '!!', ciphertext: 'QUFB', tag: 'QkJC' };

/** A body as it goes over the wire: JSON of it, cut short, or something else entirely. */
export function wire(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: body.map((value) => JSON.stringify(value) ?? ''), weight: 24 },
    { arbitrary: fc.tuple(body, fc.double({ min: 0, max: 1, noNaN: true })).map(([value, at]) => { const json = JSON.stringify(value) ?? ''; return json.slice(0, Math.floor(json.length * at)); }), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        ...DEEP_TEXTS,
        `{"a":${DEEP_TEXTS[3]}}`,
        `{"data":{"output":[],"additional_data":{"deep":${DEEP_TEXTS[4]}}}}`,
        `{"error":{"code":"system_error","msg":${DEEP_TEXTS[4]}}}`,
      ),
      weight: 1,
    },
    { arbitrary: fc.constantFrom('', '<html><body>Bad gateway</body></html>', 'null', '[]', '"string"', '42', HUGE.omega, `"${HUGE.x}"`), weight: 2 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
    { arbitrary: shaped({ protected: text, iv: text, ciphertext: text, tag: text }).map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: fc.constant(JSON.stringify(ENCRYPTED_LOOKING)), weight: 1 },
    { arbitrary: body.filter((value) => value !== undefined).map((value) => JSON.stringify(encryptResponse(value, TEST_CLIENT_KEY, 'protected', ''))), weight: 3 },
  );
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });

/** Retry-After as a service might send it. */
export const retryAfter: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  fc.constantFrom('99999999', '9'.repeat(400), '9'.repeat(30), 'Fri, 31 Dec 9999 23:59:59 GMT', '+275760-09-13T00:00:00.000Z', '-1', '1e308', 'NaN', '0', '1', ''),
  fc.nat().map(String),
  printable,
);

/** Mostly the operation's documented statuses, then any other. */
export function status(documented: readonly number[]): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...documented), weight: 12 },
    { arbitrary: fc.constantFrom(400, 401, 403, 404, 408, 429, 500, 502, 503, 504), weight: 3 },
    { arbitrary: fc.integer({ min: 100, max: 599 }), weight: 1 },
  );
}

export function response(body: fc.Arbitrary<unknown>, documented: readonly number[] = [200]): fc.Arbitrary<TransportResponse> {
  return fc.record({ status: status(documented), retryAfter, text: wire(body) }).map(({ status: code, retryAfter: after, text: bodyText }) => ({
    status: code,
    headers: { 'content-type': 'application/json', ...(after === undefined ? {} : { 'retry-after': after }) },
    text: bodyText,
    bytes: Buffer.from(bodyText, 'utf8'),
  }));
}

/** A header value Node's HTTP server accepts (for answers sent through the real sandbox). */
export const headerSafeRetryAfter = fc.oneof(fc.constant(undefined), fc.constantFrom('99999999', 'Fri, 31 Dec 9999 23:59:59 GMT', '-1', 'soon'), printable);

const labMeasurement = shaped({
  value: fc.oneof(fc.double(), text, fc.integer()),
  unit: text,
  unit_processed: text,
  normal_range_report: fc.oneof(text, junk.map((value) => JSON.stringify(value) ?? ''), fc.constantFrom('{"min":13,"max":17}', '{"max":200}', '[{"low":"4","high":"11"}]')),
  normal_range_eka: text,
  display_range: fc.oneof(text, fc.constantFrom('13 - 17', '< 200', '≥ 40', '1e400 - 2')),
});

/** Something shaped like a lab report's parsing result (`FileProcessingResponse`), every part possibly wrong. */
export const labResultLike = shaped({
  status: fc.constantFrom('queued', 'inprogress', 'completed', 'error', 'deleted'),
  error: fc.array(shaped({ code: fc.oneof(fc.integer(), text), message: serviceText }), { maxLength: 3 }),
  data: shaped({
    fhir: fc.oneof(text, fhirLike.map((value) => Buffer.from(JSON.stringify(value)).toString('base64'))),
    output: shaped({
      data: fc.array(shaped({ test_name: serviceText, data: labMeasurement, normalised_data: labMeasurement, confidence: fc.double() }), { maxLength: 5 }),
      pii: fc.oneof(junk, fc.array(fc.tuple(key, fc.array(shaped({ Patient: shaped({ Name: serviceText, Gender: text, Age: shaped({ Years: fc.integer() }) }), Report: shaped({ Facility: serviceText }) }), { maxLength: 2 })), { maxLength: 2 }).map(ownObject)),
    }),
  }),
});
