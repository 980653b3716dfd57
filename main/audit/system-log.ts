/**
 * Where checkpoints go that the doctor's account cannot take back: the operating system's own
 * log (linux-system-log.ts, windows-event-log.ts, macos-unified-log.ts; os-system-log.ts picks
 * this computer's). Each writes one message with its fields; one that cannot write rejects,
 * saying why in a few words (the trail goes on without it, and says so). Types only.
 */

export interface SystemLog {
  /** What the log is, for a person: "the systemd journal". */
  name(): string;
  /** Writes one message, with fields the log keeps beside it where it can (the journal); rejects with why it could not. */
  write(message: string, fields: Record<string, string>): Promise<void>;
}
