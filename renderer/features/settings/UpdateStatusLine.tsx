/** Where updates stand, in Settings, with Check now. */
import type { UpdateState } from '../../../contract/updates';
import { useUpdateStore } from '../../app/stores';

const UPDATE_TEXT: Record<UpdateState, string> = {
  off: 'No update checks.',
  'package-manager': 'Updates come from the package manager.',
  idle: 'No check yet.',
  checking: 'Checking for updates…',
  'up-to-date': 'Scribe Desk is up to date.',
  held: 'No update for this computer now.',
  downloading: 'Downloading an update…',
  ready: 'An update is ready to install.',
  error: 'The last update check failed.',
};

/** Where updates stand, with "Check now". */
export function UpdateStatusLine() {
  const status = useUpdateStore((state) => state.status);
  const check = useUpdateStore((state) => state.check);
  // With the package manager in charge, the Updates section says so above its fields.
  if (!status || status.state === 'package-manager') return null;
  return (
    <div className="update-status" data-testid="update-status">
      <span>
        {UPDATE_TEXT[status.state]}
        {status.version && status.state !== 'held' ? ` Version ${status.version}.` : ''}
        {status.state === 'downloading' && status.progress !== null ? ` ${Math.round(status.progress * 100)}%` : ''} {status.message}
      </span>
      <button type="button" disabled={status.state === 'off' || status.state === 'checking' || status.state === 'downloading'} onClick={() => void check()}>
        Check now
      </button>
    </div>
  );
}
