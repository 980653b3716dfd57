/**
 * The text of the focused field in another program's window on Linux, read through the
 * accessibility bus (AT-SPI over D-Bus), as a screen reader reads it: the program is found by
 * the process that owns the window, its window by the window's title (compared only), and in
 * it the one focused editable object, whose text is read. GTK programs answer by default;
 * Chromium and Chrome only with their accessibility on (docs/emr-insertion.md). Any question
 * not answered in time, or answered unclearly (no such program, no window of that title, two
 * focused fields), gives null: the caller then cannot say what landed, and says nothing. Thin
 * adapter; what the text means is decided in field-landing.ts.
 */
import type { TargetWindow } from './insertion-decision';

interface Call {
  destination: string;
  path: string;
  interface: string;
  member: string;
  signature?: string;
  body?: unknown[];
}

/** The part of dbus-native's client used here (its typings name only the system bus). */
interface MessageBus {
  invoke(call: Call, callback: (error: unknown, value: unknown) => void): void;
  connection: { end(): void; on(event: 'error', listener: (error: Error) => void): void };
}
type CreateClient = (options: { busAddress?: string; socket?: string }) => MessageBus;

/** The D-Bus library, loaded at the first reading (a field is read only when a note is inserted): not on the way to the first screen. */
let library: Promise<CreateClient> | null = null;
const createClient = (): Promise<CreateClient> =>
  (library ??= import('@homebridge/dbus-native').then((loaded) => ((loaded.default ?? loaded) as unknown as { createClient: CreateClient }).createClient));

/** How long one question may take: a program that hangs must not hold the note back. */
const ANSWER_MS = 300;
const REGISTRY = { destination: 'org.a11y.atspi.Registry', path: '/org/a11y/atspi/accessible/root' };
const ACCESSIBLE = 'org.a11y.atspi.Accessible';
const STATE_EDITABLE = 7;
const STATE_FOCUSED = 12;
/** Collection.MatchType ALL, and the canonical order. */
const MATCH_ALL = 1;
const CANONICAL = 1;

type Reference = [busName: string, path: string];

async function connect(address: string): Promise<MessageBus> {
  // dbus-native reaches an abstract socket only through an optional native module; Node reaches it as a path that starts with NUL.
  const abstract = /^unix:abstract=([^,;]+)/.exec(address);
  const bus = (await createClient())(abstract ? { socket: `\0${abstract[1]}` } : { busAddress: address });
  bus.connection.on('error', () => undefined);
  return bus;
}

function ask<T>(bus: MessageBus, call: Call): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${call.member}: no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
    bus.invoke(call, (error, value) => {
      clearTimeout(timer);
      if (error) reject(new Error(`${call.member}: ${JSON.stringify(error)}`));
      else resolve(value as T);
    });
  });
}

/** The accessibility bus's address: AT_SPI_BUS_ADDRESS, else the session bus's org.a11y.Bus (started there on demand). */
async function accessibilityBus(env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.AT_SPI_BUS_ADDRESS) return env.AT_SPI_BUS_ADDRESS;
  if (!env.DBUS_SESSION_BUS_ADDRESS) return null;
  const session = await connect(env.DBUS_SESSION_BUS_ADDRESS);
  try {
    return await ask<string>(session, { destination: 'org.a11y.Bus', path: '/org/a11y/bus', interface: 'org.a11y.Bus', member: 'GetAddress' });
  } finally {
    session.connection.end();
  }
}

const children = (bus: MessageBus, [destination, path]: Reference) => ask<Reference[]>(bus, { destination, path, interface: ACCESSIBLE, member: 'GetChildren' });

async function nameOf(bus: MessageBus, [destination, path]: Reference): Promise<string> {
  // A variant comes back as [its signature, [its value]].
  const variant = await ask<[unknown, [unknown]]>(bus, {
    destination,
    path,
    interface: 'org.freedesktop.DBus.Properties',
    member: 'Get',
    signature: 'ss',
    body: [ACCESSIBLE, 'Name'],
  });
  return String(variant[1][0]);
}

/** The program on the bus whose connection belongs to process `pid`. */
async function programOf(bus: MessageBus, pid: number): Promise<Reference | null> {
  for (const program of await children(bus, [REGISTRY.destination, REGISTRY.path])) {
    const owner = await ask<number>(bus, {
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'GetConnectionUnixProcessID',
      signature: 's',
      body: [program[0]],
    }).catch(() => null);
    if (owner === pid) return program;
  }
  return null;
}

/** The focused, editable objects below `[destination, path]`, found by the program itself (Collection). */
function focusedFields(bus: MessageBus, [destination, path]: Reference): Promise<Reference[]> {
  const states = [(1 << STATE_FOCUSED) | (1 << STATE_EDITABLE), 0];
  return ask<Reference[]>(bus, {
    destination,
    path,
    interface: 'org.a11y.atspi.Collection',
    member: 'GetMatches',
    signature: '(aiia{ss}iaiiasib)uib',
    body: [[states, MATCH_ALL, [], MATCH_ALL, [], MATCH_ALL, [], MATCH_ALL, false], CANONICAL, 0, true],
  });
}

async function readField(bus: MessageBus, target: TargetWindow & { pid: number }): Promise<string | null> {
  const program = await programOf(bus, target.pid);
  if (!program) return null;
  // The window of the press, by its title: another window's field is never read (a program that names its windows otherwise is not read).
  const named: Reference[] = [];
  for (const window of await children(bus, program)) if ((await nameOf(bus, window).catch(() => null)) === target.title) named.push(window);
  const fields = (await Promise.all(named.map((window) => focusedFields(bus, window).catch(() => [])))).flat();
  if (fields.length !== 1) return null;
  const [destination, path] = fields[0]!;
  return ask<string>(bus, { destination, path, interface: 'org.a11y.atspi.Text', member: 'GetText', signature: 'ii', body: [0, -1] });
}

/** The text of the focused field in `target`, or null where it cannot be read. Never throws. */
export async function atspiFieldText(target: TargetWindow, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const { pid } = target;
  if (!pid) return null;
  let bus: MessageBus | null = null;
  try {
    const address = await accessibilityBus(env);
    if (!address) return null;
    bus = await connect(address);
    return await readField(bus, { ...target, pid });
  } catch {
    return null;
  } finally {
    bus?.connection.end();
  }
}
