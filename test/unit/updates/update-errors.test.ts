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
    expect(updateErrorMessage(new Error('net::ERR_CONNECTION_REFUSED\nstack'))).toBe('The update server could not be reached: it refused the connection (ERR_CONNECTION_REFUSED). The app tries again later.');
    expect(updateErrorMessage(new Error('net::ERR_NAME_NOT_RESOLVED'))).toMatch(/^The update server could not be reached: its name was not found .*\(ERR_NAME_NOT_RESOLVED\)/);
    expect(updateErrorMessage(new Error('net::ERR_SOMETHING_NEW'))).toMatch(/could not be reached: the connection failed \(ERR_SOMETHING_NEW\)/);
    expect(updateErrorMessage(Object.assign(new Error('500 Internal Server Error\nheaders...'), { statusCode: 500 }))).toMatch(/answered with an error \(HTTP 500\)/);
  });
});
