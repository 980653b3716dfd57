/**
 * The sound server's watch as main starts it: a real shell and a stand-in `pactl` on PATH (the
 * real one needs a sound server) that says which descriptors it holds and then waits. Started
 * from a Node process given a descriptor of its own beyond the standard three, as Electron's
 * main holds Chromium's channels; that process is then killed as a crash kills main.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACTL_MISSING, pactlSubscribe } from '../../../main/audio/pactl';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder with a `pactl` that writes its pid and its descriptors to files there, says one event, then waits. */
function fakePactl(): string {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-pactl-'));
  folders.push(folder);
  writeFileSync(join(folder, 'pactl'), `#!/bin/sh\nls /proc/self/fd > "${folder}/fds"\necho $$ > "${folder}/pid"\necho "Event 'new' on source-output #1"\nexec sleep 600\n`);
  chmodSync(join(folder, 'pactl'), 0o755);
  return folder;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
const pidIn = (folder: string) => Number(readFileSync(join(folder, 'pid'), 'utf8'));
const withPath = (folder: string) => ({ ...process.env, PATH: `${folder}:${process.env.PATH}` });

/** A Node process holding descriptor 3 open without close-on-exec that starts the watch. */
function mainStandIn(folder: string): ChildProcess {
  const script = `import { pactlSubscribe } from ${JSON.stringify(join(import.meta.dirname, '../../../main/audio/pactl.ts'))};\npactlSubscribe().stdout.pipe(process.stdout);`;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: withPath(folder), stdio: ['ignore', 'pipe', 'inherit', 'pipe'] });
}

describe.runIf(process.platform === 'linux')('the sound server’s watch', () => {
  it('holds none of the descriptors of the process that started it, and ends when that process is killed', async () => {
    const folder = fakePactl();
    const main = mainStandIn(folder);
    let said = '';
    main.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await expect.poll(() => said).toContain('on source-output');
    const fds = readFileSync(join(folder, 'fds'), 'utf8').split('\n').filter((line) => line !== '').map(Number);
    // 0-2, and the one `ls` opened to list them.
    expect(fds.filter((fd) => fd > 3)).toEqual([]);
    const pid = pidIn(folder);
    expect(alive(pid)).toBe(true);
    main.kill('SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('ends with its pactl when stopped, and says when pactl is not installed', async () => {
    const folder = fakePactl();
    const previous = process.env.PATH;
    process.env.PATH = `${folder}:${previous}`;
    let watch: ChildProcess;
    try {
      watch = pactlSubscribe();
    } finally {
      process.env.PATH = previous;
    }
    await expect.poll(() => existsSync(join(folder, 'pid'))).toBe(true);
    const pid = pidIn(folder);
    watch.kill();
    await expect.poll(() => alive(pid)).toBe(false);

    const missing = spawnWithout();
    expect(await new Promise((resolve) => missing.once('exit', resolve))).toBe(PACTL_MISSING);
  });
});

/** The watch where PATH has no pactl. */
function spawnWithout(): ChildProcess {
  const previous = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    return pactlSubscribe();
  } finally {
    process.env.PATH = previous;
  }
}
