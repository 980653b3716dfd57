/** The sessions client's own rules, apart from any service: file names, cache lifetimes, and which refusals mean "already ended" or "expired". */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { presignedAddressProblem } from '../../../main/api/service-url';
import { isSessionExpired } from '../../../main/api/service-error';
import { sessionPartFileName, isAlreadyEnded, maxAgeSeconds } from '../../../main/api/sessions-api';

describe('the sessions client', () => {
  it('names a part <base>_<n>.<ext>, n from 0 without leading zeros, and refuses any other number', () => {
    expect(sessionPartFileName({ base: 'audio', sequence: 0, extension: 'mp3' })).toBe('audio_0.mp3');
    expect(sessionPartFileName({ base: 'audio', sequence: 12, extension: 'ogg' })).toBe('audio_12.ogg');
    expect(() => sessionPartFileName({ base: 'audio', sequence: -1, extension: 'mp3' })).toThrow();
    expect(() => sessionPartFileName({ base: 'audio', sequence: 1.5, extension: 'mp3' })).toThrow();
  });

  it('keeps discovery as long as Cache-Control allows, and not at all when it forbids or says nothing', () => {
    expect(maxAgeSeconds('public, max-age=10800')).toBe(10_800);
    expect(maxAgeSeconds('max-age=60, no-store')).toBeNull();
    expect(maxAgeSeconds('no-cache')).toBeNull();
    expect(maxAgeSeconds(undefined)).toBeNull();
    expect(maxAgeSeconds('private')).toBeNull();
  });

  it('tells an End already made and an expired session from other refusals', () => {
    const refused = (message: string, details: ConstructorParameters<typeof ServiceError>[2]) => new ServiceError('invalid_request', message, details);
    expect(isAlreadyEnded(refused('The service refused to end the session: Session already ended.', { status: 400 }))).toBe(true);
    expect(isAlreadyEnded(refused('The service refused to end the session.', { status: 400, code: 'session_already_ended' }))).toBe(true);
    expect(isAlreadyEnded(refused('The service refused to end the session: audio_files_sent does not match.', { status: 400, code: 'audio_count_mismatch' }))).toBe(false);
    expect(isAlreadyEnded(new ServiceError('server_error', 'The service had a problem (HTTP 503).', { status: 503 }))).toBe(false);
    expect(isSessionExpired(refused('expired', { status: 410 }))).toBe(true);
    expect(isSessionExpired(refused('refused', { status: 400, code: 'session_expired' }))).toBe(true);
    expect(isSessionExpired(refused('refused', { status: 400 }))).toBe(false);
  });

  it('takes an address the service hands out over https only, plain http only at the built-in sandbox\'s own origin', () => {
    const sandbox = 'http://127.0.0.1:4010';
    const real = 'https://api.eka.care';
    for (const [address, service] of [
      ['https://bucket.s3.ap-south-1.amazonaws.com/sessions/x?X-Amz-Signature=1', real],
      ['https://uploads.example.org/x', sandbox],
      ['http://127.0.0.1:4010/presigned/abc/sessions/x/audio', sandbox],
      ['http://127.0.0.1:4010/presigned/chunks', `${sandbox}/`],
    ]) {
      expect(presignedAddressProblem(address!, service!), address).toBeNull();
    }
    const notSecure = /^The service gave an address to send to that is not secure/;
    for (const [address, service, why] of [
      // Another port on this computer, another name or address for it, another loopback address.
      ['http://127.0.0.1:4011/presigned/chunks', sandbox, notSecure],
      ['http://localhost:4010/presigned/chunks', sandbox, notSecure],
      ['http://[::1]:4010/presigned/chunks', sandbox, notSecure],
      ['http://127.0.0.2:4010/presigned/chunks', sandbox, notSecure],
      // A service reached over https hands out no plain http address, not even one on this computer.
      ['http://127.0.0.1:4010/upload', real, notSecure],
      ['http://uploads.example.org/x', real, /cannot be used: Plain http:\/\/ is not allowed/],
      ['ftp://uploads.example.org/x', real, /cannot be used: Only https:\/\//],
      ['https://user:secret@uploads.example.org/x', real, /cannot be used: The address must not contain a user name or password/],
      ['not an address', real, /cannot be used: Enter a full web address/],
    ] as const) {
      expect(presignedAddressProblem(address, service), address).toMatch(why);
    }
  });
});
