import { describe, expect, it } from 'vitest';
import { Refusal } from '../../../main/core/refusal';
import { learnFromFailure } from '../../../main/outbox/failure-decision';
import { ServiceHealth } from '../../../main/service/service-health';

const decide = (error: unknown) => learnFromFailure(error, { health: new ServiceHealth(), attempts: 1, now: 0, what: 'The file could not be sent' });

describe('a failure inside the app, as an outbox item shows it', () => {
  it('a refusal in its own words, a disk problem explained, a fault by its kind only', () => {
    expect(decide(new Refusal('storage', 'The copy of this document kept for sending is damaged on the disk.'))).toEqual({
      action: 'fail',
      problem: 'The file could not be sent: The copy of this document kept for sending is damaged on the disk.',
      error: null,
    });
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    expect(decide(full)).toMatchObject({ action: 'fail', problem: expect.stringMatching(/^The file could not be sent: The disk is full/) });
    const fault = decide(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(fault).toMatchObject({ action: 'fail', problem: 'The file could not be sent: something went wrong inside Scribe Desk (TypeError). Retry; if it happens again, restart the app.' });
  });
});
