/**
 * The sandbox's `uplinkKbps` fault: a slow clinic connection. Request bodies reach the
 * sandbox's handlers no faster than an uplink of that many kbit/s carries them, every request
 * sharing the one link (two parts sent at once take turns, as they would on one connection).
 * A body is handed on in slices of a twentieth of a second of the link, each when the link
 * would have finished carrying it; what is not read yet stays in the socket, so TCP
 * back-pressure slows the client as the slow link would. Only request bodies are limited:
 * not headers, answers, or the link's latency. 0: no limit.
 *
 * The server marks the requests whose bodies go through the link (`throughUplink`); the
 * places that read bodies read `bodyOf(req)`.
 */
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { Clock, ClockTimer } from '../core/clock';

/** A slice is this much of a second of the link: smooth enough, and few timers. */
const SLICE_SECONDS = 0.05;

/** One uplink shared by every request, at the rate the faults say now. */
export class Uplink {
  /** When (on `clock`) the link has carried everything it was given. */
  private freeAt = 0;

  /** `clock`: the sandbox's, whose timers hand the slices on. */
  constructor(
    private readonly kbps: () => number,
    readonly clock: Clock,
  ) {}

  /** Bytes a second; 0 without a limit. */
  get bytesPerSecond(): number {
    const kbps = this.kbps();
    return kbps > 0 ? (kbps * 1000) / 8 : 0;
  }

  /**
   * Milliseconds until the link has carried `bytes` more, after what it carries already.
   * A link idle for less than a slice (a timer that fired late) goes on from where it was,
   * so the late timers of one body do not add up.
   */
  carry(bytes: number): number {
    const perSecond = this.bytesPerSecond;
    if (perSecond === 0) return 0;
    const now = this.clock.now();
    const start = now - this.freeAt < SLICE_SECONDS * 1000 ? this.freeAt : now;
    this.freeAt = start + (bytes / perSecond) * 1000;
    return Math.max(0, this.freeAt - now);
  }
}

/** A body paced through the uplink: takes the next bytes from the request only once these are handed on. */
class PacedBody extends Transform {
  private timer: ClockTimer | null = null;

  constructor(private readonly uplink: Uplink) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pace(chunk, 0, done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.uplink.clock.clearTimeout(this.timer);
    this.timer = null;
    done(error);
  }

  private pace(chunk: Buffer, offset: number, done: TransformCallback): void {
    if (this.destroyed) return;
    const perSecond = this.uplink.bytesPerSecond;
    if (perSecond === 0) {
      // The limit was lifted meanwhile: the rest goes as it comes.
      this.push(chunk.subarray(offset));
      done();
      return;
    }
    const slice = chunk.subarray(offset, offset + Math.max(1, Math.floor(perSecond * SLICE_SECONDS)));
    this.timer = this.uplink.clock.setTimeout(() => {
      this.timer = null;
      if (this.destroyed) return;
      this.push(slice);
      if (offset + slice.length < chunk.length) this.pace(chunk, offset + slice.length, done);
      else done();
    }, this.uplink.carry(slice.length));
  }
}

const links = new WeakMap<IncomingMessage, Uplink>();
const paced = new WeakMap<IncomingMessage, Readable>();

/** The request's body goes through `uplink` when it is read (the server marks every API call). */
export function throughUplink(req: IncomingMessage, uplink: Uplink): void {
  links.set(req, uplink);
}

/**
 * The request's body as a handler reads it: through the uplink when the request was marked
 * and a limit is set, else the request itself. The same stream each time for one request.
 */
export function bodyOf(req: IncomingMessage): Readable {
  const existing = paced.get(req);
  if (existing) return existing;
  const uplink = links.get(req);
  if (!uplink || uplink.bytesPerSecond === 0) return req;
  const body = new PacedBody(uplink);
  req.once('error', (error) => body.destroy(error));
  req.once('close', () => {
    if (!req.complete) body.destroy(new Error('The request was aborted.'));
  });
  req.pipe(body);
  paced.set(req, body);
  return body;
}
