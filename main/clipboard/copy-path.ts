/**
 * The one way patient data leaves the app by the clipboard. Every copy (a note, a part of it,
 * the transcript, FHIR or JSON, an ABHA number or address, a lab report's id) comes here as a
 * request: the administrator's review rule is applied, the text is headed by whose it is and,
 * for the sandbox's data, that it is test data (contract/copy-heading.ts), and it is written
 * through the patient clipboard (kept out of clipboard histories, cleared after the set time).
 * A refused copy, and a recording started for another patient, take the app's earlier copy off
 * the clipboard if it is still there, so that a reflex paste cannot put it in the wrong chart.
 * Pure apart from the clipboard it is given.
 */
import { headed, type CopiedText, type CopyHeading } from '../../contract/copy-heading';
import type { EarlierContent } from './earlier-clipboard';
import type { ClipboardForm, CopyId, PatientClipboard, PutBack } from './patient-clipboard';

export const NOT_REVIEWED =
  'Your administrator requires each note to be marked reviewed before it leaves Scribe Desk. Open the dictation, check its note and press "Mark reviewed".';

/** Said after a refusal when the app's earlier copy was taken off the clipboard. */
export const EARLIER_COPY_REMOVED = 'Nothing copied; the earlier note was removed from the clipboard.';
export const NOTHING_COPIED = 'Nothing was copied.';

const PUT_BACK_LOG: Record<PutBack, string> = {
  restored: 'was put back',
  changed: 'was not put back (the clipboard no longer held this copy: something was copied since)',
  secret: 'was marked secret by a password manager and this clipboard cannot write the mark back, so it was not put back',
  unreadable: 'could not be read, so it was not put back',
  failed: 'could not be written back',
};

export interface CopyItem {
  heading: CopyHeading;
  body: CopiedText;
  /** Review applies (to a dictation's note and its parts): when it was marked reviewed, and how to name it; null where it does not. */
  review: { reviewedAt: string | null; name: string } | null;
  /** Whose it is, for what belongs to a dictation or report (ownerOf); null for what has none. */
  owner: string | null;
  /** What was copied, for the log (never its content): "note", "note part", "ABHA number". */
  what: string;
}

/** How the clipboard names the chosen patient a copy or a recording is for. */
export function patientOwner(patientId: string): string {
  return `patient:${patientId}`;
}

/** Whose an item is, as the clipboard compares it: its patient when one was chosen, else its label. */
export function ownerOf(item: { label: string; patientId: string | null }): string {
  return item.patientId ? patientOwner(item.patientId) : item.label.trim();
}

/** A copy, or why there is nothing to copy (no note yet, not found). */
export type CopyRequest = CopyItem | { refused: string };

/**
 * `text`: what was copied (typed where the note is typed); `earlier`: what the clipboard held
 * before, when asked to keep it for a paste; `copy`: this copy's id, for its put-back.
 */
export type CopyOutcome = { copied: true; text: string; earlier: EarlierContent | null; copy: CopyId } | { copied: false; reason: string };

export interface CopyOptions {
  /** Text and HTML (the default), or text only. */
  form?: ClipboardForm;
  /** The note is about to be pasted into another program: read what the clipboard holds, to put it back after. */
  keepEarlier?: boolean;
}

export class CopyPath {
  constructor(
    private readonly clipboard: PatientClipboard,
    private readonly rules: { requireReview(): boolean; log(event: string): void },
  ) {}

  async copy(request: CopyRequest, options: CopyOptions = {}): Promise<CopyOutcome> {
    if ('refused' in request) return this.refuse(request.refused, 'nothing to copy');
    if (request.review && this.rules.requireReview() && request.review.reviewedAt === null) {
      return this.refuse(`The note of the dictation ${request.review.name} is not marked reviewed. ${NOT_REVIEWED}`, `${request.what} not reviewed`);
    }
    const earlier = options.keepEarlier ? await this.clipboard.earlier() : null;
    const content = headed(request.heading, request.body);
    const copy = await this.clipboard.write(content, request.owner, options.form);
    this.rules.log(`copy: ${request.what} copied${options.form === 'plain' ? ' as plain text' : ''}${request.heading.testData ? ' (test data)' : ''}`);
    return { copied: true, text: content.text, earlier, copy };
  }

  /** Copy `copy` was pasted: the clipboard's earlier content goes back, unless the clipboard no longer holds that very copy. */
  async putBack(earlier: EarlierContent, copy: CopyId): Promise<PutBack> {
    const outcome = await this.clipboard.putBack(earlier, copy);
    this.rules.log(`copy: after the paste, the earlier clipboard ${PUT_BACK_LOG[outcome]}`);
    return outcome;
  }

  /**
   * A recording starts for `owner` (ownerOf: the chosen patient, else the label): the app's copy
   * for another patient (or for no named one) leaves the clipboard, if it is still there. True
   * when it was taken off.
   */
  async recordingFor(owner: string): Promise<boolean> {
    const last = this.clipboard.ownerOfLast();
    // With nothing known of this run, a copy the app made before a restart (whosever it was) is withdrawn.
    if (last !== null && last !== '' && last === owner.trim()) return false;
    const removed = await this.clipboard.withdraw();
    if (removed) this.rules.log('copy: the earlier copy was taken off the clipboard (a recording for another patient began)');
    return removed;
  }

  /**
   * The visit's patient changed (`owner`: theirs, as ownerOf names it; null: nobody chosen): the
   * app's copy of another patient's (or nobody's) note leaves the clipboard, if it is still there.
   */
  async visitChanged(owner: string | null): Promise<boolean> {
    const last = this.clipboard.ownerOfLast();
    if (last === null || (owner !== null && last !== '' && last === owner)) return false;
    const removed = await this.clipboard.withdraw();
    if (removed) this.rules.log('copy: the earlier copy was taken off the clipboard (another patient was chosen, or the visit ended)');
    return removed;
  }

  /**
   * A consultation's consent was withdrawn (`owner`: whose it was, as ownerOf names it): the app's
   * copy of that patient's (or, not knowing whose the last was, any) leaves the clipboard.
   */
  async consentWithdrawn(owner: string): Promise<boolean> {
    const last = this.clipboard.ownerOfLast();
    if (last !== null && last !== owner.trim()) return false;
    const removed = await this.clipboard.withdraw();
    if (removed) this.rules.log('copy: the copy was taken off the clipboard (consent to a consultation was withdrawn)');
    return removed;
  }

  async dispose(): Promise<void> {
    await this.clipboard.dispose();
  }

  private async refuse(reason: string, why: string): Promise<CopyOutcome> {
    const removed = await this.clipboard.withdraw();
    this.rules.log(`copy: refused (${why})${removed ? '; the earlier copy was taken off the clipboard' : ''}`);
    return { copied: false, reason: `${reason} ${removed ? EARLIER_COPY_REMOVED : NOTHING_COPIED}` };
  }
}
