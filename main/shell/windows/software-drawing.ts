/**
 * The window drawn in software from the start where the last start found that this computer's
 * graphics cannot composite (no GPU driver, a remote desktop, a virtual machine): Chromium then
 * does not first try the graphics processor, whose failed start the page's first frame waits on
 * at every start. What Chromium found is remembered in the data folder for its own version and
 * a week; then a start tries the graphics again. Where the graphics composite, nothing changes.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const GRAPHICS_FILE = 'graphics.json';
/** How long a finding holds before a start asks the graphics again: a driver installed, a remote session ended. */
export const GRAPHICS_FINDING_MS = 7 * 24 * 60 * 60 * 1000;

/** What the last start that tried the graphics found: they could not composite, with this Chromium, then. */
interface Finding {
  chrome: string;
  notedAt: number;
}

function readFinding(folder: string): Finding | null {
  try {
    const value: unknown = JSON.parse(readFileSync(join(folder, GRAPHICS_FILE), 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { chrome, notedAt } = value as Record<string, unknown>;
    return typeof chrome === 'string' && typeof notedAt === 'number' && Number.isFinite(notedAt) ? { chrome, notedAt } : null;
  } catch {
    return null;
  }
}

/** True when a start with this Chromium found, within the week before `now`, that the graphics cannot composite. */
export function drawInSoftwareFromTheStart(folder: string, chrome: string, now: number): boolean {
  const finding = readFinding(folder);
  return finding !== null && finding.chrome === chrome && now >= finding.notedAt && now - finding.notedAt < GRAPHICS_FINDING_MS;
}

/**
 * Whether Chromium composites on the graphics processor, from `app.getGPUFeatureStatus()`'s
 * `gpu_compositing` ("enabled", "enabled_on", "enabled_force"…; "disabled_software",
 * "unavailable_software"… when it draws in software).
 */
export function compositesOnGraphics(gpuCompositing: string | undefined): boolean {
  return gpuCompositing?.startsWith('enabled') ?? false;
}

/**
 * After a start that tried the graphics: their finding kept for the next start when they cannot
 * composite, forgotten when they can. Says what changed, or null; a folder that cannot be written
 * only means the next start tries the graphics again.
 */
export function noteGraphics(folder: string, chrome: string, composites: boolean, now: number): string | null {
  const file = join(folder, GRAPHICS_FILE);
  try {
    if (composites) {
      if (readFinding(folder) === null) return null;
      rmSync(file, { force: true });
      return 'the graphics composite: the window is drawn on them from the next start';
    }
    writeFileSync(file, `${JSON.stringify({ chrome, notedAt: now } satisfies Finding)}\n`, { mode: 0o600 });
    return 'the graphics cannot composite: the window is drawn in software from the next start, for a week';
  } catch (error) {
    return `what the graphics can do was not noted (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`;
  }
}
