/**
 * What the parts of a store (its follow, its groups of actions) are given to work with: the
 * bridge, how a call the screen cannot go on without is read, and the store's own state.
 */
import type { StoreApi } from 'zustand';
import type { ScribeBridge } from '../../contract/ipc';
import type { ValueOrReport } from './answers';

export interface StoreContext<State> {
  bridge: ScribeBridge;
  valueOrReport: ValueOrReport;
  set: StoreApi<State>['setState'];
  get: StoreApi<State>['getState'];
}
