import { useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm(): void;
  disabled?: boolean;
  /** What the press itself does before the question (a withdrawal stops everything at once). */
  onAsk?(): void;
  /** "Keep it", and what it undoes of `onAsk`. */
  keepLabel?: string;
  onKeep?(): void;
  /** The question is open from the start (it was left unanswered, as after a restart). */
  askingAtFirst?: boolean;
}

/** A destructive action that asks once more, inline, before it happens. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, onAsk, keepLabel = 'Keep it', onKeep, askingAtFirst = false }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(askingAtFirst);
  if (!asking) {
    return (
      <button
        type="button"
        className="danger-outline"
        disabled={disabled}
        onClick={() => {
          onAsk?.();
          setAsking(true);
        }}
      >
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
      <button
        type="button"
        autoFocus
        onClick={() => {
          setAsking(false);
          onKeep?.();
        }}
      >
        {keepLabel}
      </button>
    </span>
  );
}
