/** Renders the result view to HTML in Node: how the page would draw a result, without a browser. */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { LabTest } from '../../../contract/records';
import type { StoredResult } from '../../../contract/transcription';

// The page's bridge is read when its modules load; here it is an empty stand-in.
(globalThis as { window?: unknown }).window ??= { scribe: {} };

// Loaded by a computed name so that this Node project's type check does not take in the page's DOM code.
const RESULT_VIEW = new URL('../../../renderer/features/dictation/ResultView.tsx', import.meta.url).href;
const { ResultView } = (await import(/* @vite-ignore */ RESULT_VIEW)) as { ResultView: ComponentType<{ id: string; result: StoredResult }> };

const LAB_TESTS_TABLE = new URL('../../../renderer/features/records/LabTestsTable.tsx', import.meta.url).href;
const { LabTestsTable } = (await import(/* @vite-ignore */ LAB_TESTS_TABLE)) as { LabTestsTable: ComponentType<{ tests: LabTest[]; fileName: string }> };

export function renderLabTests(tests: LabTest[]): string {
  return renderToString(createElement(LabTestsTable, { tests, fileName: 'report.pdf' }));
}

export function renderResult(result: StoredResult): string {
  return renderToString(createElement(ResultView, { id: '00000000-0000-4000-8000-000000000000', result }));
}
