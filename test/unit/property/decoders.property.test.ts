/**
 * The decoders and the rules about the service's texts and delays, on ten thousand generated
 * values each: no exception escapes, and what comes out is typed and bounded.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import { labReportResultSchema } from '../../../main/api/response-schemas';
import { MAX_RETRY_DELAY_MS, fullJitterDelay, parseRetryAfter } from '../../../main/api/retry-policy';
import { serviceCode, serviceDetail, serviceText, serviceWords } from '../../../main/api/service-text';
import { readOutputItems } from '../../../main/api/voice-api';
import { parseStoredResult } from '../../../main/dictations/stored-result';
import { decodeContext, decodeOutputItem } from '../../../main/results/transcription-view';
import { readLabReportResult } from '../../../main/lab-reports/lab-result';
import { labReportSchema } from '../../../main/lab-reports/lab-report';
import { narrativeText, summarizeFhir } from '../../../main/results/fhir-summary';
import { boundedCopy, nestsDeeperThan } from '../../../main/results/json-limits';
import { fhirLike, junk, labResultLike, outputItem, retryAfter, text, wire } from '../../support/arbitraries';
import { expectReadableMessage } from '../../support/outcome';

// Thousands of generated cases, all CPU: the limit guards against a hang, not against a busy machine (several times slower).
vi.setConfig({ testTimeout: 120_000 });

const RUNS = 10_000;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_301);
const options = { numRuns: RUNS, seed: SEED, endOnFailure: true };

/** Can be stored and sent to the page (JSON.stringify recurses like structured cloning does). */
const json = (value: unknown) => JSON.stringify(value);

describe('decoders', () => {
  it('decode any output item (its value base64 of anything) into typed, bounded content; a bad item never throws', () => {
    fc.assert(
      fc.property(outputItem, fc.nat(200), (item, index) => {
        const [read] = readOutputItems([item]).output;
        json(read);
        const output = decodeOutputItem(read!, index);
        json(output);
        assert.ok(output.templateId.length <= 200);
        assert.ok(output.status.length <= 100);
        for (const message of [...output.errors, ...output.warnings]) assert.ok(message.length <= 300);
        const { content } = output;
        assert.ok(['empty', 'prescription', 'fhir', 'json', 'text', 'invalid'].includes(content.kind));
        if (content.kind === 'invalid') expectReadableMessage(content.problem);
        if ('json' in content) assert.ok(content.json.length <= 1_000_000);
        if (content.kind === 'text') assert.ok(content.text.length <= 1_000_000);
      }),
      options,
    );
  });

  it('read any lab report result into a report that can be stored, or refuse its shape; nothing throws', () => {
    fc.assert(
      fc.property(fc.oneof({ arbitrary: labResultLike, weight: 8 }, { arbitrary: junk, weight: 1 }), (value) => {
        const checked = labReportResultSchema.safeParse(value);
        if (!checked.success) return;
        const answer = readLabReportResult(checked.data);
        json(answer);
        if (answer.state === 'error') expectReadableMessage(answer.message);
        if (answer.state !== 'completed') return;
        // What is stored passes the schema it is read back with.
        labReportSchema.parse(answer.report);
        for (const notice of answer.report.notices) expectReadableMessage(notice);
      }),
      options,
    );
  });

  it('summarize anything shaped like FHIR, or say why not', () => {
    fc.assert(
      fc.property(fc.oneof(fhirLike, junk), (value) => {
        if (nestsDeeperThan(value)) return;
        const reading = summarizeFhir(value);
        json(reading);
        if (!reading.ok) return expectReadableMessage(reading.problem);
        assert.ok(reading.summary.lines.length <= 200);
        assert.ok(reading.summary.sections.length <= 200);
        for (const line of reading.summary.lines) assert.ok(line.text.length <= 2_000);
      }),
      options,
    );
  });

  it('read any narrative as bounded plain text', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: fc.constantFrom('<', '>', '&', '#', ';', 'x', '1', 'a', ' ', '/', 'p', 'b', 'r', '\n') })), (xhtml) => {
        assert.ok(narrativeText(xhtml).length <= 2_000);
      }),
      options,
    );
  });

  it('keep additional_data bounded, prototype names and all', () => {
    fc.assert(
      fc.property(junk, (value) => {
        const context = decodeContext(value);
        json(context);
        assert.equal(nestsDeeperThan(context.raw, 10), false);
        json(boundedCopy(value));
      }),
      options,
    );
  });

  it('read any stored result file as a result or a readable "could not be read"', () => {
    fc.assert(
      fc.property(
        wire(
          fc.oneof(
            junk,
            // The view itself, as earlier versions kept it.
            fc.record({ state: fc.constantFrom('completed', 'failed', 'partial', 'in_progress'), outputs: fc.array(junk, { maxLength: 3 }), code: text, message: text }),
            // The formats: the voice API's answer, a session's.
            fc.record({
              format: fc.constantFrom('voice-v3', 'session-v1', 'voice-v4'),
              state: fc.constantFrom('completed', 'failed', 'partial', 'in_progress', 'processing', 'expired'),
              output: fc.array(fc.oneof(outputItem, junk), { maxLength: 3 }),
              unread: fc.oneof(fc.nat(), junk),
              additional_data: junk,
              error: fc.oneof(fc.record({ code: text, msg: text }), junk),
              transcript: fc.oneof(text, fc.constant(null)),
              language: fc.oneof(text, fc.constant(null)),
              templates: fc.array(fc.oneof(fc.record({ templateId: text, status: text, documentId: fc.constant(null), data: junk, errors: fc.array(text), warnings: fc.array(text) }), junk), { maxLength: 3 }),
              problems: fc.array(text, { maxLength: 2 }),
              status: text,
              asked: fc.array(text, { maxLength: 2 }),
              titles: fc.array(fc.tuple(text, text), { maxLength: 2 }),
            }),
          ),
        ),
        (file) => {
          const result = parseStoredResult(file);
          json(result);
          if (result.state === 'unreadable') expectReadableMessage(result.problem);
        },
      ),
      options,
    );
  });
});

describe('service texts and delays', () => {
  it('cut any value to a readable, bounded text', () => {
    fc.assert(
      fc.property(fc.oneof(text, junk), (value) => {
        assert.ok(serviceText(value).length <= 300);
        assert.ok(serviceCode(value).length <= 80);
        assert.ok(serviceDetail(value).length <= 20_000);
        const words = serviceWords(value);
        assert.doesNotMatch(words.text, /\[object Object\]|\[native code\]/);
        assert.ok((words.detail ?? '').length <= 20_000);
      }),
      options,
    );
  });

  it('turn any Retry-After into at most an hour, and any backoff too', () => {
    fc.assert(
      fc.property(retryAfter, fc.integer(), fc.double(), fc.double({ min: 0, max: 1, noNaN: true }), (header, now, attempt, random) => {
        const delay = parseRetryAfter(header, now);
        if (delay !== undefined) assert.equal(delay >= 0 && delay <= MAX_RETRY_DELAY_MS, true);
        const backoff = fullJitterDelay(attempt, { baseMs: Math.abs(attempt), capMs: Infinity }, () => random);
        assert.equal(backoff >= 0 && backoff <= MAX_RETRY_DELAY_MS, true);
      }),
      options,
    );
  });
});
