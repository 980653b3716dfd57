/**
 * The recording, played back as one stop for the keyboard: one button plays and pauses (Space
 * or Enter), the arrow keys go back or forward 5 seconds, Home and End to the start and end;
 * the bar shows where it is. The browser's own controls are several stops and say little.
 * Keyed by its recording where it is used: another recording starts afresh.
 */
import { useRef, useState } from 'react';

const STEP_S = 5;

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0:00';
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [length, setLength] = useState(0);

  const seek = (to: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = Math.min(Math.max(0, to), Number.isFinite(element.duration) ? element.duration : to);
    setAt(element.currentTime);
  };
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => seek(at - STEP_S),
      ArrowDown: () => seek(at - STEP_S),
      ArrowRight: () => seek(at + STEP_S),
      ArrowUp: () => seek(at + STEP_S),
      Home: () => seek(0),
      End: () => seek(length),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const percent = length > 0 ? Math.round((at / length) * 100) : 0;
  return (
    <div className="audio-player">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setAt(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setLength(event.currentTarget.duration)}
        onDurationChange={(event) => setLength(event.currentTarget.duration)}
      />
      <button
        type="button"
        className="play"
        aria-keyshortcuts="ArrowLeft ArrowRight Home End"
        aria-describedby="audio-player-keys"
        onClick={toggle}
        onKeyDown={onKeyDown}
        data-testid="audio-player"
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        <span className="visually-hidden">{`${playing ? 'Pause' : 'Play'} ${label}`}</span>
        <span className="audio-time">
          {clock(at)} / {clock(length)}
        </span>
      </button>
      <span className="audio-bar" aria-hidden="true">
        <span className="audio-bar-fill" style={{ width: `${percent}%` }} />
      </span>
      <span id="audio-player-keys" className="visually-hidden">
        Space plays or pauses; the arrow keys go back or forward {STEP_S} seconds.
      </span>
    </div>
  );
}
