/**
 * The call's sound on Linux: the sound server's monitor of the default output (what the
 * speakers or headset play), found with `pactl` (PulseAudio, and PipeWire's PulseAudio
 * server) and recorded by a second PvRecorder beside the microphone's, in the recorder
 * process. PvRecorder lists monitors by their description ("Monitor of Built-in Audio"), so
 * the default output's monitor is looked up by that. Runs in the recorder process only.
 */
import type { Clock } from '../core/clock';
import type { CallSoundCapture, CallSoundSink, CallSoundSource } from './call-sound-source';
import { callSoundMissing } from './call-sound-source';
import { PacedReader, type FrameSource } from './paced-reader';

/** What PvRecorder gives: frames read one after another, until it is let go. */
export interface FrameRecorder extends FrameSource {
  stop(): void;
  release(): void;
}

export interface PulseMonitorDeps {
  /** Runs `pactl` with these arguments (in the C locale); rejects with ENOENT's code when it is not installed. */
  pactl(args: string[]): Promise<string>;
  /** Capture devices by name, as PvRecorder lists them. */
  devices(): string[];
  /** A started PvRecorder on the device at `index`. */
  openRecorder(index: number): FrameRecorder;
  /** The recorder process's clock: the monitor's reads are paced on it, and a source that sends nothing noticed. */
  clock: Pick<Clock, 'now' | 'sleep'>;
}

/** No frame from the monitor for this long: it is gone (the output was removed), or never started. */
const SILENT_SOURCE_MS = 2_500;
/** The backlog the mixer keeps for a PvRecorder source: three of its frames (96 ms). */
const BACKLOG_FRAMES = 3;
/** PulseAudio's stand-in when there is no output device at all. */
const DUMMY_SINK = 'auto_null';

/** The default sink's name from `pactl info` (C locale), or null. */
export function defaultSinkIn(info: string): string | null {
  const name = /^Default Sink: (.+)$/m.exec(info)?.[1]?.trim();
  return name && name !== '@DEFAULT_SINK@' ? name : null;
}

/** The description of the source that monitors `sink`, from `pactl list sources` (C locale), or null. */
export function monitorDescriptionIn(sources: string, sink: string): string | null {
  for (const block of sources.split(/^Source #\d+$/m)) {
    const monitorOf = /^\s*Monitor of Sink: (.+)$/m.exec(block)?.[1]?.trim();
    if (monitorOf !== sink) continue;
    return /^\s*Description: (.+)$/m.exec(block)?.[1]?.trim() ?? null;
  }
  return null;
}

/** Why the output's monitor cannot be found, in the doctor's words; or its description as PvRecorder lists it. */
async function outputMonitor(pactl: PulseMonitorDeps['pactl']): Promise<{ description: string } | { problem: string }> {
  let info: string;
  try {
    info = await pactl(['info']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { problem: 'the sound server’s tool pactl (package pulseaudio-utils) is not installed.' };
    return { problem: 'the sound server (PulseAudio or PipeWire) did not answer.' };
  }
  const sink = defaultSinkIn(info);
  if (!sink || sink === DUMMY_SINK) return { problem: 'this computer has no sound output device.' };
  const description = monitorDescriptionIn(await pactl(['list', 'sources']).catch(() => ''), sink);
  if (!description) return { problem: 'the sound output has no monitor to record from.' };
  return { description };
}

export function pulseMonitorSource(deps: PulseMonitorDeps): CallSoundSource {
  return {
    async open(sink: CallSoundSink): Promise<CallSoundCapture> {
      const monitor = await outputMonitor(deps.pactl);
      if ('problem' in monitor) throw new Error(callSoundMissing(monitor.problem));
      const index = deps.devices().indexOf(monitor.description);
      if (index < 0) throw new Error(callSoundMissing(`the sound output’s monitor (${monitor.description}) is not offered to this app.`));
      let recorder: FrameRecorder;
      try {
        recorder = deps.openRecorder(index);
      } catch {
        throw new Error(callSoundMissing(`the sound output’s monitor (${monitor.description}) could not be opened.`));
      }
      let open = true;
      void readFrames(new PacedReader(recorder, deps.clock), sink, () => open);
      return {
        device: monitor.description,
        backlogSamples: BACKLOG_FRAMES * recorder.frameLength,
        close: () => {
          if (!open) return;
          open = false;
          release(recorder);
        },
      };
    },
  };
}

function release(recorder: FrameRecorder): void {
  try {
    recorder.stop();
  } catch {
    // already stopped
  }
  recorder.release();
}

/** Reads the monitor at its own pace until closed; a source that sends nothing for a while is lost. */
async function readFrames(reader: PacedReader, sink: CallSoundSink, open: () => boolean): Promise<void> {
  while (open()) {
    await reader.due();
    if (!open()) return;
    const frame = await reader.read();
    if (frame) {
      if (open()) sink.samples(frame);
      continue;
    }
    if (!open()) return;
    if (reader.silentMs() > SILENT_SOURCE_MS) {
      sink.lost(reader.started ? 'The call’s sound stopped (the sound output was changed or removed). The microphone is still recorded.' : callSoundMissing('the sound output sent no sound.'));
      return;
    }
  }
}
