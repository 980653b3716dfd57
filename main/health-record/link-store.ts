/**
 * The links of visits' records to patients' health records, on disk: `health-record/<id>/`
 * with the manifest (ids, states, times: what sending and listing need) and the FHIR bundle as
 * agreed (`bundle.sealed`, with the link's own key). Whose it is (the patient) and the ABHA
 * address it goes to are kept with the key (item-keyring.ts), never in the manifest; what went
 * wrong is sealed in it like every item's problem. A patient who declined is a link too, with no
 * bundle, so that they are not asked again. Deleting a link destroys its key first.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LINK_STATES, type LinkState, type LinkedItemKind } from '../../contract/health-record';
import { HI_TYPES, type HiType } from '../api/care-contexts-api';
import { writeFileAtomic } from '../storage/atomic-file';
import type { ItemKeyring } from '../storage/item-keyring';
import { KeyedFolderStore } from '../storage/keyed-folder-store';
import { openSealedBytes, sealBytes } from '../storage/sealed-file';

export const linkManifestSchema = z.object({
  version: z.literal(1),
  id: z.uuid(),
  createdAt: z.string(),
  itemKind: z.enum(['dictation', 'lab-report']),
  itemId: z.uuid(),
  /** 1 for the item's record as first linked; a corrected note is linked again as 2, 3… */
  linkVersion: z.number().int().min(1),
  /** Which version of the item's note it holds (the correction's time, or `original`). */
  noteVersion: z.string().max(100),
  careContextId: z.string().max(200),
  hiType: z.enum(HI_TYPES),
  display: z.string().max(500),
  /** The Composition's identifier: what a later version names as the one it replaces. */
  documentId: z.string().max(200).nullable(),
  /** Who agreed: the patient, asked by the doctor; the clinic's policy (`always`); null when the patient declined. */
  agreedBy: z.enum(['patient', 'policy']).nullable(),
  state: z.enum(LINK_STATES),
  testData: z.boolean(),
  bundleBytes: z.number().int().min(0),
  /** Kept with the key, never in the manifest on disk. */
  patientId: z.string().nullable().default(null),
  abhaAddress: z.string().default(''),
  problem: z.string().nullable().default(null),
  sealedProblem: z.string().nullable().default(null),
  attempts: z.number().int().min(0).default(0),
  nextAttemptAt: z.string().nullable().default(null),
  /** When the exchange accepted it (202). */
  uploadedAt: z.string().nullable().default(null),
  /** When it was linked or refused for good. */
  finishedAt: z.string().nullable().default(null),
});
export type LinkManifest = z.infer<typeof linkManifestSchema>;

const BUNDLE = 'bundle.sealed';

export interface NewLink {
  itemKind: LinkedItemKind;
  itemId: string;
  patientId: string;
  abhaAddress: string;
  linkVersion: number;
  noteVersion: string;
  careContextId: string;
  hiType: HiType;
  display: string;
  documentId: string | null;
  agreedBy: 'patient' | 'policy' | null;
  testData: boolean;
  /** The bundle as agreed; null for a link the patient declined. */
  bundle: string | null;
}

export class LinkStore extends KeyedFolderStore<LinkManifest> {
  constructor(
    root: string,
    keys: ItemKeyring | { problem: string },
    private readonly now: () => Date = () => new Date(),
  ) {
    super(root, linkManifestSchema, keys, (link) => (link.patientId !== null || link.abhaAddress !== '' ? { ...link, patientId: null, abhaAddress: '' } : link));
  }

  /** Reads every link; one cut off while it was being sent waits again (its care context id makes a second send harmless). */
  load(): { loaded: number; unreadable: number } {
    const { loaded, unreadable, folders } = this.readAll();
    const keyring = this.keyring;
    if (!keyring) return { loaded: loaded.length, unreadable };
    keyring.forgetAllBut(folders);
    for (const link of loaded) {
      this.remember({ ...link, patientId: keyring.patientOf(link.id), abhaAddress: keyring.labelOf(link.id) });
      if (link.state === 'sending') this.update(link.id, { state: 'waiting' });
    }
    this.sealClearProblems();
    return { loaded: loaded.length, unreadable };
  }

  /** A new link, its bundle sealed with its own key before its manifest is written. */
  create(input: NewLink): LinkManifest {
    const id = randomUUID();
    const { bundle, ...fields } = input;
    const { key } = this.openKeyring().create(id, input.abhaAddress, false, input.patientId);
    const folder = this.folderOf(id);
    try {
      // The bundle first: a manifest that waits to be sent always has its record beside it.
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (bundle !== null) writeFileAtomic(join(folder, BUNDLE), sealBytes(key, Buffer.from(bundle, 'utf8')));
      return this.add({
        version: 1,
        id,
        createdAt: this.now().toISOString(),
        ...fields,
        state: bundle === null ? 'declined' : 'waiting',
        bundleBytes: bundle === null ? 0 : Buffer.byteLength(bundle),
        problem: null,
        sealedProblem: null,
        attempts: 0,
        nextAttemptAt: null,
        uploadedAt: null,
        finishedAt: bundle === null ? this.now().toISOString() : null,
      });
    } catch (error) {
      this.keyring?.forget(id);
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }

  /** The bundle as agreed, opened; throws what stands in the way. */
  readBundle(id: string): string {
    const path = join(this.folderOf(id), BUNDLE);
    if (!existsSync(path)) throw new Error('The record kept for linking is missing on this computer.');
    return openSealedBytes(this.itemKeys(id, 'The key of the record kept for linking is missing.').key, readFileSync(path)).toString('utf8');
  }

  /** A link once sent keeps its manifest (what the exchange holds) but no longer the record itself. */
  dropBundle(id: string): void {
    rmSync(join(this.folderOf(id), BUNDLE), { force: true });
  }

  /** The links of one item, the latest version first. */
  forItem(kind: LinkedItemKind, itemId: string): LinkManifest[] {
    return this.list()
      .filter((link) => link.itemKind === kind && link.itemId === itemId)
      .sort((a, b) => b.linkVersion - a.linkVersion || (a.createdAt < b.createdAt ? 1 : -1));
  }

  forPatient(patientId: string): LinkManifest[] {
    return this.list().filter((link) => link.patientId === patientId);
  }

  /** Moves a link to another state (and its problem). */
  setState(id: string, state: LinkState, problem: string | null = null): LinkManifest {
    return this.writeOrKeepInMemory(id, { state, problem });
  }

  /** Destroys the link's key first: any copy of its files is then unreadable. */
  override delete(id: string): void {
    this.keyring?.forget(id);
    super.delete(id);
  }
}
