/** Ten thousand generated answers to the result lookup, through the real client and decoders (see client-answers). */
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import { getTranscriptionResult } from '../../../main/api/voice-api';
import { resultBody } from '../../support/arbitraries';
import { answers, caller, encrypted, property } from '../../support/client-harness';
import { expectReadableResult, expectTyped, settle } from '../../support/outcome';

// Thousands of generated cases, all CPU: the limit guards against a hang, not against a busy machine (several times slower).
vi.setConfig({ testTimeout: 120_000 });

describe('every generated answer ends typed and readable', () => {
  it('result lookup', async () => {
    await property(fc.tuple(answers(resultBody, [200, 200, 202, 206, 400, 500]), encrypted), async ([responses, encrypt]) => {
      expectTyped(await settle(getTranscriptionResult(caller(responses, encrypt), 'txn-1')), expectReadableResult);
    });
  });

});
