/**
 * The page's formatting functions and the result view itself, on generated values: no
 * exception, and readable text (unknown statuses as their text, never an object).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import type { FhirSummary } from '../../../contract/transcription';
import { failureReason } from '../../../renderer/app/failure-reason';
import { formatDateTime, formatDuration, formatTime, medicationRow } from '../../../renderer/features/dictation/format';
import { fhirFootnote, fhirHeadline, resourceLabel, statusText, statusTone } from '../../../renderer/features/dictation/result-format';
import { ServiceCaller } from '../../../main/api/service-call';
import { getTranscriptionResult } from '../../../main/api/voice-api';
import { ScriptedTransport, settle } from '../../support/outcome';
import { getLabReportResult } from '../../../main/api/lab-reports-api';
import { voiceTranscription } from '../../../main/results/transcription-view';
import { readLabReportResult } from '../../../main/lab-reports/lab-result';
import { resultViewOf } from '../../../main/lab-reports/lab-report';
import { LAB_REPORT_TASKS } from '../../../contract/lab-reports';
import { confidenceText, flagLabel, flagSymbol, lowConfidenceLine, noTestsLine, sampleDateText, summaryLine, tasksText } from '../../../renderer/features/lab-reports/lab-format';
import { junk, labResultLike, protoName, response, resultBody, text } from '../../support/arbitraries';
import { renderLabTests, renderResult } from '../../support/render-result';
import { systemClock } from '../../../main/core/clock';

// Thousands of generated cases, all CPU: the limit guards against a hang, not against a busy machine (several times slower).
vi.setConfig({ testTimeout: 120_000 });

const RUNS = 10_000;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_301);
const options = { numRuns: RUNS, seed: SEED, endOnFailure: true };

/** Text made for a person: never an object or a function printed as text. */
function readable(value: unknown): void {
  assert.equal(typeof value, 'string');
  assert.doesNotMatch(value as string, /\[object Object\]|\[native code\]/);
}

const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, Number.MAX_SAFE_INTEGER));
const maybe = <T,>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const medication = fc.record({
  name: text,
  frequency: maybe(fc.record({ pattern_id: maybe(text), dose: maybe(fc.array(text, { maxLength: 4 })), period: maybe(number), period_unit: maybe(text), frequency: maybe(text), custom: maybe(text) })),
  instruction: maybe(text),
  id: maybe(text),
});

const summary: fc.Arbitrary<FhirSummary> = fc.record({
  resourceType: fc.oneof(fc.constant('Bundle'), text),
  bundleType: fc.option(text, { nil: null }),
  resourceCounts: fc.array(fc.record({ type: fc.oneof(text, protoName), count: fc.nat() }), { maxLength: 5 }),
  title: fc.option(text, { nil: null }),
  sections: fc.array(fc.record({ level: fc.nat(12), title: fc.option(text, { nil: null }), text: fc.option(text, { nil: null }) }), { maxLength: 4 }),
  lines: fc.array(fc.record({ resourceType: text, text }), { maxLength: 4 }),
  unreadableEntries: fc.nat(),
  shortened: fc.boolean(),
});

