/**
 * "A call seems to have started": the app's quiet offer to record the consultation when
 * another program began using the microphone while it was idle. Accepting records a
 * Consultation as the Record button does, the patient's consent asked first; it never starts by itself.
 */
import { useDictationStore } from '../../app/stores';
import { pressRecord } from './record-start';

export function CallOfferBanner() {
  const offered = useDictationStore((state) => state.recorder.callOffer && state.recorder.state === 'idle');
  if (!offered) return null;
  // As Record in Consultation mode: the patient's consent (and which patient) asked first.
  const record = () => void pressRecord('consultation');
  return (
    <div className="banner info call-offer" role="status" aria-label="Call offer">
      <span>A call seems to have started. Record the consultation?</span>{' '}
      <button type="button" onClick={record}>
        Record consultation
      </button>{' '}
      <button type="button" onClick={() => void useDictationStore.getState().dismissCallOffer()}>
        Not now
      </button>
    </div>
  );
}
