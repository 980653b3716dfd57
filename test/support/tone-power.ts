/**
 * How much of one frequency a stretch of 16-bit samples holds (the Goertzel algorithm): how
 * tests tell two sources apart in one recording, each given its own tone.
 */

/** The tone's amplitude at `frequency` Hz, as a fraction of full scale (a full-scale sine gives about 1). */
export function tonePower(samples: Int16Array, frequency: number, sampleRate = 16_000): number {
  if (samples.length === 0) return 0;
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample / 32768 + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return (2 * Math.sqrt(Math.max(0, power))) / samples.length;
}

/** A sine of `frequency` Hz at `amplitude` (fraction of full scale), `count` samples from sample `from` on. */
export function sine(frequency: number, amplitude: number, count: number, from = 0, sampleRate = 16_000): Int16Array {
  const out = new Int16Array(count);
  for (let i = 0; i < count; i += 1) out[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * (from + i)) / sampleRate));
  return out;
}
