/**
 * The text of the focused field in another program's window on Linux, read through the
 * accessibility bus (AT-SPI over D-Bus), as a screen reader reads it: the program is found by
 * the process that owns the window, its window by the window's title (compared only), and in
 * it the one focused editable object, whose text is read. GTK programs answer by default;
 * Chromium and Chrome only with their accessibility on (docs/emr-insertion.md). Any question
 * not answered in time, or answered unclearly (no such program, no window of that title, two
 * focused fields), gives null, and the caller is told why: it then cannot say what landed. Thin
 * adapter (the questions are atspi-bus.ts's); what the text means is decided in field-landing.ts.
 */
import type { Clock } from '../core/clock';
import { connectAtspi, type AtspiBus, type Reference } from './atspi-bus';
import type { TargetWindow } from './insertion-decision';

/** How long one question may take (on the app's clock): a program that hangs must not hold the note back. */
export const ANSWER_MS = 300;
const STATE_EDITABLE = 7;
const STATE_FOCUSED = 12;

/** The accessibility bus's address: AT_SPI_BUS_ADDRESS, else the session bus's org.a11y.Bus (started there on demand). */
async function accessibilityBus(env: NodeJS.ProcessEnv, clock: Clock): Promise<string | null> {
  if (env.AT_SPI_BUS_ADDRESS) return env.AT_SPI_BUS_ADDRESS;
  if (!env.DBUS_SESSION_BUS_ADDRESS) return null;
  const dbus = await connectAtspi(env.DBUS_SESSION_BUS_ADDRESS, ANSWER_MS, clock);
  try {
    return await dbus.ask<string>({ destination: 'org.a11y.Bus', path: '/org/a11y/bus', interface: 'org.a11y.Bus', member: 'GetAddress' });
  } finally {
    dbus.end();
  }
}

/** Why a field was not read: said in the log, never with the window's title or the field's text. */
class Unread extends Error {}

async function readField(bus: AtspiBus, target: TargetWindow & { pid: number }): Promise<string> {
  const program = await bus.programOf(target.pid);
  if (!program) throw new Unread('the program is not on the accessibility bus');
  // The window of the press, by its title: another window's field is never read (a program that names its windows otherwise is not read).
  const named: Reference[] = [];
  for (const window of await bus.children(program)) if ((await bus.name(window).catch(() => null)) === target.title) named.push(window);
  if (named.length === 0) throw new Unread("no window of the program has the press's window title");
  const asked = await Promise.allSettled(named.map((window) => bus.matches(window, { states: [STATE_FOCUSED, STATE_EDITABLE] })));
  const fields = asked.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  const unanswered = asked.find((answer) => answer.status === 'rejected');
  if (fields.length === 0 && unanswered) throw unanswered.reason;
  if (fields.length !== 1) throw new Unread(fields.length === 0 ? 'no focused field was found' : `${fields.length} focused fields were found`);
  const [destination, path] = fields[0]!;
  return bus.ask<string>({ destination, path, interface: 'org.a11y.atspi.Text', member: 'GetText', signature: 'ii', body: [0, -1] });
}

export interface FieldReadOptions {
  env?: NodeJS.ProcessEnv;
  /** Told why the field was not read (a question not answered in time, no such window...), when it was not. */
  unread?(why: string): void;
}

/** The text of the focused field in `target`, or null where it cannot be read (`unread` is told why). Never throws. */
export async function atspiFieldText(target: TargetWindow, clock: Clock, { env = process.env, unread }: FieldReadOptions = {}): Promise<string | null> {
  const { pid } = target;
  let bus: AtspiBus | null = null;
  try {
    if (!pid) throw new Unread("the press's window has no process");
    const address = await accessibilityBus(env, clock);
    if (!address) throw new Unread('no accessibility bus was found');
    bus = await connectAtspi(address, ANSWER_MS, clock);
    return await readField(bus, { ...target, pid });
  } catch (error) {
    unread?.((error as Error).message);
    return null;
  } finally {
    bus?.end();
  }
}
