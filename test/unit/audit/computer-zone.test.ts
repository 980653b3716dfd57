/**
 * The computer's zone in the trail, read from /etc/localtime's link without ICU where the
 * system keeps it so, and from ICU otherwise. The sources are the test's; the last case asks
 * this computer, as the app does, and compares with ICU.
 */
import { describe, expect, it } from 'vitest';
import { computerZone, type ZoneSources } from '../../../main/audit/computer-zone';

const ICU = 'Icu/Answer';
const sources = (given: Partial<ZoneSources>): ZoneSources => ({ platform: 'linux', tz: undefined, localtimeLink: () => null, icu: () => ICU, ...given });

describe('the computer zone', () => {
  it("is the zone /etc/localtime links to, on Linux (Debian's absolute link, a relative one) and macOS", () => {
    expect(computerZone(sources({ localtimeLink: () => '/usr/share/zoneinfo/Asia/Kolkata' }))).toBe('Asia/Kolkata');
    expect(computerZone(sources({ localtimeLink: () => '../usr/share/zoneinfo/America/Argentina/Buenos_Aires' }))).toBe('America/Argentina/Buenos_Aires');
    expect(computerZone(sources({ platform: 'darwin', localtimeLink: () => '/var/db/timezone/zoneinfo/Europe/Berlin' }))).toBe('Europe/Berlin');
    expect(computerZone(sources({ localtimeLink: () => '/usr/share/zoneinfo/posix/Etc/GMT+5' }))).toBe('Etc/GMT+5');
    expect(computerZone(sources({ localtimeLink: () => '/usr/share/zoneinfo/Etc/UTC' }))).toBe('Etc/UTC');
  });

  it('is asked of ICU when TZ is set (it overrides the link), on Windows, or when the link names no zone', () => {
    const link = () => '/usr/share/zoneinfo/Asia/Kolkata';
    expect(computerZone(sources({ tz: 'Europe/Paris', localtimeLink: link }))).toBe(ICU);
    expect(computerZone(sources({ platform: 'win32', localtimeLink: link }))).toBe(ICU);
    expect(computerZone(sources({ localtimeLink: () => null }))).toBe(ICU);
    expect(computerZone(sources({ localtimeLink: () => '/etc/some-copy' }))).toBe(ICU);
    expect(computerZone(sources({ localtimeLink: () => '/usr/share/zoneinfo/' }))).toBe(ICU);
    expect(computerZone(sources({ localtimeLink: () => '/usr/share/zoneinfo/../../../etc/passwd' }))).toBe(ICU);
  });

  it("names the same zone as ICU on this computer (ICU says UTC for Etc/UTC, and an older name for some zones)", () => {
    const icu = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const read = computerZone();
    const utc = new Set(['UTC', 'Etc/UTC', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu', 'UCT', 'Etc/UCT']);
    if (utc.has(icu)) expect(utc.has(read)).toBe(true);
    else expect(new Date().toLocaleString('en-GB', { timeZone: read, timeZoneName: 'longOffset' })).toBe(new Date().toLocaleString('en-GB', { timeZone: icu, timeZoneName: 'longOffset' }));
  });
});
