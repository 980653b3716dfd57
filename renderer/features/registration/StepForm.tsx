/** One step of the registration as a form: its name, an optional heading, its fields, and its one action, which says when it is under way. */
import type { ReactNode } from 'react';
import { useRegistrationStore } from '../../app/stores';

export interface StepFormProps {
  /** The form's accessible name. */
  label: string;
  testId?: string;
  heading?: string;
  /** The action, and what it says while under way ("Verify OTP", "Checking…"). */
  action: string;
  busyAction: string;
  /** The action may not be pressed now (besides while the store is busy). */
  actionDisabled?: boolean;
  onSubmit(): Promise<void>;
  children: ReactNode;
  /** Below the action (a resend row). */
  after?: ReactNode;
}

export function StepForm({ label, testId, heading, action, busyAction, actionDisabled = false, onSubmit, children, after }: StepFormProps) {
  const busy = useRegistrationStore((state) => state.busy);
  return (
    <form
      className="panel-box"
      aria-label={label}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {heading ? <h2>{heading}</h2> : null}
      {children}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || actionDisabled}>
          {busy ? busyAction : action}
        </button>
      </div>
      {after}
    </form>
  );
}
