/** A problem no screen shows by itself (a failed call, a fault in the page), shown app-wide until dismissed. */
import { create } from 'zustand';
import type { AppError } from '../../contract/result';

interface ProblemState {
  problem: AppError | null;
  report(problem: AppError): void;
  dismiss(): void;
}

export const useProblemStore = create<ProblemState>((set) => ({
  problem: null,
  report: (problem) => set({ problem }),
  dismiss: () => set({ problem: null }),
}));
