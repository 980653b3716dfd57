/**
 * Keeps a fault in one part of the page to that part: it shows what could not be shown, with
 * a technical line (no patient data), and the rest of the page keeps working.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { failureReason } from '../app/failure-reason';

interface ContainedProps {
  /** Said instead of the part, e.g. "This part of the result could not be shown." */
  failure: string;
  /** What the user can do or rely on. */
  advice?: string;
  /** Shown again from scratch when one of these changes (another dictation selected, another screen). */
  resetKeys?: unknown[];
  /** Offers "Try again". */
  retry?: boolean;
  children: ReactNode;
}

export function Contained({ failure, advice, resetKeys, retry = false, children }: ContainedProps) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <div className="contained-failure" role="alert" data-testid="contained-failure">
          <p className="contained-title">{failure}</p>
          {advice ? <p>{advice}</p> : null}
          <p className="hint" data-testid="failure-reason">
            Technical details: {failureReason(error)}
          </p>
          {retry ? (
            <button type="button" onClick={() => resetErrorBoundary()}>
              Try again
            </button>
          ) : null}
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
