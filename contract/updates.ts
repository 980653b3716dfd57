/** Application updates as the renderer sees them. */

/**
 * `package-manager`: this copy is installed and upgraded by the system's package manager (the
 * .deb with apt), so the app's own updater stands aside. `held`: the channel offers a version
 * this computer does not take now (the administrator's pinned version, or a staged rollout
 * that has not reached it).
 */
export type UpdateState = 'off' | 'package-manager' | 'idle' | 'checking' | 'up-to-date' | 'held' | 'downloading' | 'ready' | 'error';

export interface UpdateStatus {
  state: UpdateState;
  /** The version found or downloaded. */
  version: string | null;
  /** 0..1 while downloading. */
  progress: number | null;
  /** What to tell the user (why updates are off, what went wrong, why a restart must wait). */
  message: string | null;
}
