/**
 * Which keys are down, as the keyboard hook has seen them go down since it started (a key
 * already down when it started is not known). Pure.
 */
/** The keys that are down now, each with the time it went down (repeats do not move it). */
export class KeysDown {
  private readonly down = new Map<number, number>();

  keyDown(code: number, at: number): void {
    if (!this.down.has(code)) this.down.set(code, at);
  }


  keyUp(code: number): void {
    this.down.delete(code);
  }

  has(code: number): boolean {
    return this.down.has(code);
  }

  anyOf(codes: readonly number[]): boolean {
    return codes.some((code) => this.down.has(code));
  }

  clear(): void {
    this.down.clear();
  }
}
