/** "Label (optional)": what a recording or a lab report says besides its patient ("follow-up"); the patient is chosen for the visit. */
import { LABEL_MAX_CHARS } from '../../contract/limits';

export function PatientLabelField({ id, value, disabled, grow, onChange }: { id: string; value: string; disabled?: boolean; grow?: boolean; onChange(value: string): void }) {
  return (
    <div className={grow ? 'field grow' : 'field'}>
      <label htmlFor={id}>Label (optional)</label>
      <input
        id={id}
        type="text"
        maxLength={LABEL_MAX_CHARS}
        autoComplete="off"
        placeholder="e.g. follow-up"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
