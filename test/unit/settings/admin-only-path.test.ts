/**
 * Issue 45.1 on Linux and macOS: a machine policy is used only when root alone could have
 * written it and every folder above it. A file system is given as the answers lstat and readlink
 * would give (owner, mode, kind, link target); one test walks real files and links.
 */
import { chmodSync, chownSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminOnlyProblem, notAdminOnlyReason, type PathFacts } from '../../../main/settings/admin-only-path';
import { tempFolder } from '../../support/temp-folder';

type Entry = { uid: number; mode: number } & ({ kind: 'folder' } | { kind: 'file' } | { kind: 'link'; target: string });
const folder = (uid = 0, mode = 0o755): Entry => ({ kind: 'folder', uid, mode });
const file = (uid = 0, mode = 0o644): Entry => ({ kind: 'file', uid, mode });
const link = (target: string): Entry => ({ kind: 'link', uid: 0, mode: 0o777, target });

/** A clinic computer: /etc and /home as root keeps them, the doctor's home as theirs (uid 1000). */
function computer(extra: Record<string, Entry>): PathFacts & { asked: string[] } {
  const entries: Record<string, Entry> = { '/': folder(), '/etc': folder(), '/home': folder(), '/home/doctor': folder(1000, 0o750), ...extra };
  const asked: string[] = [];
  const at = (path: string) => {
    asked.push(path);
    const entry = entries[path];
    if (!entry) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return entry;
  };
  return {
    asked,
    lstat: (path) => {
      const entry = at(path);
      return { uid: entry.uid, mode: entry.mode, isSymbolicLink: () => entry.kind === 'link', isDirectory: () => entry.kind === 'folder', isFile: () => entry.kind === 'file' };
    },
    readlink: (path) => {
      const entry = at(path);
      if (entry.kind !== 'link') throw Object.assign(new Error(`EINVAL: ${path}`), { code: 'EINVAL' });
      return entry.target;
    },
  };
}

const POLICY = '/etc/scribe-desk/policy.json';

describe('adminOnlyProblem', () => {
  it('takes a file root owns in folders root owns, writable by neither group nor others, and looks at each of them', () => {
    const fs = computer({ '/etc/scribe-desk': folder(), [POLICY]: file() });
    expect(adminOnlyProblem(POLICY, fs)).toBeNull();
    expect(fs.asked).toEqual(['/', '/etc', '/etc/scribe-desk', POLICY]);
  });

  it('refuses a policy folder a user owns, or one a group or every user may write', () => {
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(1000), [POLICY]: file() }))).toBe('the folder /etc/scribe-desk is owned by user id 1000, not by root');
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(0, 0o775), [POLICY]: file() }))).toBe('the folder /etc/scribe-desk can be changed by its group (mode 775)');
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(0, 0o1777), [POLICY]: file() }))).toBe('the folder /etc/scribe-desk can be changed by every user (mode 1777)');
    expect(adminOnlyProblem(POLICY, computer({ '/etc': folder(0, 0o777), '/etc/scribe-desk': folder(), [POLICY]: file() }))).toBe('the folder /etc can be changed by every user (mode 777)');
  });

  it('bad input: a policy folder with the right owner, but a file every user may write (or a user owns)', () => {
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(), [POLICY]: file(0, 0o666) }))).toBe(`the file ${POLICY} can be changed by every user (mode 666)`);
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(), [POLICY]: file(1000, 0o644) }))).toBe(`the file ${POLICY} is owned by user id 1000, not by root`);
  });

  it('bad input: a policy file that is a link into a user’s home is that user’s file', () => {
    const fs = computer({ '/etc/scribe-desk': folder(), [POLICY]: link('/home/doctor/my-policy.json'), '/home/doctor/my-policy.json': file(0, 0o644) });
    expect(adminOnlyProblem(POLICY, fs)).toBe('the folder /home/doctor is owned by user id 1000, not by root');
    // Relative, through `..`, or a folder that is a link: each step is walked as the kernel does.
    const relative = computer({ '/etc/scribe-desk': folder(), [POLICY]: link('../../home/doctor/p.json'), '/home/doctor/p.json': file() });
    expect(adminOnlyProblem(POLICY, relative)).toBe('the folder /home/doctor is owned by user id 1000, not by root');
    const linkedFolder = computer({ '/etc/scribe-desk': link('/home/doctor/policy'), '/home/doctor/policy': folder(0), '/home/doctor/policy/policy.json': file() });
    expect(adminOnlyProblem(POLICY, linkedFolder)).toBe('the folder /home/doctor is owned by user id 1000, not by root');
  });

  it('follows a link that stays where root alone writes, and refuses a loop or what is no plain file', () => {
    const kept = computer({ '/etc/scribe-desk': folder(), '/etc/clinic': folder(), '/etc/clinic/policy.json': file(), [POLICY]: link('../clinic/policy.json') });
    expect(adminOnlyProblem(POLICY, kept)).toBeNull();
    const loop = computer({ '/etc/scribe-desk': folder(), [POLICY]: link('/etc/scribe-desk/again'), '/etc/scribe-desk/again': link(POLICY) });
    expect(adminOnlyProblem(POLICY, loop)).toBe(`${POLICY} leads through too many symbolic links`);
    expect(adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder(), [POLICY]: folder() }))).toBe(`${POLICY} is not a plain file`);
    expect(() => adminOnlyProblem(POLICY, computer({ '/etc/scribe-desk': folder() }))).toThrow(/ENOENT/);
  });

  it('says what is wrong in words for the screen and the log', () => {
    expect(notAdminOnlyReason('the folder /etc/scribe-desk is owned by user id 1000, not by root')).toBe(
      'a user who is not an administrator could have written it (the folder /etc/scribe-desk is owned by user id 1000, not by root); only a file that root owns, in folders that root owns, writable by neither group nor others, is used',
    );
  });

  it('walks real files and links (the folders above the test’s own, such as /tmp, stand as root’s)', () => {
    const base = tempFolder();
    const etc = join(base, 'etc', 'scribe-desk');
    const home = join(base, 'home', 'doctor');
    mkdirSync(etc, { recursive: true, mode: 0o755 });
    mkdirSync(home, { recursive: true, mode: 0o755 });
    chmodSync(etc, 0o755);
    chmodSync(home, 0o755);
    writeFileSync(join(home, 'policy.json'), '{}', { mode: 0o644 });
    symlinkSync(join(home, 'policy.json'), join(etc, 'policy.json'));
    const uid = process.getuid?.() ?? 0;
    // As root, the test's home is given to another user as a doctor's is; otherwise it is this user's already.
    if (uid === 0) chownSync(home, 1000, 1000);
    const owner = uid === 0 ? 1000 : uid;
    const real: PathFacts = {
      lstat: (path) => {
        const facts = lstatSync(path);
        return path === base || path.startsWith(`${base}/`) ? facts : { uid: 0, mode: 0o755, isSymbolicLink: () => false, isDirectory: () => true, isFile: () => false };
      },
      readlink: (path) => readlinkSync(path),
    };
    expect(adminOnlyProblem(join(etc, 'policy.json'), real)).toBe(uid === 0 ? `the folder ${home} is owned by user id ${owner}, not by root` : `the folder ${base} is owned by user id ${owner}, not by root`);
  });
});
