/** A sound level as a meter: green for speech, amber when loud, red when clipping; its name and words for screen readers. */
import { LEVEL_WORDS, levelZone } from '../../contract/level-zone';

export function LevelMeter({ level, label, testId }: { level: number; label: string; testId: string }) {
  const zone = levelZone(level);
  const percent = Math.round(level * 100);
  return (
    <div
      className={`meter zone-${zone}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %, ${LEVEL_WORDS[zone]}`}
      data-testid={testId}
    >
      <div className="meter-fill" style={{ transform: `scaleX(${level.toFixed(2)})` }} />
    </div>
  );
}