describe('page formatting', () => {
  it('durations, dates and times of any value', () => {
    fc.assert(
      fc.property(number, fc.oneof(text, fc.date({ noInvalidDate: false }).map((date) => (Number.isNaN(date.getTime()) ? 'x' : date.toISOString()))), fc.boolean(), (ms, iso, seconds) => {
        for (const shown of [formatDuration(ms), formatDateTime(iso), formatTime(iso, seconds)]) {
          readable(shown);
          assert.doesNotMatch(shown, /NaN|Infinity|Invalid Date/);
        }
      }),
      options,
    );
  });

  it('a medication row of any typed medication', () => {
    fc.assert(
      fc.property(medication, (value) => {
        const row = medicationRow(value);
        for (const cell of Object.values(row)) readable(cell);
        // A duration starts with a real number, whatever unit the service wrote.
        if (row.duration !== '—') assert.equal(Number.isFinite(Number(row.duration.split(' ')[0])), true);
      }),
      options,
    );
  });

  it('statuses, resource types and FHIR summaries, prototype names included', () => {
    fc.assert(
      fc.property(fc.oneof(text, protoName, fc.constantFrom('success', 'partial_success', 'failure')), summary, (status, fhir) => {
        const shown = statusText(status);
        readable(shown);
        assert.ok(shown.length > 0);
        assert.ok(shown.length <= 60);
        // Unknown statuses are shown as the service wrote them.
        if (!['success', 'partial_success', 'failure'].includes(status) && status.trim() !== '') assert.ok(status.replace(/\s+/g, ' ').includes(shown.replace(/…$/, '')));
        assert.ok(['success', 'partial', 'failure', 'other'].includes(statusTone(status)));
        assert.equal(typeof resourceLabel(status), 'string');
        assert.equal(typeof fhirHeadline(fhir), 'string');
        const footnote = fhirFootnote(fhir);
        if (footnote !== null) readable(footnote);
      }),
      options,
    );
  });

  it('the technical reason of any thrown value', () => {
    const thrown = fc.oneof(
      junk,
      text.map((message) => new TypeError(message)),
      fc.constant(Object.create(null) as unknown),
      fc.constant({ get message(): string { throw new Error('no'); } }),
      fc.constant(Object.assign(new Error('x'), { name: { toString: () => { throw new Error('no'); } } })),
    );
    fc.assert(
      fc.property(thrown, (error) => {
        const reason = failureReason(error);
        assert.ok(reason.length > 0);
        assert.ok(reason.length <= 300);
      }),
      options,
    );
  });
});

describe('a lab report as the Records screen shows it', () => {
  it('lines, flags and the tests table of whatever main read from any generated answer', async () => {
    const noRenewal = { token: () => Promise.resolve('t'), renewAfterRejection: () => Promise.resolve(null) };
    const tasks = fc.subarray([...LAB_REPORT_TASKS, 'constructor' as never]);
    await fc.assert(
      fc.asyncProperty(response(labResultLike, [200]), tasks, fc.oneof(text, protoName), async (answer, asked, date) => {
        const call = new ServiceCaller(() => ({ baseUrl: 'https://service.test', auth: noRenewal }), systemClock, {}, new ScriptedTransport([answer]));
        const outcome = await settle(getLabReportResult(call, 'document-1').then(readLabReportResult));
        for (const line of [noTestsLine(asked), tasksText(asked), sampleDateText(date)]) readable(line);
        if (!outcome.ok || outcome.value.state !== 'completed') return;
        const view = resultViewOf(outcome.value.report);
        if (view.state !== 'ready') return;
        readable(summaryLine(view.tests));
        const unsure = lowConfidenceLine(view.tests);
        if (unsure !== null) readable(unsure);
        for (const test of view.tests) for (const shown of [flagLabel(test.flag), flagSymbol(test.flag), confidenceText(test.confidence)]) readable(shown);
        assert.doesNotMatch(renderLabTests(view.tests), /\[object Object\]|\[native code\]|NaN%/);
      }),
      { ...options, numRuns: 3_000 },
    );
  });
});

describe('the result view', () => {
  it('draws whatever main decoded from any generated answer, without throwing', async () => {
    const noRenewal = { token: () => Promise.resolve('t'), renewAfterRejection: () => Promise.resolve(null) };
    await fc.assert(
      fc.asyncProperty(response(resultBody, [200, 206, 202, 500]), async (answer) => {
        const call = new ServiceCaller(() => ({ baseUrl: 'https://service.test', auth: noRenewal }), systemClock, {}, new ScriptedTransport([answer]));
        const outcome = await settle(getTranscriptionResult(call, 'txn'));
        if (!outcome.ok) return;
        const html = renderResult(voiceTranscription(outcome.value));
        assert.doesNotMatch(html, /\[object Object\]|\[native code\]/);
      }),
      { ...options, numRuns: 3_000 },
    );
    assert.ok(renderResult({ state: 'unreadable', problem: 'The saved result could not be read.' }).includes('could not be read'));
  });
});
