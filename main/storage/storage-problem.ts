/** Turns a failed disk operation into words for the user. Pure. */

export function storageProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'The disk is full. Free some space on this computer; nothing already saved is lost.';
    case 'EACCES':
    case 'EPERM':
      return 'Scribe Desk is not allowed to write to its data folder. Ask your administrator to check its permissions.';
    case 'EROFS':
      return 'The data folder is on a read-only disk. Ask your administrator to move it.';
    default:
      return `The data could not be saved (${code ?? (error as Error | null)?.message ?? 'unknown error'}).`;
  }
}

/** True for a failed file system call (it carries an errno code such as ENOSPC). */
export function isStorageError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** A failure to write, in words for the user: a disk problem explained, any other failure as it says itself. */
export function writeProblem(error: unknown): string {
  return isStorageError(error) ? storageProblem(error) : (error as Error).message;
}
