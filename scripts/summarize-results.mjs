// Prints "N passed, N failed" over the checks, the unit tests (Vitest JSON), the Windows lane
// (test/wine/lane.ts) and the end-to-end tests (Playwright JSON), and exits non-zero when
// anything failed or a suite did not report. A Windows lane that could not run (no Wine to be
// had here) reports why, and counts nothing.
import { existsSync, readFileSync } from 'node:fs';

let passed = Number(process.argv[2] ?? 0);
let failed = Number(process.argv[3] ?? 0);

// The name of each failure is printed again here, at the end of a long log, where a CI's
// tail still shows it.
function firstLine(text) {
  return String(text ?? '').split('\n')[0].slice(0, 300);
}

function read(file, suite) {
  if (!existsSync(file)) {
    console.log(`${suite}: no report (${file}); counted as one failure`);
    failed += 1;
    return null;
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const unit = read('test-results/unit.json', 'unit tests');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests + (unit.numFailedTestSuites > 0 && unit.numFailedTests === 0 ? unit.numFailedTestSuites : 0);
  console.log(`unit tests: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  for (const file of unit.testResults ?? []) {
    const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) console.log(`  ✗ ${file.name}: ${firstLine(file.message)}`);
    for (const test of failures) console.log(`  ✗ ${file.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
}

const windows = read('test-results/windows.json', 'Windows lane');
if (windows?.notRun) {
  console.log(`Windows lane: not run: ${windows.notRun}`);
} else if (windows) {
  passed += windows.passed;
  failed += windows.failed;
  console.log(`Windows lane: ${windows.passed} passed, ${windows.failed} failed${windows.skipped ? `, ${windows.skipped} skipped` : ''} (${windows.seconds} s)`);
  for (const failure of windows.failures ?? []) console.log(`  ✗ ${failure.name}: ${firstLine(failure.message)}`);
}

const e2e = read('test-results/e2e.json', 'end-to-end tests');
if (e2e) {
  const { expected = 0, unexpected = 0, flaky = 0 } = e2e.stats ?? {};
  const errors = (e2e.errors ?? []).length;
  passed += expected + flaky;
  failed += unexpected + errors;
  console.log(`end-to-end tests: ${expected + flaky} passed${flaky ? ` (${flaky} after a retry)` : ''}, ${unexpected + errors} failed`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
