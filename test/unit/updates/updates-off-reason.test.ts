import { describe, expect, it } from 'vitest';
import { updatesOffReason } from '../../../main/updates/updates-off-reason';

describe('updatesOffReason', () => {
  it('allows https anywhere and plain http only on this computer', () => {
    for (const updateUrl of ['https://updates.clinic.example/scribe', 'http://127.0.0.1:8080/', 'http://localhost/updates', 'http://[::1]:9000/']) {
      expect(updatesOffReason({ updatesEnabled: true, updateUrl }), updateUrl).toBeNull();
    }
  });

  it('refuses plain http to another computer, before any request', () => {
    for (const updateUrl of ['http://updates.clinic.example/', 'http://192.0.2.2:8080/', 'http://127.0.0.1.example.org/']) {
      expect(updatesOffReason({ updatesEnabled: true, updateUrl }), updateUrl).toMatch(
        /^The update server address is not allowed, so nothing is requested from it\. Plain http:\/\/ is not allowed/,
      );
    }
  });

  it('refuses other schemes and addresses with credentials', () => {
    expect(updatesOffReason({ updatesEnabled: true, updateUrl: 'ftp://updates.example/' })).toMatch(/Only https:\/\/ addresses/);
    expect(updatesOffReason({ updatesEnabled: true, updateUrl: 'file:///etc/updates/' })).toMatch(/Enter a full web address starting with https:\/\//);
    expect(updatesOffReason({ updatesEnabled: true, updateUrl: 'https://user:pw@updates.example/' })).toMatch(/user name or password/);
  });

  it('says when updates are off or have no server', () => {
    expect(updatesOffReason({ updatesEnabled: false, updateUrl: 'https://updates.example/' })).toMatch(/turned off/);
    expect(updatesOffReason({ updatesEnabled: true, updateUrl: '' })).toMatch(/No update server is set/);
  });
});
