/**
 * How the sandbox's areas (voice, lab reports, registration, …) plug into its server: each
 * names its routes, the 401 each answers without a valid token, and how it handles a
 * request. The server does the rest (tokens, faults, what is kept, encryption of replies).
 */
import type { IncomingMessage } from 'node:http';
import type { ReceivedFile } from './request-body';
import type { SandboxFaults } from './sandbox-faults';
import type { Reply } from './sandbox-reply';

export interface ReceivedRequest {
  at: number;
  /** The route's operation name (`voiceUpload`, `registrationInit`, …), or `unknown`. */
  operation: string;
  method: string;
  path: string;
  query: Record<string, string[]>;
  /** Request headers; the bearer token is replaced by whether it was valid. */
  headers: Record<string, string>;
  encrypted: boolean;
  /** The JSON body after decryption, for JSON operations (what identifies a person, masked). */
  json?: unknown;
  file?: ReceivedFile;
  status?: number;
}

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  /** What the sandbox keeps of this request; a handler may add the file or the (masked) JSON. */
  record: ReceivedRequest;
  faults: SandboxFaults;
  /** Reads a JSON body, decrypting a JWE envelope; the reply is then encrypted likewise. */
  readJson(): Promise<{ payload: unknown; encryptWith?: Reply['encryptWith'] }>;
}

export interface SandboxRoute {
  operation: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** Answers without a token: discovery, and the addresses the service hands out (presigned), which must get none. */
  open?: boolean;
  /** The path exactly, or a pattern. */
  path: string | RegExp;
  /** What this operation answers to a missing, wrong or expired token. */
  unauthorized: Reply;
  /** What this operation answers to a body it cannot read. */
  badRequest(reason: string): Reply;
  handle(context: RouteContext): Promise<Reply> | Reply;
}

/** One area of the interface: its routes, and the state it forgets on reset. */
export interface SandboxArea {
  routes: SandboxRoute[];
  reset(): void;
}

export function matches(route: SandboxRoute, method: string, path: string): boolean {
  return route.method === method && (typeof route.path === 'string' ? route.path === path : route.path.test(path));
}
