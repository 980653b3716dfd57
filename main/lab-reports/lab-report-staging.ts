/** Files chosen or dropped and checked, held in memory until they are queued or dismissed. */
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { StagedFile } from '../../contract/lab-reports';
import { MAX_LAB_REPORT_BYTES } from '../../contract/limits';
import { checkLabReportFile } from './lab-report-file-check';

interface Staged extends StagedFile {
  bytes: Uint8Array | null;
}

const MAX_STAGED = 50;

export class LabReportStaging {
  private readonly files = new Map<string, Staged>();

  private add(name: string, size: number, bytes: Uint8Array | null): StagedFile {
    const check = checkLabReportFile(bytes, size);
    const staged: Staged = { id: randomUUID(), name, size, kind: check.kind, problem: check.problem, warning: check.warning, bytes: check.problem ? null : bytes };
    if (this.files.size >= MAX_STAGED) this.files.delete(this.files.keys().next().value!);
    this.files.set(staged.id, staged);
    const { bytes: _bytes, ...view } = staged;
    return view;
  }

  /** Files the user picked in the open dialog; larger than the limit are not read at all. */
  async fromPaths(paths: string[]): Promise<StagedFile[]> {
    const staged: StagedFile[] = [];
    for (const path of paths) {
      let size = 0;
      let bytes: Uint8Array | null = null;
      try {
        size = (await stat(path)).size;
        if (size > 0 && size <= MAX_LAB_REPORT_BYTES) {
          const handle = await open(path, 'r');
          try {
            bytes = await handle.readFile();
          } finally {
            await handle.close();
          }
        }
      } catch {
        bytes = null;
        size = size || 1;
      }
      staged.push(this.add(basename(path), size, bytes));
    }
    return staged;
  }

  /** Files dropped on the window: the page sends their bytes (or only the size when too large). */
  fromBytes(files: Array<{ name: string; size: number; data: Uint8Array | null }>): StagedFile[] {
    return files.map((file) => this.add(file.name, file.data ? file.data.length : file.size, file.data));
  }

  take(id: string): Staged | undefined {
    const staged = this.files.get(id);
    this.files.delete(id);
    return staged;
  }

  peek(id: string): Staged | undefined {
    return this.files.get(id);
  }

  dismiss(id: string): void {
    this.files.delete(id);
  }
}
