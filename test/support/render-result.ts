/** Renders the result view to HTML in Node: how the page would draw a result, without a browser. */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { DictationDetail, DictationState } from '../../contract/dictation';
import type { LabTest } from '../../contract/lab-reports';
import type { StoredResult } from '../../contract/transcription';
import { detail, dictation } from './renderer-fixtures';

// The page's bridge is read when its modules load; here it is an empty stand-in.
(globalThis as { window?: unknown }).window ??= { scribe: {} };

// Loaded by a computed name so that this Node project's type check does not take in the page's DOM code.
const RESULT_VIEW = new URL('../../renderer/features/dictation/ResultView.tsx', import.meta.url).href;
const { ResultView } = (await import(/* @vite-ignore */ RESULT_VIEW)) as { ResultView: ComponentType<{ detail: DictationDetail }> };

const LAB_TESTS_TABLE = new URL('../../renderer/features/lab-reports/LabTestsTable.tsx', import.meta.url).href;
const { LabTestsTable } = (await import(/* @vite-ignore */ LAB_TESTS_TABLE)) as { LabTestsTable: ComponentType<{ tests: LabTest[]; fileName: string }> };

export function renderLabTests(tests: LabTest[]): string {
  return renderToString(createElement(LabTestsTable, { tests, fileName: 'report.pdf' }));
}

const STATE_OF: Record<StoredResult['state'], DictationState> = { completed: 'completed', partial: 'partial', in_progress: 'processing', failed: 'failed', unreadable: 'completed' };

/** The result as the detail view draws it for a dictation in the state the result puts it in (a finished one offers Edit and Copy note). */
export function renderResult(result: StoredResult): string {
  const summary = dictation('00000000-0000-4000-8000-000000000000', { txnId: 'txn', createdAt: '2026-11-23T10:00:00.000Z', label: 'Hostile answer', state: STATE_OF[result.state], testData: false });
  return renderToString(createElement(ResultView, { detail: detail(summary, { result }) }));
}
