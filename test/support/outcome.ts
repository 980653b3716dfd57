/**
 * What every generated answer must end as: a typed, bounded value, or a typed ServiceError
 * with a readable, bounded message. Checked with node:assert, not expect(): ten thousand
 * cases a test, and expect() costs more than the code under test.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { Transport, TransportRequest, TransportResponse } from '../../main/api/http-transport';
import type { LabReportResultAnswer } from '../../main/api/lab-reports-api';
import type { AbhaStep } from '../../main/api/registration-api';
import { MAX_RETRY_DELAY_MS } from '../../main/api/retry-policy';
import { ServiceError } from '../../main/api/service-error';
import type { VoiceStatus } from '../../main/api/voice-api';
import { keptVoiceResult, parseStoredResult, resultView } from '../../main/dictations/stored-result';
import { readLabReportResult } from '../../main/lab-reports/lab-result';
import { labReportSchema, resultViewOf } from '../../main/lab-reports/lab-report';
import { accountsView, addressChoices, profileView } from '../../main/registration/abha-profile';
import { serviceAppError } from '../../main/shell/ipc/app-failure';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A transport that answers each request with the next of the given responses (the last one again when they run out). */
export class ScriptedTransport implements Transport {
  requests = 0;
  constructor(private readonly responses: Array<TransportResponse | ServiceError>) {}

  send(request: TransportRequest): Promise<TransportResponse> {
    // A streamed body is read as the real transport would, so its errors surface the same way.
    if (request.body && typeof request.body === 'object' && 'resume' in request.body) request.body.resume();
    const next = this.responses[Math.min(this.requests, this.responses.length - 1)]!;
    this.requests += 1;
    return next instanceof ServiceError ? Promise.reject(next) : Promise.resolve(next);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A message for a person: text, not empty, bounded, never an object or a function printed as text. */
export function expectReadableMessage(message: unknown, max = 1_000): void {
  assert.equal(typeof message, 'string', 'a message is text');
  const text = message as string;
  assert.ok(text.trim().length > 0, 'a message is not empty');
  assert.ok(text.length <= max, `a message has at most ${max} characters (it has ${text.length})`);
  assert.ok(!text.includes('[object Object]'), `an object printed as text: ${text.slice(0, 200)}`);
  assert.ok(!/\[native code\]|function \w*\(/.test(text), `a function printed as text: ${text.slice(0, 200)}`);
}

export function expectTypedError(error: unknown): void {
  if (!(error instanceof ServiceError)) throw new Error(`Not a ServiceError: ${error instanceof Error ? error.stack : String(error)}`);
  expectReadableMessage(error.message);
  assert.ok(error.detail === undefined || error.detail.length <= 20_000, 'the detail is bounded');
  assert.ok(error.code === undefined || error.code.length <= 80, 'the code is bounded');
  if (error.retryAfterMs !== undefined) {
    assert.ok(Number.isFinite(error.retryAfterMs) && error.retryAfterMs >= 0 && error.retryAfterMs <= MAX_RETRY_DELAY_MS, `Retry-After within an hour: ${error.retryAfterMs}`);
  }
  const forPage = serviceAppError(error);
  expectReadableMessage(forPage.message);
  assert.ok(forPage.detail === undefined || forPage.detail.length <= 20_000, 'the page detail is bounded');
}

/**
 * A result lookup's answer: kept as it is (JSON-safe, so it can be stored), and its view
 * (JSON-safe, so it can be sent to the page) exactly what reading it back from disk gives.
 */
export function expectReadableResult(answer: VoiceStatus): void {
  const kept = keptVoiceResult(answer);
  const stored = JSON.stringify(kept);
  const result = resultView(kept);
  JSON.stringify(result);
  const readBack = parseStoredResult(stored);
  if (!isDeepStrictEqual(readBack, result)) expect(readBack).toEqual(result);
  if (result.state === 'failed') {
    expectReadableMessage(result.message);
    assert.ok(result.code.length <= 80, 'the failure code is bounded');
    assert.ok(result.detail === undefined || result.detail.length <= 20_000, 'the failure detail is bounded');
  }
}

/** Either outcome, checked; a value is checked by `value`. */
export function expectTyped<T>(outcome: Outcome<T>, value: (value: T) => void): void {
  if (outcome.ok) value(outcome.value);
  else expectTypedError(outcome.error);
}

/** A lab report's parsing result: stored as it is read back, and every text bounded. */
export function expectReadableLabAnswer(wireAnswer: LabReportResultAnswer): void {
  const answer = readLabReportResult(wireAnswer);
  if (answer.state === 'error') expectReadableMessage(answer.message);
  if (answer.state !== 'completed') return;
  const stored = labReportSchema.parse(JSON.parse(JSON.stringify(answer.report)));
  const view = resultViewOf(stored);
  if (view.state === 'unreadable') {
    expectReadableMessage(view.problem);
    return;
  }
  for (const notice of view.notices) expectReadableMessage(notice);
  for (const test of view.tests) for (const text of [test.name, test.value, test.unit, test.range]) assert.ok(text.length <= 1_000, `a test's text is bounded (${text.length})`);
}

/** A registration step as the screen would show it: the profile and accounts bounded, nothing thrown. */
export function expectReadableAbhaStep(step: AbhaStep): void {
  const accounts = accountsView(step);
  assert.ok(accounts.length <= 50, 'the accounts to choose from are a short list');
  const texts = accounts.flatMap((account) => [account.abhaAddress, account.name ?? '']);
  if (step.profile) {
    const profile = profileView(step.profile);
    texts.push(profile.name, profile.abhaNumber ?? '', profile.abhaAddress ?? '', profile.address ?? '', profile.dateOfBirth ?? '');
    texts.push(...addressChoices(accounts, step.profile));
  }
  for (const text of texts) assert.ok(text.length <= 1_000, `a text shown is bounded (${text.length})`);
}
