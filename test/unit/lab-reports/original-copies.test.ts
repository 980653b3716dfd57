import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UploadSource } from '../../../main/api/upload-source';
import { OriginalCopies, viewerFileName } from '../../../main/lab-reports/original-copies';
import { tempFolder } from '../temp-folder';

const sourceOf = (bytes: Buffer): UploadSource => ({ fileName: 'x', contentType: 'application/pdf', size: bytes.length, open: () => Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]) });

describe('a lab report\'s original, opened in the viewer', () => {
  it('is decrypted into a new folder only this user can open, under its own name, and removed after the delay', async () => {
    const root = tempFolder();
    const opened: string[] = [];
    const copies = new OriginalCopies(root, async (path) => (opened.push(path), ''), 200);
    const bytes = Buffer.from('%PDF-1.4 the lab report as the lab wrote it');
    await copies.open(sourceOf(bytes), 'CBC report.pdf');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.endsWith('/CBC report.pdf')).toBe(true);
    expect(readFileSync(opened[0]!)).toEqual(bytes);
    expect(statSync(join(opened[0]!, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(opened[0]!).mode & 0o777).toBe(0o600);
    await expect.poll(() => existsSync(opened[0]!), { timeout: 3_000 }).toBe(false);
    expect(readdirSync(root)).toEqual([]);
    expect(copies.count()).toBe(0);
  });

  it('every copy is removed on quit, and one left by an earlier run at the next start, but nothing else', async () => {
    const root = tempFolder();
    const copies = new OriginalCopies(root, async () => '');
    await copies.open(sourceOf(Buffer.from('one')), 'a.pdf');
    await copies.open(sourceOf(Buffer.from('two')), 'a.pdf');
    expect(readdirSync(root)).toHaveLength(2);
    copies.removeAll();
    expect(readdirSync(root)).toEqual([]);

    mkdirSync(join(root, 'scribe-desk-original-left'));
    mkdirSync(join(root, 'another-program'));
    expect(new OriginalCopies(root, async () => '').sweep()).toBe(1);
    expect(readdirSync(root)).toEqual(['another-program']);
  });

  it('a viewer that cannot open it: the copy is removed at once and the user told why', async () => {
    const root = tempFolder();
    const copies = new OriginalCopies(root, async () => 'No application is registered as handling this file');
    await expect(copies.open(sourceOf(Buffer.from('x')), 'a.png', 'PNG image')).rejects.toThrow('No program on this computer opened this PNG image (No application is registered');
    expect(readdirSync(root)).toEqual([]);
  });

  it('names the file so that the right viewer opens it, with nothing that leaves its folder', () => {
    expect(viewerFileName('CBC report.pdf', '.pdf')).toBe('CBC report.pdf');
    expect(viewerFileName('scan', '.jpg')).toBe('scan.jpg');
    expect(viewerFileName('page.JPEG', '.jpg')).toBe('page.JPEG');
    expect(viewerFileName('../../etc/passwd', '.pdf')).toBe('_.._etc_passwd.pdf');
    expect(viewerFileName('..', '.png')).toBe('lab-report.png');
    expect(viewerFileName('a\u0000b:c.pdf', '.pdf')).toBe('a_b_c.pdf');
  });
});
