/**
 * What main implements for each operation of the bridge: a function from its checked input to
 * its value. Main's features provide them; main/shell/ipc checks every call and turns what each
 * returns or throws into a Result. Types only.
 */
import type { OperationInput, OperationName, OperationOutput } from './ipc';

export type OperationHandler<K extends OperationName> = (input: OperationInput<K>) => Promise<OperationOutput<K>> | OperationOutput<K>;

export type OperationHandlers = { [K in OperationName]: OperationHandler<K> };
