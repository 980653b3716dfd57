/**
 * A node:test reporter for the Windows lane: one JSON line per test that ran (its name, its
 * file, passed, failed or skipped, and the first line of a failure), which the lane counts
 * into test-results/windows.json. Used by the Windows Node under Wine (bundled) and by Linux
 * Node (through tsx) alike. Suites (`describe`) are not counted, only the tests in them (and a
 * suite whose own hook failed).
 */

export interface LaneTestResult {
  name: string;
  file: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
}

interface TestEventData {
  name: string;
  nesting: number;
  file?: string;
  skip?: unknown;
  todo?: unknown;
  details?: { type?: string; error?: unknown };
}

type TestEvent = { type: string; data: TestEventData };

function firstLine(error: unknown): string {
  // node:test wraps what a test threw: the cause is what the test said.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.split('\n')[0]!.slice(0, 400);
}

/** A test's result, named with the suites it is in (`suites`: the names open at each nesting level). */
function resultOf({ type, data }: TestEvent, suites: string[]): LaneTestResult | null {
  if (type !== 'test:pass' && type !== 'test:fail') return null;
  // A suite counts only when it failed by itself (a hook threw), not because a test in it did.
  const failureType = (data.details?.error as { failureType?: string } | undefined)?.failureType;
  if (data.details?.type === 'suite' && (type === 'test:pass' || failureType === 'subtestsFailed')) return null;
  const name = [...suites.slice(0, data.nesting), data.name].join(' › ');
  const file = data.file ?? '';
  if (type === 'test:fail') return { name, file, status: 'failed', message: firstLine(data.details?.error) };
  return { name, file, status: data.skip !== undefined || data.todo !== undefined ? 'skipped' : 'passed' };
}

export default async function* laneReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const suites: string[] = [];
  for await (const event of source) {
    if (event.type === 'test:start') suites[event.data.nesting] = event.data.name;
    const result = resultOf(event, suites);
    if (result) yield `${JSON.stringify(result)}\n`;
  }
}
