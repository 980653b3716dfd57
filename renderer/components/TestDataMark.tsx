/**
 * The one mark for what the built-in sandbox made, with the same words and look wherever it is
 * shown (contract/test-data.ts): a caption above the thing ("Test data (sandbox): not a real lab
 * result"), or a badge beside its state.
 */
import { TEST_DATA_BADGE, testDataCaption, type TestDataSubject } from '../../contract/test-data';

export function TestDataMark({ subject, as: Element = 'p' }: { subject: TestDataSubject; as?: 'p' | 'caption' }) {
  return (
    <Element className="test-data-mark" data-testid="test-data-mark">
      {testDataCaption(subject)}
    </Element>
  );
}

export function TestDataBadge() {
  return (
    <span className="state-badge test-data" data-testid="test-data-badge">
      {TEST_DATA_BADGE}
    </span>
  );
}
