import { describe, expect, it } from 'vitest';
import { parseStartupLine, STARTUP_LINE, StartupMarks } from '../../../main/core/startup-marks';
import { assetsNamedIn } from '../../../main/shell/windows/renderer-files';

describe('start-up marks', () => {
  it('notes each moment once, in order, and reads back from the log line', () => {
    let now = 100.4;
    const marks = new StartupMarks({ now: () => now });
    marks.mark('app ready');
    now = 250.6;
    marks.mark('window opened');
    marks.mark('app ready');
    expect(marks.has('window opened')).toBe(true);
    expect(marks.has('Record answered')).toBe(false);
    expect(String(marks)).toBe('app ready 100 ms, window opened 251 ms');
    const line = `[2026-11-25 10:00:00.000] [info] ${STARTUP_LINE}${marks}`;
    expect([...parseStartupLine(line)]).toEqual([
      ['app ready', 100],
      ['window opened', 251],
    ]);
    expect(parseStartupLine('app: started 1.0.0').size).toBe(0);
  });
});

describe('the page’s own files', () => {
  it('are the scripts and style sheets its HTML names from its folder', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-BpRjuWOL.js"></script>
      <link rel="stylesheet" crossorigin href="./assets/index-JWglJN5E.css">
      <link rel="modulepreload" href="/assets/chunk-1.js">
    </head><body><div id="root"></div></body></html>`;
    expect(assetsNamedIn(html)).toEqual(['/assets/index-BpRjuWOL.js', '/assets/index-JWglJN5E.css', '/assets/chunk-1.js']);
    expect(assetsNamedIn('<p>no assets</p>')).toEqual([]);
  });
});
