/**
 * Said once, at the first start against the built-in sandbox: nothing it shows is real. Beside
 * the menu, so it covers nothing and moves nothing on the screens; it stays until hidden, and
 * main remembers that it was (in the data folder).
 */
import { useEffect, useState } from 'react';
import { TEST_DATA_BADGE } from '../../contract/test-data';
import { scribe } from '../bridge';
import { useStatusStore } from '../app/stores';

export function SandboxNotice() {
  const sandbox = useStatusStore((state) => state.status?.service.kind === 'sandbox');
  // null until main has said; a notice it cannot say anything about is shown rather than kept quiet.
  const [hidden, setHidden] = useState<boolean | null>(null);
  useEffect(() => {
    void scribe.sandboxNoticeHidden().then((result) => setHidden(result.ok ? result.value : false));
  }, []);
  if (!sandbox || hidden !== false) return null;
  const hide = () => {
    setHidden(true);
    void scribe.hideSandboxNotice();
  };
  return (
    <div className="sandbox-notice" role="status" aria-labelledby="sandbox-notice-title" data-testid="sandbox-notice">
      <p id="sandbox-notice-title" className="sandbox-notice-title">
        Nothing here is real
      </p>
      <p>The built-in sandbox is answering: every result, lab report, patient and ABHA card is made up, marked “{TEST_DATA_BADGE}”.</p>
      <p>Choose your clinic’s service in Settings to work with real patients.</p>
      <button type="button" onClick={hide}>
        Hide this notice
      </button>
    </div>
  );
}
