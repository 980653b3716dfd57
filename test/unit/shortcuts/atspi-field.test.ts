/**
 * The AT-SPI field reader against a real D-Bus daemon of the test's own, on which this test
 * plays the accessibility registry and a program with two windows (as a GTK program or
 * Chromium answers on a desktop; the real ones are read in test/e2e/emr-insertion.spec.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dbus from '@homebridge/dbus-native';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_MS } from '../../../main/shortcuts/atspi-bus';
import { ANSWER_MS, atspiFieldText as readOn } from '../../../main/shortcuts/atspi-field';
import type { TargetWindow } from '../../../main/shortcuts/insertion-decision';
import { FakeClock } from '../../support/fake-clock';

interface Exporting {
  name?: string;
  exportInterface(impl: object, path: string, description: object): void;
  requestName(name: string, flags: number, callback: (error: unknown, answer: number) => void): void;
  connection: { end(): void };
}
const connectTo = (address: string) => (dbus as unknown as { createClient(options: { busAddress: string }): Exporting }).createClient({ busAddress: address });

const ROOT = '/org/a11y/atspi/accessible/root';
const FOCUSED_AND_EDITABLE = (1 << 12) | (1 << 7);
const present = spawnSync('which', ['dbus-daemon']).status === 0;

/** What the program answers: each window's title and the focused fields Collection finds in it; each field's text. */
const program = {
  windows: { '/w/1': 'Web EMR - Chromium', '/w/2': 'Next patient - Chromium' } as Record<string, string>,
  focused: { '/w/1': ['/f/1'], '/w/2': ['/f/2'] } as Record<string, string[]>,
  texts: { '/f/1': 'Seen today. Test note', '/f/2': 'the next chart' } as Record<string, string>,
  hang: false,
  rules: [] as unknown[],
};

let daemon: ChildProcess;
let env: NodeJS.ProcessEnv;
const buses: Exporting[] = [];
const target = (title: string, pid: number | null = process.pid): TargetWindow => ({ id: 'x11:1', program: null, title, higherRights: false, pid });

