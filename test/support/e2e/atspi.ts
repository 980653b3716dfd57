/**
 * The app driven as a screen reader drives it: a desktop's accessibility bus (a dbus-daemon as
 * at-spi2-core configures one, and at-spi2-registryd on it) whose socket can be shared into a
 * chroot, and a client that finds a control in a program's accessibility tree by its role and
 * name (org.a11y.atspi.Collection) and activates it (Action.DoAction, what Orca's "activate"
 * does): wherever the control is laid out, even scrolled out of view. Chromium, and so Electron,
 * exposes its pages on the bus only with `--force-renderer-accessibility` and
 * `ACCESSIBILITY_ENABLED=1` together (docs/emr-insertion.md): CHROMIUM_ACCESSIBILITY.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESSIBLE, connectAtspi, type AtspiBus, type Reference } from '../../../main/shortcuts/atspi-bus';
import { systemClock } from '../../../main/core/clock';

/** What a Chromium-based program is started with to show its pages on the accessibility bus. */
export const CHROMIUM_ACCESSIBILITY = { env: { ACCESSIBILITY_ENABLED: '1' }, args: ['--force-renderer-accessibility'] };

/** AtspiRole numbers of the roles asked for, checked against the role's name the program gives (GetRoleName). */
const ROLES = { 'push button': 43, 'toggle button': 62, 'list item': 32, entry: 79 } as const;
export type Role = keyof typeof ROLES;
/** AtspiStateType numbers. Not SHOWING: Chromium leaves it off a control scrolled out of view, which a screen reader still reaches. */
const STATE = { enabled: 8, focused: 12, selected: 23, visible: 30 } as const;
/** Long enough for a busy machine: a question here is answered in milliseconds. */
const ANSWER_MS = 5_000;

/** The part of the accessibility bus a test needs: the socket's folder, to share, and the daemon and registry to stop. */
export interface AccessibilityBus {
  /** The bus's address on this machine. */
  address: string;
  /** The folder holding its socket. */
  folder: string;
  /** The bus's address where `folder` is seen at `inside` (a chroot's bind mount). */
  addressAt(inside: string): string;
  stop(): void;
}

const CONFIG = (socket: string) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>accessibility</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <!-- The app runs as another user than the test (a doctor's account in a chroot). -->
    <allow user="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A bus of its own in `folder` (made, and left for the caller to remove), open to every user of
 * this machine (its socket is world-writable), with the registry on it. What at-spi-bus-launcher
 * does on a desktop, with the socket where a chroot can be given it.
 */
export async function startAccessibilityBus(folder: string): Promise<AccessibilityBus> {
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o755);
  const socket = join(folder, 'bus');
  writeFileSync(join(folder, 'bus.conf'), CONFIG(socket));
  const address = `unix:path=${socket}`;
  const processes: ChildProcess[] = [];
  const stop = () => {
    for (const child of processes.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  try {
    processes.push(spawn('dbus-daemon', ['--nofork', `--config-file=${join(folder, 'bus.conf')}`], { stdio: 'ignore' }));
    await until('the accessibility bus’s socket', () => (existsSync(socket) ? true : null), 10_000);
    chmodSync(socket, 0o777);
    processes.push(spawn('/usr/libexec/at-spi2-registryd', [], { stdio: 'ignore', env: { ...process.env, AT_SPI_BUS_ADDRESS: address } }));
    const bus = await connectAtspi(address, ANSWER_MS, systemClock);
    try {
      // Asking for a program asks the registry for its list: an answer says it is there.
      await until('the accessibility registry', () => bus.programOf(-1).then(() => true), 10_000);
    } finally {
      bus.end();
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { address, folder, addressAt: (inside) => `unix:path=${inside}/bus`, stop };
}

/** A control found: what it is called, and the program's reference to it. */
export interface Control {
  role: Role;
  name: string;
  reference: Reference;
}

/** One program's accessibility tree, as a screen reader reaches it. */
export class ScreenReader {
  private constructor(
    private readonly bus: AtspiBus,
    private readonly program: Reference,
  ) {}

  /** The program on `bus` whose connection belongs to process `pid`, once it has joined the bus. */
  static async attach(accessibility: AccessibilityBus, pid: number, timeoutMs = 30_000): Promise<ScreenReader> {
    const bus = await connectAtspi(accessibility.address, ANSWER_MS, systemClock);
    try {
      const program = await until(`process ${pid} on the accessibility bus`, () => bus.programOf(pid), timeoutMs);
      return new ScreenReader(bus, program);
    } catch (error) {
      bus.end();
      throw error;
    }
  }

  /** The visible controls of `role` (in every state of `states`) whose name matches `name` (the whole name when a string), in the page's order. */
  async findAll(role: Role, name: string | RegExp, states: Array<keyof typeof STATE> = []): Promise<Control[]> {
    const matches = await this.bus.matches(this.program, { states: [STATE.visible, ...states.map((state) => STATE[state])], roles: [ROLES[role]] });
    const found: Control[] = [];
    for (const reference of matches) {
      const controlName = await this.bus.name(reference).catch(() => null);
      if (controlName === null || !(typeof name === 'string' ? controlName === name : name.test(controlName))) continue;
      const roleName = await this.bus.ask<string>({ destination: reference[0], path: reference[1], interface: ACCESSIBLE, member: 'GetRoleName' });
      if (roleName !== role) throw new Error(`Role number ${ROLES[role]} is "${roleName}" here, not "${role}": ROLES in atspi.ts is wrong.`);
      found.push({ role, name: controlName, reference });
    }
    return found;
  }

  /** The one control of `role` named `name` (in every state of `states`), once there is one; two such controls are an error, not a guess. */
  async find(role: Role, name: string | RegExp, { states = [], timeoutMs = 20_000 }: { states?: Array<keyof typeof STATE>; timeoutMs?: number } = {}): Promise<Control> {
    try {
      return await until(
        `the ${[...states, role].join(' ')} "${String(name)}"`,
        async () => {
          const found = await this.findAll(role, name, states);
          if (found.length > 1) throw new Error(`${found.length} of them: ${found.map((control) => control.name).join(' | ')}`);
          return found[0] ?? null;
        },
        timeoutMs,
      );
    } catch (error) {
      // What a screen reader would find instead: the first thing to look at when a control was renamed.
      const there = await this.findAll(role, /^/).catch(() => []);
      throw new Error(`${(error as Error).message}; the ${role}s there: ${there.map((control) => `"${control.name}"`).join(', ') || 'none'}`);
    }
  }

  /** Activates the control as a screen reader does (its first action: "click" in Chromium). */
  async activate(control: Control): Promise<void> {
    const [destination, path] = control.reference;
    const done = await this.bus.ask<boolean>({ destination, path, interface: 'org.a11y.atspi.Action', member: 'DoAction', signature: 'i', body: [0] });
    if (!done) throw new Error(`The ${control.role} "${control.name}" refused its action.`);
  }

  /** Finds the control of `role` named `name`, once it is enabled, and activates it. */
  async press(role: Role, name: string | RegExp, timeoutMs?: number): Promise<Control> {
    const control = await this.find(role, name, { states: ['enabled'], timeoutMs });
    await this.activate(control);
    return control;
  }

  /** Waits until the keyboard's focus is on the control of `role` named `name` (what is typed next goes there). */
  async focusIsOn(role: Role, name: string | RegExp, timeoutMs?: number): Promise<Control> {
    return this.find(role, name, { states: ['focused'], timeoutMs });
  }

  close(): void {
    this.bus.end();
  }
}
