/**
 * Questions to programs on the accessibility bus (AT-SPI over D-Bus, with
 * @homebridge/dbus-native), as a screen reader asks them: the program of a process, an
 * object's children and name, the objects below one in given states and roles (the program
 * finds them itself: Collection.GetMatches). Every question has a time limit, so that a program
 * that hangs holds nothing up. Used by the field reader (atspi-field.ts), and by the tests that
 * drive the installed app as a screen reader does.
 */
import type { Clock } from '../core/clock';

export interface AtspiCall {
  destination: string;
  path: string;
  interface: string;
  member: string;
  signature?: string;
  body?: unknown[];
}

/** An object on the bus: the program's connection and the object's path in it. */
export type Reference = [busName: string, path: string];

/** The part of dbus-native's client used here (its typings name only the system bus). */
interface MessageBus {
  invoke(call: AtspiCall, callback: (error: unknown, value: unknown) => void): void;
  connection: {
    end(): void;
    on(event: 'error', listener: (error: Error) => void): void;
    once(event: 'connect', listener: () => void): void;
    once(event: 'error', listener: (error: Error) => void): void;
  };
}
type CreateClient = (options: { busAddress?: string; socket?: string }) => MessageBus;

/** The D-Bus library, loaded at the first connection (a field is read only when a note is inserted): not on the way to the first screen. */
let library: Promise<CreateClient> | null = null;
const createClient = (): Promise<CreateClient> =>
  (library ??= import('@homebridge/dbus-native').then((loaded) => ((loaded.default ?? loaded) as unknown as { createClient: CreateClient }).createClient));

export const ACCESSIBLE = 'org.a11y.atspi.Accessible';
const REGISTRY: Reference = ['org.a11y.atspi.Registry', '/org/a11y/atspi/accessible/root'];
/** Collection.MatchType: ALL of a set, ANY of it; the canonical order. */
const MATCH_ALL = 1;
const MATCH_ANY = 2;
const CANONICAL = 1;

/** AtspiStateType or AtspiRole numbers as the Collection rule takes them: a bit set of `words` 32-bit words. */
function bitSet(numbers: readonly number[], words: number): number[] {
  const set = new Array<number>(words).fill(0);
  for (const number of numbers) set[number >> 5]! |= 1 << (number & 31);
  return set;
}

export interface AtspiBus {
  /** One question, answered within the connection's time limit or rejected. */
  ask<T>(call: AtspiCall): Promise<T>;
  children(object: Reference): Promise<Reference[]>;
  name(object: Reference): Promise<string>;
  /** The program on the bus whose connection belongs to process `pid`, or null. */
  programOf(pid: number): Promise<Reference | null>;
  /** The objects below `object` in every one of `states` and, when roles are given, of any one of `roles`, in the page's order. */
  matches(object: Reference, rule: { states: readonly number[]; roles?: readonly number[] }): Promise<Reference[]>;
  end(): void;
}

/**
 * How long the bus may take to accept a connection (its handshake), apart from the questions'
 * own limit: on a busy computer the first handshake of the day is the slow part.
 */
export const CONNECT_MS = 1_000;

/** Resolves once the bus has accepted the connection; rejects when it refuses it or takes longer than CONNECT_MS. */
function accepted(bus: MessageBus, clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new Error(`the bus did not accept the connection within ${CONNECT_MS} ms`)), CONNECT_MS);
    bus.connection.once('connect', () => {
      clock.clearTimeout(timer);
      resolve();
    });
    bus.connection.once('error', (error) => {
      clock.clearTimeout(timer);
      reject(new Error(`the bus refused the connection (${error.message})`));
    });
  });
}

/** A connection to the bus at `address`, once the bus has accepted it; its every question waits at most `answerMs` on `clock`. */
export async function connectAtspi(address: string, answerMs: number, clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>): Promise<AtspiBus> {
  // dbus-native reaches an abstract socket only through an optional native module; Node reaches it as a path that starts with NUL.
  const abstract = /^unix:abstract=([^,;]+)/.exec(address);
  const bus = (await createClient())(abstract ? { socket: `\0${abstract[1]}` } : { busAddress: address });
  bus.connection.on('error', () => undefined);
  try {
    await accepted(bus, clock);
  } catch (error) {
    bus.connection.end();
    throw error;
  }
  const ask = <T>(call: AtspiCall) =>
    new Promise<T>((resolve, reject) => {
      const timer = clock.setTimeout(() => reject(new Error(`${call.member}: no answer within ${answerMs} ms`)), answerMs);
      bus.invoke(call, (error, value) => {
        clock.clearTimeout(timer);
        if (error) reject(new Error(`${call.member}: ${JSON.stringify(error)}`));
        else resolve(value as T);
      });
    });
  const children = ([destination, path]: Reference) => ask<Reference[]>({ destination, path, interface: ACCESSIBLE, member: 'GetChildren' });
  return {
    ask,
    children,
    name: async ([destination, path]) => {
      // A variant comes back as [its signature, [its value]].
      const variant = await ask<[unknown, [unknown]]>({ destination, path, interface: 'org.freedesktop.DBus.Properties', member: 'Get', signature: 'ss', body: [ACCESSIBLE, 'Name'] });
      return String(variant[1][0]);
    },
    programOf: async (pid) => {
      for (const program of await children(REGISTRY)) {
        const owner = await ask<number>({
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
    },
    matches: ([destination, path], { states, roles = [] }) => {
      const roleSet = roles.length > 0 ? bitSet(roles, 4) : [];
      const rule = [bitSet(states, 2), MATCH_ALL, [], MATCH_ALL, roleSet, roles.length > 0 ? MATCH_ANY : MATCH_ALL, [], MATCH_ALL, false];
      return ask<Reference[]>({ destination, path, interface: 'org.a11y.atspi.Collection', member: 'GetMatches', signature: '(aiia{ss}iaiiasib)uib', body: [rule, CANONICAL, 0, true] });
    },
    end: () => bus.connection.end(),
  };
}
