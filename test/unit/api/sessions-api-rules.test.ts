/** The sessions client's own rules, apart from any service: file names, cache lifetimes, and which refusals mean "already ended" or "expired". */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { chunkFileName, isAlreadyEnded, isSessionExpired, maxAgeSeconds } from '../../../main/api/sessions-api';

describe('the sessions client', () => {
  it('names a chunk <base>_<n>.<ext>, n from 0 without leading zeros, and refuses any other number', () => {
    expect(chunkFileName({ base: 'audio', sequence: 0, extension: 'mp3' })).toBe('audio_0.mp3');
    expect(chunkFileName({ base: 'audio', sequence: 12, extension: 'ogg' })).toBe('audio_12.ogg');
    expect(() => chunkFileName({ base: 'audio', sequence: -1, extension: 'mp3' })).toThrow();
    expect(() => chunkFileName({ base: 'audio', sequence: 1.5, extension: 'mp3' })).toThrow();
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
});
