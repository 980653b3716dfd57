/**
 * Where the call's sound (whatever the computer plays: the patient on a video call) comes
 * from, behind one interface with one implementation per platform, and which one this
 * computer gets. Linux: the sound server's monitor of the output in use
 * (pulse-monitor-source.ts; PulseAudio, and PipeWire's PulseAudio server). Windows and macOS:
 * not available in this version, with the reason said where the doctor chooses it (no
 * package on the npm registry records WASAPI loopback without a native build or a download at
 * install; on macOS the one that records Core Audio taps is untested here: docs/configuration.md).
 */

/** What a source hands the mixer, as it comes. */
export interface CallSoundSink {
  /** 16 kHz mono 16-bit samples of the call's sound. */
  samples(samples: Int16Array): void;
  /** The source stopped by itself (the output device was removed): a message for the doctor. */
  lost(message: string): void;
}

/** A source capturing. */
export interface CallSoundCapture {
  /** The device's name as the sound server gives it (diagnostics; never patient data). */
  readonly device: string;
  /** The backlog the mixer should keep for this source's delivery (samples). */
  readonly backlogSamples: number;
  /** Stops capturing and lets the device go. */
  close(): void;
}

export interface CallSoundSource {
  /** Starts capturing the computer's sound output; rejects with a message for the doctor when it cannot. */
  open(sink: CallSoundSink): Promise<CallSoundCapture>;
}

export type CallSoundChoice = { available: true; source: CallSoundSource } | { available: false; message: string };

/** How each platform's implementation is made (only the one chosen is made: it may load a native library). */
export interface CallSoundImplementations {
  linux(): CallSoundSource;
}

const NOT_AVAILABLE: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'Recording the call’s sound is not available on Windows in this version: only the microphone is recorded.',
  darwin: 'Recording the call’s sound is not available on macOS in this version: only the microphone is recorded.',
};

/** Why this platform cannot record the call's sound, or null where it can. Pure: main asks it without loading any audio library. */
export function callSoundNotAvailable(platform: NodeJS.Platform): string | null {
  if (platform === 'linux') return null;
  return NOT_AVAILABLE[platform] ?? 'Recording the call’s sound is not available on this system: only the microphone is recorded.';
}

export function callSoundSourceFor(platform: NodeJS.Platform, implementations: CallSoundImplementations): CallSoundChoice {
  const message = callSoundNotAvailable(platform);
  if (message !== null) return { available: false, message };
  return { available: true, source: implementations.linux() };
}

/** The message the doctor reads when the call's sound cannot be had at Record: the microphone is recorded all the same. */
export function callSoundMissing(reason: string): string {
  return `The call’s sound is not recorded: ${reason} Only the microphone is recorded.`;
}
