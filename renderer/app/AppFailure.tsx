/** What the window shows when even its frame (navigation, status bar) could not be shown. */
import type { FallbackProps } from 'react-error-boundary';
import { failureReason } from './failure-reason';

export function AppFailure({ error, resetErrorBoundary }: FallbackProps) {
  return (
    <main className="app-failure-page" role="alert">
      <h1>Scribe Desk could not show this window</h1>
      <p>Nothing is lost: recordings, results and documents are kept on this computer, and sending goes on.</p>
      <p className="hint">Technical details: {failureReason(error)}</p>
      <div className="detail-actions">
        <button type="button" className="primary" onClick={() => resetErrorBoundary()}>
          Try again
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the window
        </button>
      </div>
    </main>
  );
}
