/**
 * The text of the focused field in another program's window on Linux, read through the
 * accessibility bus (AT-SPI over D-Bus), as a screen reader reads it: the program is found by
 * the process that owns the window, its window by the window's title (compared only), and in
 * it the one focused editable object, whose text is read. GTK programs answer by default;
 * Chromium and Chrome only with their accessibility on (docs/emr-insertion.md). Any question
 * not answered in time, or answered unclearly (no such program, no window of that title, two
 * focused fields), gives null: the caller then cannot say what landed, and says nothing. Thin
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

async function readField(bus: AtspiBus, target: TargetWindow & { pid: number }): Promise<string | null> {
  const program = await bus.programOf(target.pid);
  if (!program) return null;
  // The window of the press, by its title: another window's field is never read (a program that names its windows otherwise is not read).
  const named: Reference[] = [];
  for (const window of await bus.children(program)) if ((await bus.name(window).catch(() => null)) === target.title) named.push(window);
  const focusedFields = (window: Reference) => bus.matches(window, { states: [STATE_FOCUSED, STATE_EDITABLE] }).catch(() => []);
  const fields = (await Promise.all(named.map(focusedFields))).flat();
  if (fields.length !== 1) return null;
  const [destination, path] = fields[0]!;
  return bus.ask<string>({ destination, path, interface: 'org.a11y.atspi.Text', member: 'GetText', signature: 'ii', body: [0, -1] });
}

/** The text of the focused field in `target`, or null where it cannot be read. Never throws. */
export async function atspiFieldText(target: TargetWindow, clock: Clock, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const { pid } = target;
  if (!pid) return null;
  let bus: AtspiBus | null = null;
  try {
    const address = await accessibilityBus(env, clock);
    if (!address) return null;
    bus = await connectAtspi(address, ANSWER_MS, clock);
    return await readField(bus, { ...target, pid });
  } catch {
    return null;
  } finally {
    bus?.end();
  }
}