/** The questions' time limits run on a clock the test moves: the answers come in real time, and a limit passes only when moved. */
const clock = new FakeClock();
/** Why the last read gave null, as the reader told it. */
let why: string | null = null;
const atspiFieldText = (window: TargetWindow, environment: NodeJS.ProcessEnv) => {
  why = null;
  return readOn(window, clock, { env: environment, unread: (reason) => (why = reason) });
};
/** A turn of the event loop: what an answer or a timer set going has run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function named(bus: Exporting): Promise<string> {
  for (let tries = 0; !bus.name && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return bus.name!;
}

beforeAll(async () => {
  if (!present) return;
  daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string>((resolve) => daemon.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim())));
  env = { AT_SPI_BUS_ADDRESS: address };
  const registry = connectTo(address);
  const app = connectTo(address);
  buses.push(registry, app);
  const appName = await named(app);
  await new Promise((resolve) => registry.requestName('org.a11y.atspi.Registry', 0, resolve));
  const accessible = (methods: object, properties: object = {}) => ({ name: 'org.a11y.atspi.Accessible', methods, properties, signals: {} });
  registry.exportInterface({ GetChildren: () => [[appName, ROOT]] }, ROOT, accessible({ GetChildren: ['', 'a(so)'] }));
  app.exportInterface({ GetChildren: () => Object.keys(program.windows).map((path) => [appName, path]) }, ROOT, accessible({ GetChildren: ['', 'a(so)'] }));
  for (const path of Object.keys(program.windows)) {
    app.exportInterface({ Name: program.windows[path] }, path, accessible({}, { Name: 's' }));
    app.exportInterface(
      {
        GetMatches: (rule: unknown) => {
          program.rules.push(rule);
          return program.hang ? new Promise(() => undefined) : program.focused[path]!.map((field) => [appName, field]);
        },
      },
      path,
      { name: 'org.a11y.atspi.Collection', methods: { GetMatches: ['(aiia{ss}iaiiasib)uib', 'a(so)'] }, properties: {}, signals: {} },
    );
  }
  for (const path of Object.keys(program.texts)) {
    app.exportInterface({ GetText: () => program.texts[path] }, path, { name: 'org.a11y.atspi.Text', methods: { GetText: ['ii', 's'] }, properties: {}, signals: {} });
  }
});

afterAll(() => {
  for (const bus of buses) bus.connection.end();
  daemon?.kill();
});

describe.skipIf(!present)('reading the focused field over the accessibility bus', () => {
  it('reads the focused, editable field of the window named as the window of the press', async () => {
    expect(await atspiFieldText(target('Web EMR - Chromium'), env)).toBe('Seen today. Test note');
    expect(await atspiFieldText(target('Next patient - Chromium'), env)).toBe('the next chart');
    // Asked of the program for objects both focused and editable.
    expect(program.rules.at(-1)).toEqual([[FOCUSED_AND_EDITABLE, 0], 1, [], 1, [], 1, [], 1, false]);
  });

  it('never another window’s field: a title no window has, another process, or no process named, gives null', async () => {
    // One focused field in the whole program, in the window of another title.
    program.focused['/w/2'] = [];
    try {
      expect(await atspiFieldText(target('A chart that changed - Chromium'), env)).toBeNull();
      expect(why).toBe("no window of the program has the press's window title");
      expect(await atspiFieldText(target('Web EMR - Chromium', process.pid + 100_000), env)).toBeNull();
      expect(why).toBe('the program is not on the accessibility bus');
      expect(await atspiFieldText(target('Web EMR - Chromium', null), env)).toBeNull();
      expect(why).toBe("the press's window has no process");
    } finally {
      program.focused['/w/2'] = ['/f/2'];
    }
  });

  it('two focused fields in the window are unclear: null', async () => {
    program.focused['/w/1'] = ['/f/1', '/f/2'];
    try {
      expect(await atspiFieldText(target('Web EMR - Chromium'), env)).toBeNull();
      expect(why).toBe('2 focused fields were found');
    } finally {
      program.focused['/w/1'] = ['/f/1'];
    }
  });

  it('a program that does not answer holds nothing back: null once a question has waited its time limit', async () => {
    program.hang = true;
    try {
      const asked = program.rules.length;
      let answer: string | null | undefined;
      const reading = atspiFieldText(target('Web EMR - Chromium'), env).then((text) => (answer = text));
      // The program has the question it will never answer (a state, waited for in real time).
      while (program.rules.length === asked) await new Promise((resolve) => setTimeout(resolve, 2));
      expect(clock.pending).toBe(1);
      clock.tick(ANSWER_MS - 1);
      await turn();
      expect(answer).toBeUndefined();
      clock.tick(1);
      await reading;
      expect(answer).toBeNull();
      expect(why).toBe(`GetMatches: no answer within ${ANSWER_MS} ms`);
    } finally {
      program.hang = false;
    }
  });

  it('no accessibility bus to be found, or none at the address given: null, and why', async () => {
    expect(await atspiFieldText(target('Web EMR - Chromium'), {})).toBeNull();
    expect(why).toBe('no accessibility bus was found');
    expect(await atspiFieldText(target('Web EMR - Chromium'), { AT_SPI_BUS_ADDRESS: 'unix:path=/nonexistent/bus' })).toBeNull();
    expect(why).toMatch(/^the bus refused the connection \(.*ENOENT/);
  });

  it('a bus slow to accept the connection has its own time limit, apart from the questions’: null once it has passed', async () => {
    // A socket that takes the connection and never answers its handshake, as a bus that hangs does.
    const path = join(mkdtempSync(join(tmpdir(), 'atspi-')), 'bus');
    const server: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      let answer: string | null | undefined;
      const reading = atspiFieldText(target('Web EMR - Chromium'), { AT_SPI_BUS_ADDRESS: `unix:path=${path}` }).then((text) => (answer = text));
      while (clock.pending === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      // A question's limit passing is not enough: the handshake has longer.
      clock.tick(ANSWER_MS);
      await turn();
      expect(answer).toBeUndefined();
      clock.tick(CONNECT_MS - ANSWER_MS);
      await reading;
      expect(answer).toBeNull();
      expect(why).toBe(`the bus did not accept the connection within ${CONNECT_MS} ms`);
    } finally {
      server.close();
    }
  });
});
