/**
 * What every end-to-end test gets: its own app launches (each with its own data folder),
 * its own sandboxes, the virtual microphone and a desktop session bus, all torn down when the
 * test ends, passed or failed. Tests import `test` and `expect` from here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import type { OperationInput, OperationName, OperationOutput } from '../../../contract/ipc';
import type { Result } from '../../../contract/result';
import { mainLog } from './data-folder';
import { SandboxServer, type SandboxOptions } from '../../../main/sandbox/sandbox-server';
import { startDesktopBus, type DesktopBus } from './desktop-bus';
import { launchApp, type LaunchOptions, type LaunchedApp } from './launch-app';
import { startVirtualMicrophone, type VirtualMicrophone } from './virtual-microphone';

export { expect } from '@playwright/test';

interface Fixtures {
  /** Starts the app; every app started this way is closed and its data folder removed after the test. */
  launch(options?: LaunchOptions): Promise<LaunchedApp>;
  /** Starts a sandbox on loopback; stopped after the test. */
  startSandbox(options?: SandboxOptions): Promise<SandboxServer>;
  /** The virtual microphone speaking, for the tests that record. */
  microphone: VirtualMicrophone;
  /** A desktop's session bus (the accessibility bus starts on it on demand), for the app and the programs it inserts notes into. */
  desktop: DesktopBus;
}

export const test = base.extend<Fixtures>({
  launch: async ({}, use) => {
    const launched: LaunchedApp[] = [];
    await use(async (options) => {
      const app = await launchApp(options);
      launched.push(app);
      return app;
    });
    await closeApps(launched);
  },
  startSandbox: async ({}, use) => {
    const started: SandboxServer[] = [];
    await use(async (options) => {
      const sandbox = await SandboxServer.start(options);
      started.push(sandbox);
      return sandbox;
    });
    await Promise.all(started.map((sandbox) => sandbox.stop()));
  },
  microphone: async ({}, use) => {
    const microphone = startVirtualMicrophone();
    await use(microphone);
    microphone.stop();
  },
  desktop: async ({}, use) => {
    const desktop = startDesktopBus();
    await use(desktop);
    desktop.stop();
  },
});

/** Longer than quitting may take (main waits at most 3 s for its features to stop). */
const CLOSE_WITHIN_MS = 20_000;

/** How long the app's other processes (the network service, the GPU, the recorder) may take to end after main has: they write their last files in the data folder meanwhile. */
const CHILDREN_END_WITHIN_MS = 5_000;

/**
 * Closes the app, and waits for its other processes to end too; one that has not ended within
 * 20 s is killed, and what its log said last is printed, so that a hang says where it was.
 * Answers whether it closed by itself.
 */
export async function closeApp({ app, userDataDir }: LaunchedApp): Promise<boolean> {
  const pid = processIdOf(app);
  // Listed before main ends: after, they are no longer its children.
  const children = pid ? descendantsOf(pid) : [];
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(() => true, () => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_WITHIN_MS))),
  ]);
  clearTimeout(timer);
  if (closed) {
    const left = await stillRunning(children, CHILDREN_END_WITHIN_MS);
    if (left.length === 0) return true;
    process.stderr.write(`The app's main process had ended, but ${CHILDREN_END_WITHIN_MS / 1000} s later these of its processes had not:\n${left.map(processLine).join('\n')}\n`);
    kill(left);
    return true;
  }
  process.stderr.write(
    `The app had not closed ${CLOSE_WITHIN_MS / 1000} s after it was asked to; its log ended with:\n${logTail(userDataDir)}\n` +
      `Its processes then (state, CPU, where each waits):\n${pid ? processesOf(pid) : '(no process id)'}\n`,
  );
  // Its children too: left alone, they go on writing in the data folder after main has gone.
  kill(pid ? [...descendantsOf(pid), ...children] : children);
  app.process().kill('SIGKILL');
  return false;
}

/** The app's main process, while Playwright still holds it (not once the test has closed the app itself). */
function processIdOf(app: LaunchedApp['app']): number | undefined {
  try {
    return app.process().pid;
  } catch {
    return undefined;
  }
}

/** A process's children, theirs, and so on. */
function descendantsOf(pid: number): number[] {
  let children: number[];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter((id) => id > 0);
  } catch {
    return []; // none (ps exits 1)
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** Whether a process still runs: one that has ended but is not yet reaped (a zombie) writes nothing more. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The processes among `pids` still running once they have all ended or `withinMs` has passed. */
async function stillRunning(pids: number[], withinMs: number): Promise<number[]> {
  const until = Date.now() + withinMs;
  let left = pids.filter(running);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter(running);
  }
  return left;
}

