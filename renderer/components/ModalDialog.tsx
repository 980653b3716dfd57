/**
 * A modal dialog: shown while `open`, the page behind it inert; Escape (also from a search box,
 * which would only clear itself) and the dialog's own cancel close it through `onClose`.
 * `onShown` places the keyboard once it shows.
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  labelledBy: string;
  className: string;
  testId?: string;
  /** Marks a dialog that shows patient data (native-copy.ts): `<kind>:<id>`. */
  patientData?: string;
  onClose(): void;
  onShown?(dialog: HTMLDialogElement): void;
  children: ReactNode;
}

export function ModalDialog({ open, labelledBy, className, testId, patientData, onClose, onShown, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current = onShown;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      shown.current?.(element);
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      data-testid={testId}
      data-patient-data={patientData}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
