/**
 * Keeps the recorder utility process running, so Record starts capturing without first
 * starting a process and loading the audio library. If the process dies, the next request
 * starts a new one. A crash of the native audio code ends that process, never main.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import type { FromRecorder, RecorderHostEvents, RecorderProcess, ToRecorder } from '../../audio/recorder-protocol';

export class RecorderHost implements RecorderProcess {
  private child: UtilityProcess | null = null;
  private ready: Promise<UtilityProcess> | null = null;
  private nextRequestId = 1;
  private readonly deviceRequests = new Map<number, (answer: { devices: string[] | null; error: string | null }) => void>();
  private stopping = false;
  private events: RecorderHostEvents | null = null;

  /** The process may be started (ensure) before anyone listens to it (attach). */
  constructor(private readonly processPath: string) {}

  attach(events: RecorderHostEvents): void {
    this.events = events;
  }

  /** The running process, started if needed; resolves once it takes requests. */
  ensure(): Promise<UtilityProcess> {
    this.ready ??= new Promise((resolve, reject) => {
      const child = utilityProcess.fork(this.processPath, [], { serviceName: 'Scribe Desk recorder', stdio: 'pipe' });
      child.stderr?.on('data', (chunk: Buffer) => this.events?.onDiagnostic?.(chunk.toString('utf8').trim()));
      child.stdout?.resume();
      this.child = child;
      let isReady = false;
      child.on('message', (message: FromRecorder) => {
        if (message.type === 'ready') {
          isReady = true;
          resolve(child);
        } else if (message.type === 'devices') {
          this.deviceRequests.get(message.requestId)?.(message);
          this.deviceRequests.delete(message.requestId);
        } else {
          this.events?.onMessage(message);
        }
      });
      child.once('exit', () => {
        if (this.child !== child) return;
        this.child = null;
        this.ready = null;
        for (const answer of this.deviceRequests.values()) answer({ devices: null, error: 'The recorder stopped unexpectedly.' });
        this.deviceRequests.clear();
        if (!isReady) reject(new Error('The recorder could not be started.'));
        if (!this.stopping) this.events?.onExit();
      });
    });
    return this.ready;
  }

  async send(message: ToRecorder): Promise<void> {
    (await this.ensure()).postMessage(message);
  }

  /** Capture devices by name, as the audio library lists them. */
  async listDevices(): Promise<string[]> {
    const child = await this.ensure();
    const requestId = this.nextRequestId++;
    const answer = await new Promise<{ devices: string[] | null; error: string | null }>((resolve) => {
      this.deviceRequests.set(requestId, resolve);
      child.postMessage({ type: 'list-devices', requestId } satisfies ToRecorder);
    });
    if (!answer.devices) throw new Error(`The list of microphones could not be read: ${answer.error ?? 'unknown error'}`);
    return answer.devices;
  }

  /** For tests and diagnostics: the process id, when it runs. */
  pid(): number | null {
    return this.child?.pid ?? null;
  }

  dispose(): void {
    this.stopping = true;
    this.child?.kill();
    this.child = null;
    this.ready = null;
  }
}
