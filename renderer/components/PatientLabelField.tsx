/** "Patient or visit (optional)": the label a recording or a lab report is kept and copied under. */
import { LABEL_MAX_CHARS } from '../../contract/limits';

export function PatientLabelField({ id, value, disabled, grow, onChange }: { id: string; value: string; disabled?: boolean; grow?: boolean; onChange(value: string): void }) {
  return (
    <div className={grow ? 'field grow' : 'field'}>
      <label htmlFor={id}>Patient or visit (optional)</label>
      <input
        id={id}
        type="text"
        maxLength={LABEL_MAX_CHARS}
        autoComplete="off"
        placeholder="e.g. Bed 12, follow-up"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
