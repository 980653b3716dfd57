import { describe, expect, it } from 'vitest';
import { MAX_LAB_REPORT_BYTES } from '../../../contract/limits';
import { checkLabReportFile, recordedDpi } from '../../../main/lab-reports/lab-report-file-check';
import { TINY_PNG, labReportPdf, scannedJpeg } from '../../fixtures/documents';

describe('checkLabReportFile', () => {
  it('accepts a complete PDF and a sharp page photo, by their content', async () => {
    const pdf = await labReportPdf();
    expect(checkLabReportFile(pdf, pdf.length)).toEqual({ kind: 'pdf', problem: null, warning: null });
    const page = scannedJpeg(1300, 1800);
    expect(checkLabReportFile(page, page.length)).toEqual({ kind: 'jpeg', problem: null, warning: null });
  });

  it('refuses a PDF cut short, and a PDF whose startxref points nowhere', async () => {
    const pdf = await labReportPdf();
    const truncated = pdf.subarray(0, Math.floor(pdf.length * 0.7));
    expect(checkLabReportFile(truncated, truncated.length).problem).toMatch(/incomplete or damaged/);
    const text = pdf.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n999999999');
    const broken = Buffer.from(text, 'latin1');
    expect(checkLabReportFile(broken, broken.length).problem).toMatch(/incomplete or damaged/);
  });

  it('refuses empty files, files over 10 MB with both sizes, and files that are not PDF, JPEG or PNG', () => {
    expect(checkLabReportFile(Buffer.alloc(0), 0).problem).toBe('This file is empty.');
    expect(checkLabReportFile(null, 11 * 1024 * 1024).problem).toBe('This file is 11.0 MB; the limit is 10.0 MB.');
    expect(checkLabReportFile(null, MAX_LAB_REPORT_BYTES + 1).problem).toMatch(/limit is 10.0 MB/);
    const renamed = Buffer.from('Haemoglobin 13.2 g/dL\n');
    expect(checkLabReportFile(renamed, renamed.length)).toMatchObject({ kind: null, problem: expect.stringMatching(/not a PDF, JPEG or PNG/) });
  });

  it('warns about images below 150 DPI, and reads a recorded density', () => {
    const small = scannedJpeg(400, 560);
    expect(checkLabReportFile(small, small.length).warning).toMatch(/400 × 560 pixels \(about 48 DPI/);
    expect(checkLabReportFile(TINY_PNG, TINY_PNG.length)).toMatchObject({ kind: 'png', problem: null, warning: expect.stringMatching(/1 × 1 pixels/) });
    const jfif = Buffer.from(small);
    jfif[13] = 1;
    jfif.writeUInt16BE(300, 14);
    jfif.writeUInt16BE(300, 16);
    expect(recordedDpi(jfif, 'jpeg')).toBe(300);
    expect(checkLabReportFile(jfif, jfif.length).warning).toBeNull();
  });

  it('takes an A4 page at 150 DPI for what it is, as JPEG and as PNG', () => {
    const a4 = scannedJpeg(1240, 1754);
    expect(checkLabReportFile(a4, a4.length)).toEqual({ kind: 'jpeg', problem: null, warning: null });
    const below = scannedJpeg(1100, 1556);
    expect(checkLabReportFile(below, below.length).warning).toMatch(/about 133 DPI/);
  });

  it('refuses an image whose header is damaged', () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(50)]);
    expect(checkLabReportFile(damaged, damaged.length).problem).toMatch(/damaged/);
  });
});
