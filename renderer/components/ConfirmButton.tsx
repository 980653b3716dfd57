import { useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm(): void;
  disabled?: boolean;
}

/** A destructive action that asks once more, inline, before it happens. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger-outline" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" autoFocus onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}
