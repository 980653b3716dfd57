import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UploadSource } from '../../../main/api/upload-source';
import { OriginalCopies, REMOVE_AFTER_MINUTES, originalCopyName, thumbnailCacheOf } from '../../../main/lab-reports/original-copies';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { systemClock } from '../../../main/core/clock';

/** 11:35 on 25 Nov 2026 on this computer's clock, whatever its time zone. */
const ADDED_AT = new Date(2026, 10, 25, 11, 35, 20).toISOString();

const sourceOf = (bytes: Buffer): UploadSource => ({ fileName: 'x', contentType: 'application/pdf', size: bytes.length, open: () => Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]) });

describe('a lab report\'s original, opened in the viewer', () => {
  it('is decrypted into a new folder only this user can open, named for what it is and when it was added, and removed after the delay', async () => {
    const root = tempFolder();
    const opened: string[] = [];
    const clock = new FakeClock();
    const copies = new OriginalCopies(root, async (path) => (opened.push(path), ''), clock);
    const bytes = Buffer.from('%PDF-1.4 the lab report as the lab wrote it');
    await copies.open(sourceOf(bytes), originalCopyName('pdf', ADDED_AT));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.endsWith('/lab-report-2026-11-25-1135.pdf')).toBe(true);
    expect(readFileSync(opened[0]!)).toEqual(bytes);
    expect(statSync(join(opened[0]!, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(opened[0]!).mode & 0o777).toBe(0o600);
    clock.tick(REMOVE_AFTER_MINUTES * 60_000 - 1);
    expect(existsSync(opened[0]!)).toBe(true);
    clock.tick(1);
    expect(existsSync(opened[0]!)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
    expect(copies.count()).toBe(0);
  });

  it('every copy is removed on quit, and one left by an earlier run at the next start, but nothing else', async () => {
    const root = tempFolder();
    const copies = new OriginalCopies(root, async () => '', systemClock);
    await copies.open(sourceOf(Buffer.from('one')), originalCopyName('pdf', ADDED_AT));
    await copies.open(sourceOf(Buffer.from('two')), originalCopyName('pdf', ADDED_AT));
    expect(readdirSync(root)).toHaveLength(2);
    copies.removeAll();
    expect(readdirSync(root)).toEqual([]);

    mkdirSync(join(root, 'scribe-desk-original-left'));
    mkdirSync(join(root, 'another-program'));
    expect(new OriginalCopies(root, async () => '', systemClock).sweep()).toBe(1);
    expect(readdirSync(root)).toEqual(['another-program']);
  });

  it('a viewer that cannot open it: the copy is removed at once and the user told why', async () => {
    const root = tempFolder();
    const copies = new OriginalCopies(root, async () => 'No application is registered as handling this file', systemClock);
    await expect(copies.open(sourceOf(Buffer.from('x')), originalCopyName('png', ADDED_AT), 'PNG image')).rejects.toThrow('No program on this computer opened this PNG image (No application is registered');
    expect(readdirSync(root)).toEqual([]);
  });

  it('is named by its kind, checked from its content, and the time it was added: nothing of the original file\'s name', () => {
    expect(originalCopyName('pdf', ADDED_AT)).toBe('lab-report-2026-11-25-1135.pdf');
    expect(originalCopyName('jpeg', ADDED_AT)).toBe('lab-report-2026-11-25-1135.jpg');
    expect(originalCopyName('png', new Date(2027, 0, 3, 7, 5).toISOString())).toBe('lab-report-2027-01-03-0705.png');
    expect(originalCopyName('pdf', 'not a date')).toBe('lab-report.pdf');
  });

  it('the thumbnails a Linux desktop made of the copy go with it, at every size, and at the next start for a copy an earlier run left; nobody else\'s', async () => {
    const root = tempFolder();
    const cache = join(tempFolder(), 'thumbnails');
    for (const size of ['normal', 'large', 'x-large', 'xx-large', 'fail/gnome-thumbnail-factory']) mkdirSync(join(cache, size), { recursive: true });
    // As the freedesktop.org specification names them: the MD5 of the file's URI, in hex.
    const thumbnailName = (path: string) => `${createHash('md5').update(`file://${path}`).digest('hex')}.png`;
    const thumbnailsMade = (path: string) => {
      for (const size of ['normal', 'large', 'fail/gnome-thumbnail-factory']) writeFileSync(join(cache, size, thumbnailName(path)), 'a page of the report, small');
    };
    writeFileSync(join(cache, 'normal', thumbnailName('/home/dr/holiday.jpg')), 'another file\'s');
    const opened: string[] = [];
    const copies = new OriginalCopies(root, async (path) => (thumbnailsMade(path), opened.push(path), ''), systemClock, cache);
    await copies.open(sourceOf(Buffer.from('%PDF-1.4')), originalCopyName('pdf', ADDED_AT));
    expect(readdirSync(join(cache, 'large'))).toEqual([thumbnailName(opened[0]!)]);
    copies.removeAll();
    const left = () => ['normal', 'large', 'x-large', 'xx-large', 'fail/gnome-thumbnail-factory'].flatMap((size) => readdirSync(join(cache, size)));
    expect(left()).toEqual([thumbnailName('/home/dr/holiday.jpg')]);

    const earlier = join(root, 'scribe-desk-original-left');
    mkdirSync(earlier);
    writeFileSync(join(earlier, 'lab-report-2026-11-24-0900.png'), 'x');
    thumbnailsMade(join(earlier, 'lab-report-2026-11-24-0900.png'));
    expect(new OriginalCopies(root, async () => '', systemClock, cache).sweep()).toBe(1);
    expect(left()).toEqual([thumbnailName('/home/dr/holiday.jpg')]);
  });

  it('looks for thumbnails where a Linux desktop keeps them, and nowhere on Windows or macOS', () => {
    expect(thumbnailCacheOf('linux', {}, '/home/dr')).toBe('/home/dr/.cache/thumbnails');
    expect(thumbnailCacheOf('linux', { XDG_CACHE_HOME: '/var/cache/dr' }, '/home/dr')).toBe('/var/cache/dr/thumbnails');
    // The specification ignores a relative XDG_CACHE_HOME.
    expect(thumbnailCacheOf('linux', { XDG_CACHE_HOME: 'cache' }, '/home/dr')).toBe('/home/dr/.cache/thumbnails');
    expect(thumbnailCacheOf('win32', {}, 'C:\\Users\\dr')).toBeNull();
    expect(thumbnailCacheOf('darwin', {}, '/Users/dr')).toBeNull();
  });
});
