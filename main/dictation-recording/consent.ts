/**
 * A consultation's consent at Record: what is kept of the patient's answer (the notice read to
 * them, when, who confirmed it), or of the clinic's own register where the policy says so, and
 * when the window must ask first. Pure apart from the computer's user name.
 */
import { userInfo } from 'node:os';
import type { ConsentAnswer, ConsentNotices, ConsentRecord } from '../../contract/consent';
import type { Settings } from '../../contract/settings';

/** Who confirms an answer: the account signed in to the service (none on the sandbox) and the computer's user. */
export interface Confirmer {
  account: string | null;
  osUser: string;
}

/** The account and user that confirm a consent now. */
export function confirmedBy(settings: { current(): Pick<Settings, 'service' | 'clientId'> }): () => Confirmer {
  return () => {
    const { service, clientId } = settings.current();
    let osUser = 'unknown';
    try {
      osUser = userInfo().username;
    } catch {
      // No user name (a service account without a profile): said as unknown.
    }
    return { account: service === 'sandbox' ? 'the built-in sandbox (test data)' : clientId || null, osUser };
  };
}

/**
 * The consent a consultation keeps: the clinic's register (policy `clinicRecordsIt`), or the
 * patient's answer to a notice that exists in that version and said what is recorded (`callSound`:
 * the call's sound too, so everyone on the call); 'ask' when there is no such answer.
 */
export function consentToKeep(
  notices: ConsentNotices,
  answer: ConsentAnswer | undefined,
  confirmer: () => Confirmer,
  callSound: boolean,
  now: () => Date = () => new Date(),
): ConsentRecord | 'ask' {
  const at = now().toISOString();
  if (notices.mode === 'clinicRecordsIt') return { kind: 'clinic', at, noticeLanguage: null, noticeVersion: null, ...confirmer(), callSound };
  if (!answer || (answer.callSound ?? false) !== callSound) return 'ask';
  const read = notices.notices.find((notice) => notice.language === answer.noticeLanguage && notice.version === answer.noticeVersion);
  if (!read) return 'ask';
  return { kind: 'given', at, noticeLanguage: read.language, noticeVersion: read.version, ...confirmer(), callSound };
}