/** A process as `ps` shows it: id, state, command line. */
function processLine(pid: number): string {
  return orWhy(`process ${pid}`, () => execFileSync('ps', ['-o', 'pid=,stat=,args=', '--pid', String(pid)], { encoding: 'utf8' }).trimEnd().slice(0, 200));
}

function kill(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/** The app's process and its children, and where main's threads wait (counted by place and name, the main thread's own kernel stack in full), so that a hang says which process waits on what. */
function processesOf(pid: number): string {
  if (process.platform !== 'linux') return '(only on Linux)';
  const run = (command: string, args: string[]) => orWhy(command, () => execFileSync(command, args, { encoding: 'utf8' }).trimEnd());
  const tree = run('ps', ['-o', 'pid,ppid,stat,pcpu,wchan:24,args', '--pid', String(pid), '--ppid', String(pid)]);
  const counted = new Map<string, number>();
  for (const line of run('ps', ['-L', '-o', 'stat=,wchan:24=,comm=', '--pid', String(pid)]).split('\n')) counted.set(line.trim(), (counted.get(line.trim()) ?? 0) + 1);
  const threads = [...counted].map(([place, count]) => `${String(count).padStart(3)} × ${place}`).join('\n');
  const stack = orWhy('kernel stack', () => readFileSync(`/proc/${pid}/stack`, 'utf8').trimEnd());
  return `${tree}\nmain's threads, by where they wait:\n${threads}\nmain thread's kernel stack:\n${stack}\n${threadStacks(pid)}`;
}

/** Every thread's stack, by gdb where it is installed (a deadlock shows which thread waits on which), in a file beside the test's output. */
function threadStacks(pid: number): string {
  const file = resolve('test-results', 'hangs', `main-${pid}.gdb.txt`);
  return orWhy('no thread stacks', () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 30'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }));
    return `every thread's stack: ${file}`;
  });
}

/** What `read` gives, or, where it fails, what it is and the first line of why: a report of a hang says all it can. */
function orWhy(what: string, read: () => string): string {
  try {
    return read();
  } catch (error) {
    return `(${what}: ${(error as Error).message.split('\n')[0]})`;
  }
}

function logTail(userDataDir: string): string {
  return mainLog(userDataDir).trimEnd().split('\n').slice(-15).join('\n') || '(no log)';
}

/** Lazily unmounts whatever a test mounted in a data folder (a small disk), so that the folder can go even when the test ended early. */
function unmountWithin(folder: string): void {
  if (process.platform !== 'linux') return;
  let mounts: string[];
  try {
    mounts = readFileSync('/proc/mounts', 'utf8').split('\n').map((line) => line.split(' ')[1] ?? '');
  } catch {
    return;
  }
  for (const point of mounts.filter((mount) => mount.startsWith(`${folder}/`)).reverse()) {
    try {
      execFileSync('umount', ['-l', point]);
    } catch {
      // Unmounted meanwhile, or not ours to unmount: rmSync says what is left.
    }
  }
}

/** Closes apps (closing one already closed or killed is a no-op) and removes their data folders and policies. */
export async function closeApps(launched: LaunchedApp[]): Promise<void> {
  for (const app of [...launched].reverse()) await closeApp(app);
  for (const { userDataDir, policyFile } of launched) {
    unmountWithin(userDataDir);
    await removeFolder(userDataDir);
    // The policy's own folder (launchApp makes one per start); a policy anywhere else goes alone, never the folder it is in.
    if (basename(dirname(policyFile)).startsWith('scribe-policy-')) rmSync(dirname(policyFile), { recursive: true, force: true });
    else rmSync(policyFile, { force: true });
  }
}

/**
 * Removes a folder, listing it again at each try: Node's own retries list it once, so a file
 * written just after that list (Chromium's last write, its temporary file beside) fails them all.
 */
async function removeFolder(folder: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(folder, { recursive: true, force: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Calls an operation through the page's bridge, exactly as the page does, and returns its Result. */
export function callBridge<K extends OperationName>(page: Page, name: K, input?: OperationInput<K>): Promise<Result<OperationOutput<K>>> {
  return page.evaluate(
    ([operation, argument]) => (window.scribe[operation] as (input: unknown) => Promise<Result<OperationOutput<K>>>)(argument),
    [name, input] as const,
  );
}

/** The value of an operation that must succeed; a failure fails the test with main's message. */
export async function bridgeValue<K extends OperationName>(page: Page, name: K, input?: OperationInput<K>): Promise<OperationOutput<K>> {
  const result = await callBridge(page, name, input);
  if (!result.ok) throw new Error(`${name} failed (${result.error.kind}): ${result.error.message}`);
  return result.value;
}
