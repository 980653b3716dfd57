/**
 * A throwaway Debian 12 computer for the package tests: a minimal root made once by
 * debootstrap from deb.debian.org and kept outside the checkout (~/.cache/scribe-desk-tests),
 * laid under a fresh overlay for each run, with /proc, /sys, /dev, /dev/shm, the X socket and
 * a PulseAudio socket of the test's virtual display and microphone, and any folder the test
 * shares (the accessibility bus's socket). apt's downloads are kept in the same cache, so a
 * second run downloads nothing. Linux and root only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_CACHE = join(homedir(), '.cache', 'scribe-desk-tests');
const BASE = join(TEST_CACHE, 'bookworm-minbase');
const ARCHIVES = join(TEST_CACHE, 'apt-archives');
const MIRROR = 'http://deb.debian.org/debian';
/** The person who uses the app: an ordinary account, as on a clinic's desktop. */
export const DOCTOR = { name: 'doctor', uid: 1000, home: '/home/doctor' };
/** Where the PulseAudio socket appears inside the root. */
const PULSE_INSIDE = '/run/scribe-pulse';

/** The minimal Debian 12 root, made once (about a minute) and reused. */
function baseRoot(): string {
  if (existsSync(join(BASE, 'etc', 'debian_version'))) return BASE;
  const partial = `${BASE}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(TEST_CACHE, { recursive: true });
  execFileSync('debootstrap', ['--variant=minbase', 'bookworm', partial, MIRROR], { stdio: 'pipe', timeout: 600_000 });
  renameSync(partial, BASE);
  return BASE;
}

function mounted(): string[] {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter(Boolean);
}

export interface RunOptions {
  /** Run as the doctor (default root). */
  asDoctor?: boolean;
  env?: Record<string, string>;
  timeout?: number;
}

export interface RunResult {
  status: number;
  output: string;
}

export class DebianRoot {
  private constructor(
    private readonly work: string,
    /** The root as the host sees it. */
    readonly path: string,
    private readonly pulseModule: string | null,
    private readonly display: string,
  ) {}

  /** A fresh computer: the cached base under a new overlay, the doctor's account, the display and (unless `sound` is false) the sound of this test run. */
  static create({ sound = true }: { sound?: boolean } = {}): DebianRoot {
    const lower = baseRoot();
    const work = mkdtempSync(join(tmpdir(), 'scribe-debian-'));
    const [upper, overlayWork, root, pulse] = ['upper', 'work', 'root', 'pulse'].map((name) => join(work, name)) as [string, string, string, string];
    for (const folder of [upper, overlayWork, root, pulse]) mkdirSync(folder);
    for (const folder of [work, pulse]) chmodSync(folder, 0o755);
    execFileSync('mount', ['-t', 'overlay', 'overlay', '-o', `lowerdir=${lower},upperdir=${upper},workdir=${overlayWork}`, root]);
    // The sound server of the virtual microphone, reachable from inside by any user.
    const pulseModule = sound ? execFileSync('pactl', ['load-module', 'module-native-protocol-unix', 'auth-anonymous=1', `socket=${pulse}/native`], { encoding: 'utf8' }).trim() : null;
    const display = process.env.DISPLAY ?? ':0';
    const debian = new DebianRoot(work, root, pulseModule, display);
    try {
      mkdirSync(ARCHIVES, { recursive: true });
      const binds: Array<[string, string, string[]]> = [
        ['/dev', 'dev', ['--bind']],
        ['/dev/pts', 'dev/pts', ['--bind']],
        ['/tmp/.X11-unix', 'tmp/.X11-unix', ['--bind']],
        [pulse, PULSE_INSIDE.slice(1), ['--bind']],
        [ARCHIVES, 'var/cache/apt/archives', ['--bind']],
      ];
      execFileSync('mount', ['-t', 'proc', 'proc', join(root, 'proc')]);
      execFileSync('mount', ['-t', 'sysfs', 'sysfs', join(root, 'sys')]);
      for (const [from, to, flags] of binds) {
        mkdirSync(join(root, to), { recursive: true });
        execFileSync('mount', [...flags, from, join(root, to)]);
      }
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'mode=1777', 'shm', join(root, 'dev/shm')]);
      copyFileSync('/etc/resolv.conf', join(root, 'etc/resolv.conf'));
      // As every installed Debian has it (debootstrap leaves it to the installer): localhost resolves.
      if (!existsSync(join(root, 'etc/hosts'))) writeFileSync(join(root, 'etc/hosts'), '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n');
      debian.run(['useradd', '--create-home', '--uid', String(DOCTOR.uid), '--shell', '/bin/sh', DOCTOR.name]);
      if (process.env.XAUTHORITY && existsSync(process.env.XAUTHORITY)) {
        copyFileSync(process.env.XAUTHORITY, join(root, DOCTOR.home.slice(1), '.Xauthority'));
        debian.run(['chown', `${DOCTOR.name}:${DOCTOR.name}`, `${DOCTOR.home}/.Xauthority`]);
      }
    } catch (error) {
      debian.destroy();
      throw error;
    }
    return debian;
  }

  /** Makes the host's `folder` seen at `inside` too (a bind mount, undone by destroy): a socket of a service the test runs, as the doctor's desktop would give it. */
  share(folder: string, inside: string): void {
    mkdirSync(this.at(inside), { recursive: true });
    execFileSync('mount', ['--bind', folder, this.at(inside)]);
  }

  /** Shows the host's `folder` at `inside` under an overlay: read as it is, written only in this root. */
  overlay(folder: string, inside: string): void {
    const layers = mkdtempSync(join(this.work, 'overlay-'));
    const [upper, scratch] = [join(layers, 'upper'), join(layers, 'work')];
    for (const layer of [upper, scratch]) mkdirSync(layer);
    mkdirSync(this.at(inside), { recursive: true });
    execFileSync('mount', ['-t', 'overlay', 'overlay', '-o', `lowerdir=${folder},upperdir=${upper},workdir=${scratch}`, this.at(inside)]);
  }

  /** The host's path of a path inside. */
  at(inside: string): string {
    return join(this.path, inside);
  }

  private chrootArgs(command: string[], options: RunOptions): string[] {
    const env = {
      PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
      LANG: 'C.UTF-8',
      DEBIAN_FRONTEND: 'noninteractive',
      ...(options.asDoctor
        ? { HOME: DOCTOR.home, USER: DOCTOR.name, DISPLAY: this.display, XAUTHORITY: `${DOCTOR.home}/.Xauthority`, PULSE_SERVER: `unix:${PULSE_INSIDE}/native` }
        : { HOME: '/root' }),
      ...options.env,
    };
    const user = options.asDoctor ? [`--userspec=${DOCTOR.name}:${DOCTOR.name}`] : [];
    return [...user, this.path, 'env', '-i', ...Object.entries(env).map(([key, value]) => `${key}=${value}`), ...command];
  }

  /** Runs a command inside and returns its status and its output (stdout and stderr together). */
  run(command: string[], options: RunOptions = {}): RunResult {
    try {
      const output = execFileSync('chroot', this.chrootArgs(command, options), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeout ?? 600_000 });
      return { status: 0, output };
    } catch (error) {
      const failed = error as { status?: number | null; stdout?: string; stderr?: string };
      return { status: failed.status ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  }

  /** Like run, but a failure is an error that quotes the output's end. */
  must(command: string[], options: RunOptions = {}): string {
    const result = this.run(command, options);
    if (result.status !== 0) throw new Error(`${command.join(' ')} exited ${result.status}:\n${result.output.slice(-3000)}`);
    return result.output;
  }

  /** Starts a program inside without waiting for it; its output goes to `outputFile` on the host. */
  start(command: string[], outputFile: string, options: RunOptions = {}): ChildProcess {
    writeFileSync(outputFile, '');
    const child = spawn('chroot', this.chrootArgs(command, options), { stdio: ['ignore', 'pipe', 'pipe'] });
    const append = (chunk: Buffer) => writeFileSync(outputFile, chunk, { flag: 'a' });
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    return child;
  }

  /** Writes a file inside (made the doctor's when `asDoctor`). */
  write(inside: string, content: string | Buffer, asDoctor = false): void {
    const path = this.at(inside);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    if (asDoctor) this.must(['chown', `${DOCTOR.name}:${DOCTOR.name}`, inside]);
  }

  /** Ends every process still running inside (one a test started and lost, a display server a script left). */
  endProcesses(): void {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let root: string;
      try {
        root = readlinkSync(`/proc/${pid}/root`);
      } catch {
        continue; // gone already
      }
      if (root !== this.path) continue;
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }

  /** Unmounts everything and removes the computer; never removes a folder that still has something mounted in it. */
  destroy(): void {
    this.endProcesses();
    const inside = () => mounted().filter((point) => point === this.path || point.startsWith(`${this.path}/`));
    for (const point of inside().reverse()) {
      try {
        execFileSync('umount', [point], { stdio: 'ignore' });
      } catch {
        execFileSync('umount', ['-l', point], { stdio: 'ignore' });
      }
    }
    try {
      if (this.pulseModule) execFileSync('pactl', ['unload-module', this.pulseModule], { stdio: 'ignore' });
    } catch {
      // the sound server has gone already
    }
    const left = inside();
    if (left.length > 0) throw new Error(`Still mounted, so not removed: ${left.join(', ')}`);
    rmSync(this.work, { recursive: true, force: true });
  }
}
