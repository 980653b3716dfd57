import { describe, expect, it } from 'vitest';
import { CallSoundInput, type CallSoundReport } from '../../../main/audio/call-sound-input';
import { callSoundNotAvailable, callSoundSourceFor, type CallSoundSource } from '../../../main/audio/call-sound-source';
import { defaultSinkIn, monitorDescriptionIn, pulseMonitorSource, type FrameRecorder, type PulseMonitorDeps } from '../../../main/audio/pulse-monitor-source';
import { FakeClock } from '../../support/fake-clock';
import { sine, tonePower } from '../../support/tone-power';

/** `pactl info` and `pactl list sources` as PulseAudio 16 prints them (C locale), cut to what is read. */
const INFO = 'Server Name: pulseaudio\nServer Version: 16.1\nDefault Sink: alsa_output.pci-0000_00_1f.3.analog-stereo\nDefault Source: alsa_input.pci-0000_00_1f.3.analog-stereo\n';
const SOURCES = `Source #0
\tState: SUSPENDED
\tName: alsa_output.hdmi-stereo.monitor
\tDescription: Monitor of Built-in Audio Digital Stereo (HDMI)
\tMonitor of Sink: alsa_output.hdmi-stereo
Source #1
\tState: RUNNING
\tName: alsa_output.pci-0000_00_1f.3.analog-stereo.monitor
\tDescription: Monitor of Built-in Audio Analog Stereo
\tMonitor of Sink: alsa_output.pci-0000_00_1f.3.analog-stereo
Source #2
\tState: RUNNING
\tName: alsa_input.pci-0000_00_1f.3.analog-stereo
\tDescription: Built-in Audio Analog Stereo
\tMonitor of Sink: n/a
`;
const DEVICES = ['Monitor of Built-in Audio Digital Stereo (HDMI)', 'Monitor of Built-in Audio Analog Stereo', 'Built-in Audio Analog Stereo'];

/** A PvRecorder stand-in that gives `frames` frames of a 1 kHz tone, then fails every read (the device is gone). */
function recorderGiving(frames: number): FrameRecorder & { released: boolean } {
  let given = 0;
  return {
    frameLength: 512,
    released: false,
    read() {
      if (given >= frames) return Promise.reject(new Error('PvRecorder failed to read audio data frame.'));
      given += 1;
      return Promise.resolve(sine(1000, 0.3, 512, given * 512));
    },
    stop() {},
    release() {
      this.released = true;
    },
  };
}

function linux(overrides: Partial<PulseMonitorDeps> = {}): PulseMonitorDeps & { opened: number[] } {
  const opened: number[] = [];
  return {
    opened,
    pactl: (args) => Promise.resolve(args[0] === 'info' ? INFO : SOURCES),
    devices: () => DEVICES,
    openRecorder: (index) => {
      opened.push(index);
      return recorderGiving(Infinity);
    },
    // The monitor's reads are paced on a clock of the test's: one that never moves, unless a test moves its own.
    clock: new FakeClock(),
    ...overrides,
  };
}

const samples = { samples: () => undefined, lost: () => undefined };

