/**
 * Windows programs run under Wine for the Windows lane, from Linux: each run of the lane gets
 * its own copy of the cached prefix (so nothing a test writes reaches the next run), and every
 * program's output goes to files, since Wine's console fails on a pipe (EBADF). Linux paths
 * are seen from Windows on drive Z:.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wineVariables, type WineTools } from './wine-cache';

/** A Linux path as Windows programs under Wine name it. */
export const windowsPath = (linuxPath: string): string => `Z:${linuxPath.replace(/\//g, '\\')}`;

/** The run's own prefix: a copy of the cached one (a second or so). */
export function runPrefix(base: string, runFolder: string): string {
  const prefix = join(runFolder, 'prefix');
  cpSync(base, prefix, { recursive: true, verbatimSymlinks: true });
  return prefix;
}

export interface WineOutcome {
  /** The exit code, or null when it was stopped at its time limit. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface WineEnvironment {
  tools: WineTools;
  prefix: string;
  /** Where each program's output files go. */
  logs: string;
}

export function wineEnv(wine: WineEnvironment, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...wineVariables(wine.prefix), ...extra };
}

/** Runs `program` (a Windows executable, by its Linux path or its Windows name) to its end, or stops it after `timeoutMs`. */
export function runUnderWine(wine: WineEnvironment, name: string, program: string, args: string[], options: { timeoutMs: number; env?: Record<string, string> }): Promise<WineOutcome> {
  mkdirSync(wine.logs, { recursive: true });
  const [stdoutFile, stderrFile] = [join(wine.logs, `${name}.stdout.txt`), join(wine.logs, `${name}.stderr.txt`)];
  const [stdout, stderr] = [openSync(stdoutFile, 'w'), openSync(stderrFile, 'w')];
  const child = spawn(wine.tools.wine, [program, ...args], { env: wineEnv(wine, options.env), stdio: ['ignore', stdout, stderr] });
  closeSync(stdout);
  closeSync(stderr);
  return new Promise((resolve, reject) => {
    let stopped = false;
    const limit = setTimeout(() => {
      stopped = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(limit);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(limit);
      resolve({ code: stopped ? null : code, stdout: readFileSync(stdoutFile, 'utf8'), stderr: readFileSync(stderrFile, 'utf8') });
    });
  });
}

/** Ends every Windows program of the prefix and its wineserver. */
export function stopWine(wine: WineEnvironment): void {
  try {
    execFileSync(wine.tools.wineserver, ['-k'], { env: wineEnv(wine), stdio: 'ignore' });
  } catch {
    // No wineserver was running.
  }
}
