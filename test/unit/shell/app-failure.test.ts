import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { Refusal, refuse } from '../../../main/core/refusal';
import { AppFailure, toAppError } from '../../../main/shell/ipc/app-failure';
import { appError } from '../../../contract/result';

const thrown = (act: () => void) => {
  try {
    act();
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('nothing was thrown');
};

describe('toAppError: every error a handler meets, as the page receives it', () => {
  it("a core refusal keeps its kind, its words and its fields; retryable as its kind says unless it says otherwise", () => {
    expect(thrown(() => refuse('not-found', 'This dictation no longer exists.'))).toEqual({ kind: 'not-found', message: 'This dictation no longer exists.', retryable: false });
    expect(thrown(() => refuse('invalid-input', 'Check it.', { otp: 'Check it.' }))).toEqual({ kind: 'invalid-input', message: 'Check it.', fields: { otp: 'Check it.' }, retryable: false });
    expect(toAppError(new Refusal('busy', 'Wait.'))).toMatchObject({ retryable: true });
    expect(toAppError(new Refusal('busy', 'Wait for the national system.', { retryable: false }))).toMatchObject({ retryable: false });
    expect(toAppError(new Refusal('cancelled', 'Started over.'))).toEqual({ kind: 'cancelled', message: 'Started over.', retryable: false });
  });

  it("a refusal's detail: its own, or that of the service error it explains", () => {
    expect(toAppError(new Refusal('refused', 'Not printed.', { detail: 'Printer is offline' }))).toMatchObject({ detail: 'Printer is offline' });
    const cause = new ServiceError('registration_failed', 'Refused.', { status: 400, sourceError: { code: 'ABDM-1101', message: 'Already exists' } });
    expect(toAppError(new Refusal('invalid-input', 'Taken.', { cause }))).toMatchObject({ message: 'Taken.', detail: 'Already exists (ABDM-1101)' });
    expect(toAppError(new Refusal('refused', 'No.', { cause: new Error('internal') }))).not.toHaveProperty('detail');
  });

  it("the service's and the disk's errors in their own words; the wiring's failures as they are", () => {
    expect(toAppError(new ServiceError('network', 'The service cannot be reached.'))).toMatchObject({ kind: 'offline', message: 'The service cannot be reached.', retryable: true });
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC', syscall: 'write' });
    expect(toAppError(full)).toMatchObject({ kind: 'storage', message: expect.stringMatching(/^The disk is full/) });
    expect(toAppError(new AppFailure(appError('refused', 'Locked by the administrator.')))).toEqual(appError('refused', 'Locked by the administrator.'));
  });

  it('only a fault in the app itself is told in general words, without its internals', () => {
    const fault = toAppError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(fault).toMatchObject({ kind: 'unexpected', message: expect.stringMatching(/^Something went wrong inside Scribe Desk\./) });
    expect(JSON.stringify(fault)).not.toContain('undefined');
  });
});
