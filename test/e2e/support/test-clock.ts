/**
 * A clock that stands still until the test moves it. Given to a sandbox (`SandboxOptions.now`)
 * and to the client's own clocks (`now` of the sign-in session and of the registration flow),
 * it lets a token's, an OTP's or a result's time pass at once instead of being waited out,
 * and nothing else moves it: what a test checks at a time is checked at exactly that time.
 * Timers and sockets keep real time.
 */
export class TestClock {
  constructor(private time = Date.now()) {}

  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }
}
