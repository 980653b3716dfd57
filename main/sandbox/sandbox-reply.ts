/** What a sandbox operation answers, and the 400 it gives a body it cannot read. Imports nothing, so every part of the sandbox can use it. */

export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  /** A binary body (an image), sent with `contentType`. */
  bytes?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Encrypt a JSON reply with this key (the request was encrypted). */
  encryptWith?: { clientKey: string; requestProtected: string };
}

/** A request the sandbox answers with its operation's 400. */
export class BadRequest extends Error {}

export const jsonBadRequest = (reason: string): Reply => ({ status: 400, json: { message: `Bad request: ${reason}` } });
