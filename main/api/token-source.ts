/** Where the service client gets the bearer token for each request. Pure. */
import { ServiceError } from './service-error';

export interface TokenSource {
  /** A token to send now; renewed first when it is about to expire. */
  token(signal?: AbortSignal): Promise<string>;
  /**
   * The service refused `rejected` (401): a renewed token to replay the request with, once,
   * or null when there is nothing better to offer.
   */
  renewAfterRejection(rejected: string, signal?: AbortSignal): Promise<string | null>;
}

export const NO_CREDENTIALS_MESSAGE =
  'The app is not signed in to this service: enter the client id and secret (or an access token) in Settings. Nothing waiting to be sent is lost.';

/** A long-lived token pasted in Settings or set by policy: used as is, never renewed. */
export function staticToken(token: string | null): TokenSource {
  return {
    token: () => (token ? Promise.resolve(token) : Promise.reject(new ServiceError('unauthorized', NO_CREDENTIALS_MESSAGE))),
    renewAfterRejection: () => Promise.resolve(null),
  };
}
