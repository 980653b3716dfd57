/**
 * The newest version each channel file has offered, kept across restarts: signed metadata
 * offering an older one is an old copy replayed (a server or a network holding the clinic on
 * an old release), and is refused. Nothing older than the running version is taken anyway.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-file';
import { compareVersions, parseVersion } from './version-rule';

const fileSchema = z.object({ version: z.literal(1), channels: z.record(z.string(), z.string()) });

export class OfferedVersions {
  private channels: Record<string, string> | null = null;

  constructor(private readonly file: string) {}

  /** Why `offered` must not be taken on `channelFile` (older than one offered before), or null. */
  problem(channelFile: string, offered: string): string | null {
    const highest = this.read()[channelFile];
    const offeredVersion = parseVersion(offered);
    const highestVersion = highest === undefined ? null : parseVersion(highest);
    if (!offeredVersion || !highestVersion || compareVersions(offeredVersion, highestVersion) >= 0) return null;
    return `The update server offers version ${offered}, older than version ${highest} it offered before on this channel: its release information may be an old copy; refused. Nothing was downloaded.`;
  }

  /** Notes a signed offer; the newest one is kept. */
  note(channelFile: string, offered: string): void {
    const channels = this.read();
    const offeredVersion = parseVersion(offered);
    const highest = channels[channelFile] === undefined ? null : parseVersion(channels[channelFile]);
    if (!offeredVersion || (highest && compareVersions(offeredVersion, highest) <= 0)) return;
    this.channels = { ...channels, [channelFile]: offered };
    writeFileAtomic(this.file, `${JSON.stringify({ version: 1, channels: this.channels })}\n`);
  }

  private read(): Record<string, string> {
    if (this.channels) return this.channels;
    try {
      this.channels = fileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).channels;
    } catch {
      // None yet, or unreadable: the running version is still the floor.
      this.channels = {};
    }
    return this.channels;
  }
}
