import { describe, expect, it } from 'vitest';
import { UpdateRefusedError, updateErrorMessage } from '../../../main/updates/update-errors';

describe('updateErrorMessage', () => {
  it('shows a refusal as it is', () => {
    expect(updateErrorMessage(new UpdateRefusedError('Refused for a reason.'))).toBe('Refused for a reason.');
  });

  it('explains a download that does not match the signed metadata', () => {
    const mismatch = Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), { code: 'ERR_CHECKSUM_MISMATCH' });
    expect(updateErrorMessage(mismatch)).toMatch(/does not match the publisher's signed release information \(sha512 checksum mismatch\); it was deleted/);
  });

  it('keeps the first line of anything else', () => {
    expect(updateErrorMessage(new Error('net::ERR_CONNECTION_REFUSED\nstack'))).toBe('The update could not be checked or downloaded: net::ERR_CONNECTION_REFUSED');
  });
});
