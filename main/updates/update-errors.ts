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
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const network = /net::(ERR_[A-Z_]+)/.exec(firstLine)?.[1];
  if (network) return `The update server could not be reached: ${NETWORK_WORDS[network] ?? 'the connection failed'} (${network}). The app tries again later.`;
  const status = error instanceof Error ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === 'number') return `The update server answered with an error (HTTP ${status}). The app tries again later; if it persists, tell whoever runs the update server.`;
  return `The update could not be checked or downloaded: ${firstLine.slice(0, 300)}`;
}

/** Chromium's network errors, in words (the code stays in brackets for whoever supports the clinic). */
const NETWORK_WORDS: Record<string, string> = {
  ERR_NAME_NOT_RESOLVED: 'its name was not found (check the address, or the network)',
  ERR_NAME_RESOLUTION_FAILED: 'its name could not be looked up (check the network)',
  ERR_INTERNET_DISCONNECTED: 'this computer is offline',
  ERR_CONNECTION_REFUSED: 'it refused the connection',
  ERR_CONNECTION_RESET: 'the connection was cut off',
  ERR_CONNECTION_CLOSED: 'the connection was closed',
  ERR_CONNECTION_TIMED_OUT: 'it did not answer in time',
  ERR_TIMED_OUT: 'it did not answer in time',
  ERR_ADDRESS_UNREACHABLE: 'its address cannot be reached from here',
  ERR_NETWORK_CHANGED: 'the network changed during the check',
  ERR_PROXY_CONNECTION_FAILED: 'the proxy could not be reached',
  ERR_CERT_AUTHORITY_INVALID: 'its certificate is not trusted',
  ERR_CERT_COMMON_NAME_INVALID: 'its certificate is for another name',
  ERR_CERT_DATE_INVALID: 'its certificate has expired or is not valid yet',
  ERR_SSL_PROTOCOL_ERROR: 'the secure connection failed',
};
