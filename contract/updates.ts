/** Application updates as the renderer sees them. */

export type UpdateState = 'off' | 'idle' | 'checking' | 'up-to-date' | 'downloading' | 'ready' | 'error';

export interface UpdateStatus {
  state: UpdateState;
  /** The version found or downloaded. */
  version: string | null;
  /** 0..1 while downloading. */
  progress: number | null;
  /** What to tell the user (why updates are off, what went wrong, why a restart must wait). */
  message: string | null;
}
