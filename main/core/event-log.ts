/**
 * What code below the shell writes to the log: events, never patient data. The shell passes
 * in its log (main/shell/log.ts, electron-log); tests pass a list or nothing.
 */
export interface EventLog {
  info(event: string): void;
  warn(event: string): void;
  error(event: string, error?: unknown): void;
}

/** A log that keeps nothing, for code run where no one reads one. */
export const SILENT_LOG: EventLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
