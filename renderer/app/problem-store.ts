/** A problem no screen shows by itself (a failed call, a fault in the page), shown app-wide until dismissed. */
import { create } from 'zustand';
import type { AppError } from '../../contract/result';

export interface ProblemState {
  problem: AppError | null;
  report(problem: AppError): void;
  dismiss(): void;
}

export function createProblemStore() {
  return create<ProblemState>((set) => ({
    problem: null,
    report: (problem) => set({ problem }),
    dismiss: () => set({ problem: null }),
  }));
}

/** The page's one problem store (it needs no bridge; the stores that do report to it through renderer/bridge.ts). */
export const useProblemStore = createProblemStore();