describe('which source the call’s sound comes from', () => {
  it('is the sound server’s monitor on Linux; Windows and macOS say it is not available, and the microphone is recorded', () => {
    const source: CallSoundSource = { open: () => Promise.reject(new Error('unused')) };
    expect(callSoundSourceFor('linux', { linux: () => source })).toEqual({ available: true, source });
    for (const platform of ['win32', 'darwin', 'freebsd'] as const) {
      const choice = callSoundSourceFor(platform, { linux: () => source });
      expect(choice.available).toBe(false);
      expect(choice.available ? '' : choice.message).toMatch(/not available on .*only the microphone is recorded/);
      expect(callSoundNotAvailable(platform)).not.toBeNull();
    }
    expect(callSoundNotAvailable('linux')).toBeNull();
  });

  it('on Linux, records the monitor of the output in use, found by its description among the devices PvRecorder lists', async () => {
    const deps = linux();
    const capture = await pulseMonitorSource(deps).open(samples);
    expect(capture.device).toBe('Monitor of Built-in Audio Analog Stereo');
    expect(deps.opened).toEqual([1]);
    expect(capture.backlogSamples).toBe(3 * 512);
    capture.close();
  });

  it('reads the default output and its monitor from pactl as printed in the C locale', () => {
    expect(defaultSinkIn(INFO)).toBe('alsa_output.pci-0000_00_1f.3.analog-stereo');
    expect(defaultSinkIn('Server Name: pulseaudio\n')).toBeNull();
    expect(monitorDescriptionIn(SOURCES, 'alsa_output.hdmi-stereo')).toBe('Monitor of Built-in Audio Digital Stereo (HDMI)');
    expect(monitorDescriptionIn(SOURCES, 'bluez_sink.headset')).toBeNull();
  });

  it('says at Record why the call’s sound is missing: no pactl, no output device, a monitor not offered or that cannot be opened', async () => {
    const missing = (deps: PulseMonitorDeps) => pulseMonitorSource(deps).open(samples).then(() => 'opened', (error: Error) => error.message);
    const noPactl = Object.assign(new Error('spawn pactl ENOENT'), { code: 'ENOENT' });
    expect(await missing(linux({ pactl: () => Promise.reject(noPactl) }))).toMatch(/pactl \(package pulseaudio-utils\) is not installed\. Only the microphone is recorded\.$/);
    expect(await missing(linux({ pactl: () => Promise.reject(new Error('Connection refused')) }))).toMatch(/did not answer/);
    expect(await missing(linux({ pactl: (args) => Promise.resolve(args[0] === 'info' ? 'Default Sink: auto_null\n' : '') }))).toMatch(/no sound output device/);
    expect(await missing(linux({ pactl: (args) => Promise.resolve(args[0] === 'info' ? 'Server Name: pulseaudio\n' : '') }))).toMatch(/no sound output device/);
    expect(await missing(linux({ devices: () => ['Built-in Audio Analog Stereo'] }))).toMatch(/\(Monitor of Built-in Audio Analog Stereo\) is not offered/);
    expect(
      await missing(
        linux({
          openRecorder: () => {
            throw new Error('PvRecorder failed to initialize.');
          },
        }),
      ),
    ).toMatch(/could not be opened\. Only the microphone is recorded\.$/);
  });

  it('tells the doctor when the output stops sending sound while recording, and lets the device go', async () => {
    // One frame, then every read fails: the source's 2.5 s of silence pass as the test moves the clock the reads are paced on.
    const clock = new FakeClock();
    const recorder = recorderGiving(1);
    const lost: string[] = [];
    const capture = await pulseMonitorSource(linux({ openRecorder: () => recorder, clock })).open({ samples: () => undefined, lost: (message) => lost.push(message) });
    await clock.advance(2_500);
    expect(lost).toEqual([]);
    await clock.advance(100);
    expect(lost).toEqual(['The call’s sound stopped (the sound output was changed or removed). The microphone is still recorded.']);
    capture.close();
    expect(recorder.released).toBe(true);
  });
});

describe('the call’s sound in one recording', () => {
  it('is mixed into the microphone’s frames once its source is open, with its own level', async () => {
    const source: CallSoundSource = {
      open: async (sink) => {
        for (let frame = 0; frame < 4; frame += 1) sink.samples(sine(1000, 0.3, 512, frame * 512));
        return { device: 'test monitor', backlogSamples: 1024, close: () => undefined };
      },
    };
    const input = await CallSoundInput.open({ available: true, source }, () => undefined);
    expect(input.report()).toEqual({ state: 'on', message: null });
    const mixed = input.mix(sine(440, 0.3, 512));
    expect(tonePower(mixed, 440)).toBeGreaterThan(0.25);
    // The source pushed before the mixer existed: those samples are not mixed; what comes next is.
    expect(tonePower(mixed, 1000)).toBeLessThan(0.01);
    expect(input.takeLoudest()).toBe(0);
  });

  it('is reported missing at once where it cannot be had, and the microphone passes through untouched', async () => {
    const reports: CallSoundReport[] = [];
    const input = await CallSoundInput.open({ available: false, message: 'Recording the call’s sound is not available on Windows in this version: only the microphone is recorded.' }, (report) => reports.push(report));
    expect(input.report()).toEqual({ state: 'missing', message: expect.stringContaining('Windows') });
    const mic = sine(440, 0.3, 512);
    expect(input.mix(mic)).toBe(mic);
    const failing = await CallSoundInput.open({ available: true, source: { open: () => Promise.reject(new Error('The call’s sound is not recorded: x.')) } }, (report) => reports.push(report));
    expect(failing.report()).toEqual({ state: 'missing', message: 'The call’s sound is not recorded: x.' });
    expect(reports).toEqual([]);
  });

  it('says so when its source is lost while recording, and gives silence for it from then on', async () => {
    let sink: Parameters<CallSoundSource['open']>[0] | null = null;
    let closed = 0;
    const reports: CallSoundReport[] = [];
    const input = await CallSoundInput.open(
      {
        available: true,
        source: {
          open: async (given) => {
            sink = given;
            return { device: 'test monitor', backlogSamples: 1024, close: () => (closed += 1) };
          },
        },
      },
      (report) => reports.push(report),
    );
    for (let frame = 0; frame < 10; frame += 1) {
      sink!.samples(sine(1000, 0.3, 512, frame * 512));
      input.mix(sine(440, 0.3, 512, frame * 512));
    }
    expect(input.takeLoudest()).toBeGreaterThan(0.15);
    sink!.lost('The call’s sound stopped (the sound output was changed or removed). The microphone is still recorded.');
    expect(reports).toEqual([{ state: 'missing', message: expect.stringContaining('stopped') }]);
    expect(closed).toBe(1);
    for (let frame = 0; frame < 4; frame += 1) input.mix(sine(440, 0.3, 512));
    input.takeLoudest();
    input.mix(sine(440, 0.3, 512));
    expect(input.takeLoudest()).toBe(0);
  });
});
