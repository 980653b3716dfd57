/** A parsed report's tests: value, unit, range, a Low/High flag that reads without colour, and how sure the service was. */
import type { LabTest } from '../../../contract/lab-reports';
import { SidewaysScroll } from '../../components/SidewaysScroll';
import { confidenceText, flagLabel, flagSymbol, isLowConfidence } from './lab-format';

function FlagCell({ test }: { test: LabTest }) {
  const symbol = flagSymbol(test.flag);
  return (
    <td>
      <span className={`lab-flag flag-${test.flag}`}>
        {symbol ? (
          <span className="flag-symbol" aria-hidden="true">
            {symbol}
          </span>
        ) : null}
        {flagLabel(test.flag)}
      </span>
    </td>
  );
}

function ConfidenceCell({ confidence }: { confidence: number | null }) {
  const unsure = isLowConfidence(confidence);
  return (
    <td className={unsure ? 'confidence unsure' : 'confidence'}>
      {confidenceText(confidence)}
      {unsure ? (
        <span className="check-tag" title="Read with low confidence: check this value against the report">
          <span aria-hidden="true">⚠ </span>check
        </span>
      ) : null}
      {confidence === null ? <span className="visually-hidden">not given</span> : null}
    </td>
  );
}

/**
 * A value, unit or range short enough to fit is never broken across lines ("12400" read as
 * "1240" and "0"); a longer one (a hostile answer) still wraps rather than widen the page.
 */
const KEEP_WHOLE_CHARS = 24;
const whole = (text: string) => (text.length <= KEEP_WHOLE_CHARS ? ' keep-whole' : '');

export function LabTestsTable({ tests, fileName }: { tests: readonly LabTest[]; fileName: string }) {
  return (
    <SidewaysScroll label={`Tests in ${fileName}`}>
      <table className="lab-tests" aria-label={`Tests in ${fileName}`}>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col" className="numeric">
              Value
            </th>
            <th scope="col">Unit</th>
            <th scope="col">Reference range</th>
            <th scope="col">Flag</th>
            <th scope="col">Confidence</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test, index) => (
            <tr key={index} className={test.flag === 'low' || test.flag === 'high' ? 'outside' : undefined} data-testid="lab-test">
              <th scope="row">{test.name}</th>
              <td className={`numeric lab-value${whole(test.value)}`}>{test.value}</td>
              <td className={whole(test.unit).trim() || undefined}>{test.unit || '—'}</td>
              <td className={whole(test.range).trim() || undefined}>{test.range || '—'}</td>
              <FlagCell test={test} />
              <ConfidenceCell confidence={test.confidence} />
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}
