/** The settings form's fields: one component per kind of value, each with its label, lock note and error. */
import { useState } from 'react';
import type { SettingName } from '../../../contract/settings';
import { acceleratorProblem } from '../../../contract/shortcut-rules';
import { useSettingsStore } from '../../app/stores';
import { acceleratorOf, acceleratorOfText, shortcutText } from '../../components/shortcut-keys';

/**
 * Why a setting cannot be changed: the administrator's policy sets it, the policy file cannot be
 * used and the safest value holds, or the reason given.
 */
export function LockNote({ locked, reason }: { locked: boolean; reason?: string | undefined }) {
  const policyBroken = useSettingsStore((state) => (state.view?.policy.error ?? null) !== null);
  if (!locked) return null;
  return <span className="lock-note">{reason ?? (policyBroken ? 'Locked at its safest until the policy file is mended' : 'Managed by your administrator')}</span>;
}

/** What the computer will not let a setting do, under the setting, read with it by screen readers. */
export function SettingNote({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p className="setting-note" id={id}>
      {message}
    </p>
  ) : null;
}

/**
 * What a Save button did, or that there is something to save, on the line beside it: the line
 * keeps its room when empty, so that nothing moves under the pointer when words come and go.
 */
export function SaveStatus({ status, id }: { status: { text: string; tone: 'ok' | 'error' | 'pending' } | null; id?: string }) {
  return (
    <span className={`save-status ${status?.tone ?? ''}`} role="status" id={id} data-testid={id}>
      {status?.text}
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

interface InputFieldProps {
  id: string;
  label: string;
  /** Shown after the label (a lock note, a "set" badge). */
  labelExtra?: React.ReactNode;
  type?: 'text' | 'password' | 'number';
  value: string | number;
  disabled?: boolean;
  error?: string | undefined;
  hint?: string;
  /** What the computer will not let this setting do (a warning under it). */
  note?: string | null;
  placeholder?: string;
  min?: number;
  max?: number;
  onChange(value: string): void;
  onKeyDown?(event: React.KeyboardEvent<HTMLInputElement>): void;
}

/** A labelled input with its hint and error, wired for screen readers. */
export function InputField({ id, label, labelExtra, type = 'text', value, disabled, error, hint, note, placeholder, min, max, onChange, onKeyDown }: InputFieldProps) {
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [error ? errorId : null, note ? noteId : null].filter((id) => id !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} {labelExtra}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {hint ? <p className="hint">{hint}</p> : null}
      <SettingNote id={noteId} message={note} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface FieldProps<T> {
  name: SettingName;
  label: string;
  hint?: string;
  value: T;
  locked: boolean;
  /** Said beside a locked field instead of "Managed by your administrator". */
  lockedReason?: string | undefined;
  error?: string | undefined;
  onChange(value: T): void;
}

export function TextField({ name, locked, lockedReason, ...props }: FieldProps<string> & { note?: string | null }) {
  return <InputField id={name} labelExtra={<LockNote locked={locked} reason={lockedReason} />} disabled={locked} {...props} />;
}

/**
 * A global shortcut, shown and typed as the OS writes it (Ctrl+Alt+C), kept as Electron names
 * it (CommandOrControl+Alt+C). Pressed in the field (Ctrl, Alt or Command with a key), it is
 * written for the app; typed, it is taken as written.
 */
export function ShortcutField({ name, locked, value, saved, onChange, hint, error, ...props }: FieldProps<string> & { note?: string | null; saved: string }) {
  const [typed, setTyped] = useState('');
  // What was typed while it still stands for the value; else (the form reset, a policy) the value as the OS writes it.
  const text = acceleratorOfText(typed) === value ? typed : shortcutText(value);
  const change = (next: string) => {
    setTyped(next);
    onChange(acceleratorOfText(next));
  };
  // The refusal of the value it was given for, never of another: a valid value, or Undo, clears it.
  const [refused, setRefused] = useState<{ value: string; error: string } | null>(null);
  if (error && refused?.error !== error) setRefused({ value, error });
  const shownError = acceleratorProblem(value) ?? (error && refused?.value === value ? error : undefined);
  // What works now is the saved shortcut, until a new one is saved.
  const shown = saved.trim() === '' ? 'No shortcut now.' : `Now: ${shortcutText(saved)}.`;
  const keys = navigator.userAgent.includes('Mac') ? 'Cmd' : 'the Windows key';
  return (
    <InputField
      id={name}
      labelExtra={<LockNote locked={locked} />}
      disabled={locked}
      value={text}
      error={shownError}
      hint={`${shown} Click here and press the keys to change it (Ctrl, Alt or ${keys} with a letter, digit or F-key). ${hint ?? ''}`.trim()}
      onChange={change}
      onKeyDown={(event) => {
        const accelerator = acceleratorOf(event);
        if (!accelerator) return;
        event.preventDefault();
        change(shortcutText(accelerator));
      }}
      {...props}
    />
  );
}

export function NumberField({ name, locked, onChange, ...props }: FieldProps<number> & { min: number; max: number }) {
  return <InputField id={name} type="number" labelExtra={<LockNote locked={locked} />} disabled={locked} onChange={(value) => onChange(Number(value))} {...props} />;
}

export function ToggleField({ label, value, locked, lockedReason, onChange, name, note }: Omit<FieldProps<boolean>, 'name' | 'error'> & { name?: SettingName; note?: string | null }) {
  const noteId = name ? `${name}-note` : undefined;
  return (
    <div className="field checkbox">
      <label>
        <input
          type="checkbox"
          id={name}
          checked={value}
          disabled={locked}
          aria-describedby={note && noteId ? noteId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {label} <LockNote locked={locked} reason={lockedReason} />
      </label>
      {noteId ? <SettingNote id={noteId} message={note} /> : null}
    </div>
  );
}

/** A field that chooses among `options`. */
type ChoiceFieldProps<T> = FieldProps<T> & { options: Array<{ value: string; label: string }> };

export function SelectField({ name, label, hint, value, locked, error, onChange, options, note }: ChoiceFieldProps<string> & { note?: string | null }) {
  const errorId = `${name}-error`;
  const noteId = `${name}-note`;
  const describedBy = [error ? errorId : null, note ? noteId : null].filter((id) => id !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <select id={name} value={value} disabled={locked} aria-describedby={describedBy || undefined} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <p className="hint">{hint}</p> : null}
      <SettingNote id={noteId} message={note} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Several choices out of a list, at most `max`: the others are disabled once that many are ticked. */
export function ChecklistField({ name, label, hint, value, locked, error, onChange, options, max }: ChoiceFieldProps<string[]> & { max: number }) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((id) => id !== null).join(' ');
  const toggle = (option: string, ticked: boolean) => onChange(ticked ? [...value, option] : value.filter((chosen) => chosen !== option));
  return (
    <div className="field">
      <fieldset className="tasks" id={name} aria-describedby={describedBy || undefined}>
        <legend>
          {label} <LockNote locked={locked} />
        </legend>
        {options.map((option) => {
          const ticked = value.includes(option.value);
          return (
            <label key={option.value}>
              <input type="checkbox" checked={ticked} disabled={locked || (!ticked && value.length >= max)} onChange={(event) => toggle(option.value, event.target.checked)} />{' '}
              {option.label}
            </label>
          );
        })}
      </fieldset>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
