/** The settings form's fields: one component per kind of value, each with its label, lock note and error. */
import type { SettingName } from '../../../contract/settings';

export function LockNote({ locked }: { locked: boolean }) {
  return locked ? <span className="lock-note">Managed by your administrator</span> : null;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

interface FieldProps<T> {
  name: SettingName;
  label: string;
  hint?: string;
  value: T;
  locked: boolean;
  error?: string | undefined;
  onChange(value: T): void;
}

export function TextField({ name, label, hint, value, locked, error, onChange }: FieldProps<string>) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <input
        id={name}
        type="text"
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function NumberField({ name, label, value, locked, error, onChange, min, max }: FieldProps<number> & { min: number; max: number }) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <input
        id={name}
        type="number"
        min={min}
        max={max}
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function ToggleField({ label, value, locked, onChange }: Omit<FieldProps<boolean>, 'name' | 'error'>) {
  return (
    <div className="field checkbox">
      <label>
        <input type="checkbox" checked={value} disabled={locked} onChange={(event) => onChange(event.target.checked)} /> {label}{' '}
        <LockNote locked={locked} />
      </label>
    </div>
  );
}

export function SelectField({
  name,
  label,
  hint,
  value,
  locked,
  error,
  onChange,
  options,
}: FieldProps<string> & { options: Array<{ value: string; label: string }> }) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <select id={name} value={value} disabled={locked} aria-describedby={error ? errorId : undefined} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
