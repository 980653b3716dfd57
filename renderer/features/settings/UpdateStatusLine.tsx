import type { UpdateState } from '../../../contract/updates';
import { useUpdateStore } from '../../app/stores';

const UPDATE_TEXT: Record<UpdateState, string> = {
  off: 'No update checks.',
  idle: 'No check yet.',
  checking: 'Checking for updates…',
  'up-to-date': 'Scribe Desk is up to date.',
  downloading: 'Downloading an update…',
  ready: 'An update is ready to install.',
  error: 'The last update check failed.',
};

/** Where updates stand, with "Check now". */
export function UpdateStatusLine() {
  const status = useUpdateStore((state) => state.status);
  const check = useUpdateStore((state) => state.check);
  if (!status) return null;
  return (
    <div className="update-status" data-testid="update-status">
      <span>
        {UPDATE_TEXT[status.state]}
        {status.version ? ` Version ${status.version}.` : ''}
        {status.state === 'downloading' && status.progress !== null ? ` ${Math.round(status.progress * 100)}%` : ''} {status.message}
      </span>
      <button type="button" disabled={status.state === 'off' || status.state === 'checking' || status.state === 'downloading'} onClick={() => void check()}>
        Check now
      </button>
    </div>
  );
}
