/**
 * A registration field's message (or its hint in the same room), and the keyboard moved to a field
 * when a message about it appears.
 */
import { useEffect, useRef } from 'react';
import type { RegistrationField } from '../../../contract/registration';
import { useRegistrationStore } from '../../app/stores';

export const errorId = (field: RegistrationField) => `${field}-error`;

/** The message next to a field, with the national system's own words when they name something to use. */
export function FieldError({ field }: { field: RegistrationField }) {
  const message = useRegistrationStore((state) => state.fieldErrors[field]);
  // The upstream words matter where they name something to use (a mobile number, an address); for an OTP they add nothing.
  const detail = useRegistrationStore((state) => (field !== 'otp' && state.error?.fields?.[field] ? state.error.detail : undefined));
  if (!message) return null;
  return (
    <div className="field-error" id={errorId(field)} role="alert">
      <p>{message}</p>
      {detail ? <p className="hint">The national health system said: {detail}</p> : null}
    </div>
  );
}

/**
 * A field's hint, or in its place the message about the field: one block that keeps the room of
 * two lines (`short`: one), so that the buttons below never move when a message comes or goes.
 */
export function FieldMessage({ field, hint, hintId, short = false }: { field: RegistrationField; hint?: React.ReactNode; hintId?: string; short?: boolean }) {
  const message = useRegistrationStore((state) => state.fieldErrors[field]);
  return (
    <div className={short ? 'field-message short' : 'field-message'}>
      {message ? (
        <FieldError field={field} />
      ) : hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Moves the keyboard to a field when a message about it appears, so it can be corrected at once. */
export function useFocusOnError(field: RegistrationField) {
  const ref = useRef<HTMLInputElement>(null);
  const message = useRegistrationStore((state) => state.fieldErrors[field]);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return ref;
}
