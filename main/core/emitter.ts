/**
 * News of one kind for whoever listens: main's one listener set. `on` returns the disposer;
 * `emit` tells every listener there is when it is called, in the order they came (a listener
 * added meanwhile hears the next one). Pure.
 */
export class Emitter<T = void> {
  private readonly listeners = new Set<(value: T) => void>();

  /** Hears every value emitted from now on; returns the function that stops it. */
  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  /** Forgets every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
