/** The banner that offers a downloaded update: Restart now, or Later. */
import { useUpdateStore } from '../app/stores';

/** Offers the downloaded update; the app never restarts by itself. */
export function UpdateBanner() {
  const status = useUpdateStore((state) => state.status);
  const dismissed = useUpdateStore((state) => state.dismissed);
  const { restart, later } = useUpdateStore.getState();
  if (!status || status.state !== 'ready' || dismissed) return null;
  return (
    <div className="banner info update-banner" role="status" data-testid="update-banner">
      <span>
        Scribe Desk {status.version} is ready to install. {status.message ?? 'Restarting takes a few seconds; nothing waiting to be sent is lost.'}
      </span>
      <button type="button" className="primary" onClick={() => void restart()}>
        Restart now
      </button>
      <button type="button" onClick={later}>
        Later
      </button>
    </div>
  );
}
