/**
 * electron-updater's generic provider (a plain web folder), trusting release metadata only
 * when the publisher signed it and it offers no older version. Plugged in through
 * electron-updater's own extension point, `setFeedURL({ provider: 'custom', updateProvider })`;
 * downloading and the artifact's sha512 check (against the now signed metadata) stay
 * electron-updater's. No request carries an id of this install: the staged rollout is decided
 * on this machine (staged-rollout.ts), so electron-updater's `x-user-staging-id` is never sent.
 */
import type { KeyObject } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { AppUpdater, UpdateInfo } from 'electron-updater';
import type { ResolvedUpdateFileInfo } from 'electron-updater/out/types';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import { parseUpdateInfo, type ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import { getChannelFilename, newUrlFromBase } from 'electron-updater/out/util';
import { transportProblem } from '../../../contract/url-rules';
import { isSignedByPublisher } from '../../updates/release-signature';
import { UpdateRefusedError } from '../../updates/update-errors';
import type { OfferedVersions } from '../../updates/offered-versions';
import { offeredVersionProblem } from '../../updates/version-rule';

export interface SignedFeedOptions {
  provider: 'custom';
  updateProvider: typeof SignedGenericProvider;
  /** The web folder holding the channel files, their `.sig` files and the installers. */
  url: string;
  channel: string;
  publisherKey: KeyObject;
  /** The version running now; nothing older is taken. */
  runningVersion: string;
  /** The newest version each channel file has offered; nothing older is taken. */
  offered: OfferedVersions;
}

/** Headers that would tell the update server which install asks (electron-updater's staging id); never sent. */
export const INSTALL_ID_HEADERS: readonly string[] = ['x-user-staging-id'];

/** The headers without any that identifies this install. */
export function withoutInstallIds(headers: OutgoingHttpHeaders | null): OutgoingHttpHeaders | null {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !INSTALL_ID_HEADERS.includes(name.toLowerCase())));
}

export class SignedGenericProvider extends GenericProvider {
  private readonly feed: SignedFeedOptions;
  private readonly folder: URL;

  constructor(feed: SignedFeedOptions, updater: AppUpdater, runtimeOptions: ProviderRuntimeOptions) {
    super({ provider: 'generic', url: feed.url, channel: feed.channel }, updater, runtimeOptions);
    this.feed = feed;
    this.folder = new URL(feed.url);
    if (!this.folder.pathname.endsWith('/')) this.folder.pathname += '/';
  }

  override setRequestHeaders(value: OutgoingHttpHeaders | null): void {
    super.setRequestHeaders(withoutInstallIds(value));
  }

  override async getLatestVersion(): Promise<UpdateInfo> {
    const channelFile = getChannelFilename(this.getCustomChannelName(this.feed.channel));
    const channelUrl = newUrlFromBase(channelFile, this.folder, true);
    const metadata = await this.fetchText(channelUrl, () => `The update server has no release information for this channel (${channelFile}). Check the update server address and channel.`);
    const signature = await this.fetchText(
      newUrlFromBase(`${channelFile}.sig`, this.folder, true),
      () => `The update server's release information is not signed by the publisher (${channelFile}.sig is missing); nothing was downloaded.`,
    );
    // The executor hands over text decoded as UTF-8 (what electron-builder writes); encoding it
    // again gives back the exact bytes, and anything that was not valid UTF-8 fails here.
    if (!isSignedByPublisher(channelFile, Buffer.from(metadata, 'utf8'), signature, this.feed.publisherKey)) {
      throw new UpdateRefusedError(
        `The update server's release information is not signed by the publisher (the signature in ${channelFile}.sig does not match); nothing was downloaded.`,
      );
    }
    const info = parseUpdateInfo(metadata, channelFile, channelUrl);
    const version = (info as { version?: unknown } | null)?.version;
    const problem = offeredVersionProblem(this.feed.runningVersion, version) ?? this.feed.offered.problem(channelFile, String(version));
    if (problem) throw new UpdateRefusedError(problem);
    this.feed.offered.note(channelFile, String(version));
    return info;
  }

  /** The installers to download: signed metadata may name any address, but only one the transport rule allows is used. */
  override resolveFiles(updateInfo: UpdateInfo): ResolvedUpdateFileInfo[] {
    const files = super.resolveFiles(updateInfo);
    for (const file of files) {
      const problem = transportProblem(file.url.href);
      if (problem) throw new UpdateRefusedError(`The release names a download address that is not allowed (${file.url.protocol}//${file.url.host}); nothing was downloaded. ${problem}`);
    }
    return files;
  }

  /** The file's text; a missing (404) or empty file is refused with `missing()`. */
  private async fetchText(url: URL, missing: () => string): Promise<string> {
    let text: string | null;
    try {
      text = await this.httpRequest(url);
    } catch (error) {
      if ((error as { statusCode?: unknown }).statusCode === 404) throw new UpdateRefusedError(missing());
      throw error;
    }
    if (text === null) throw new UpdateRefusedError(missing());
    return text;
  }
}
