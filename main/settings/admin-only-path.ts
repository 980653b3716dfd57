/**
 * Whether only an administrator could have written a machine policy file on Linux and macOS:
 * the file and every folder from it up to `/` are owned by root and writable by neither group
 * nor others (POSIX ACLs show in the group bits as their mask, so a user granted write by an
 * ACL counts too). Symbolic links are followed one step at a time, as the kernel does, and
 * each folder a link leads through is checked the same way: a policy linked into a user's home
 * is that user's file. Pure: the file system's answers (lstat, readlink) are passed in.
 */
import { posix } from 'node:path';

export interface PathFacts {
  /** lstat: never follows a link. */
  lstat(path: string): { uid: number; mode: number; isSymbolicLink(): boolean; isDirectory(): boolean; isFile(): boolean };
  readlink(path: string): string;
}

/** Linux allows 40 links in one lookup; more is a loop. */
const MAX_LINKS = 40;

/** Why `what` is not an administrator's alone, or null. */
function ownerProblem(what: string, facts: { uid: number; mode: number }): string | null {
  if (facts.uid !== 0) return `${what} is owned by user id ${facts.uid}, not by root`;
  if ((facts.mode & 0o002) !== 0) return `${what} can be changed by every user (mode ${(facts.mode & 0o7777).toString(8)})`;
  if ((facts.mode & 0o020) !== 0) return `${what} can be changed by its group (mode ${(facts.mode & 0o7777).toString(8)})`;
  return null;
}

/**
 * Why a user who is not an administrator could have written the file at `path` (absolute), or
 * null when only root could have. Throws the file system's error when a part of the path cannot
 * be read (ENOENT for a file that is not there).
 */
export function adminOnlyProblem(path: string, fs: PathFacts): string | null {
  if (!posix.isAbsolute(path)) return `${path} is not an absolute path`;
  const rootProblem = ownerProblem('the folder /', fs.lstat('/'));
  if (rootProblem) return rootProblem;
  let folder = '/';
  let rest = path.split('/').filter((part) => part !== '');
  let links = 0;
  while (rest.length > 0) {
    const [part, ...after] = rest as [string, ...string[]];
    rest = after;
    if (part === '.') continue;
    if (part === '..') {
      folder = posix.dirname(folder);
      continue;
    }
    const next = posix.join(folder, part);
    const facts = fs.lstat(next);
    if (facts.isSymbolicLink()) {
      links += 1;
      if (links > MAX_LINKS) return `${path} leads through too many symbolic links`;
      const target = fs.readlink(next);
      // An absolute target starts again at `/`; a relative one from the folder the link is in. Each of its parts is checked as it is walked.
      if (posix.isAbsolute(target)) folder = '/';
      rest = [...target.split('/').filter((piece) => piece !== ''), ...rest];
      continue;
    }
    const last = rest.length === 0;
    if (!last && !facts.isDirectory()) return `${next} is not a folder`;
    if (last && !facts.isFile()) return `${next} is not a plain file`;
    const problem = ownerProblem(last ? `the file ${next}` : `the folder ${next}`, facts);
    if (problem) return problem;
    folder = next;
  }
  return null;
}

/** The words a refused policy is reported with (policy.ts adds "The policy file … was ignored: "). */
export function notAdminOnlyReason(problem: string): string {
  return `a user who is not an administrator could have written it (${problem}); only a file that root owns, in folders that root owns, writable by neither group nor others, is used`;
}
