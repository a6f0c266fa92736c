/**
 * Stops the clock of the thread it runs in at `at` (ms since the epoch): `new Date()` and
 * `Date.now()` answer that instant, as vi.setSystemTime does in the test thread. A second API
 * instance in a worker thread (instance-worker.ts) has no vitest to fake its clock, and the
 * events the tests register for must stay in its future whatever day the suite runs.
 */
export function fixClock(at: number): void {
  const RealDate = globalThis.Date;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(at);
      // A date given (or its parts) is that date, as with the real Date.
      else super(...(args as [number]));
    }
    static override now(): number {
      return at;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
}
