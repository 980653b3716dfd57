/** What the user is told when an update is refused or fails. Pure. */

/** An update the app will not take; its message is the sentence shown to the user. */
export class UpdateRefusedError extends Error {
  readonly code = 'ERR_SCRIBE_UPDATE_REFUSED';

  constructor(message: string) {
    super(message);
    this.name = 'UpdateRefusedError';
  }
}

function codeOf(error: unknown): unknown {
  return error instanceof Error ? (error as { code?: unknown }).code : undefined;
}

/** The status message for an error from checking or downloading. */
export function updateErrorMessage(error: unknown): string {
  if (codeOf(error) === 'ERR_SCRIBE_UPDATE_REFUSED') return (error as Error).message;
  if (codeOf(error) === 'ERR_CHECKSUM_MISMATCH') {
    return "The downloaded update does not match the publisher's signed release information (sha512 checksum mismatch); it was deleted and nothing will be installed.";
  }
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return `The update could not be checked or downloaded: ${firstLine}`;
}
