/**
 * Loaded with `node --import` by the browser tests' server only (playwright.config.ts), never by
 * production: the clock tests choose (tests/support/server-clock.ts).
 *
 * - `Date` reads a test's clock inside a request that carries TEST_CLOCK_HEADER, and inside the
 *   work that request starts (an AsyncLocalStorage follows it across awaits); elsewhere, the
 *   real time. Each named instant is a clock of its own that starts there the first time it is
 *   named and runs on.
 * - The server's interval timers are noted as they are made, and a control socket in the data
 *   directory (SERVER_CLOCK_SOCKET) runs one of them at a chosen instant: the reminder test moves
 *   the clock to the day before an event and runs the product's own reminder timer, no sleep.
 *   A timer whose job SERVER_CLOCK_HELD_TIMERS names (comma-separated) runs only so: on the real
 *   day before an event, the real clock would otherwise send the tests' registrations reminders.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { dirname } from 'node:path';
import { TEST_CLOCK_HEADER } from './server-clock.ts';

const RealDate = Date;
const realNow = RealDate.now;

/** The clock of the work in progress, when a test named one. */
const testClock = new AsyncLocalStorage<() => number>();
const clocks = new Map<number, () => number>();

/** The clock that starts at `instant` (ms) the first time it is asked for, and runs on. */
function clockFrom(instant: number): () => number {
  let clock = clocks.get(instant);
  if (!clock) {
    const startedAt = realNow();
    clock = () => instant + (realNow() - startedAt);
    clocks.set(instant, clock);
  }
  return clock;
}

const now = () => testClock.getStore()?.() ?? realNow();

// `new Date()`, `Date()` and `Date.now()` read `now`; every other use is the real Date's.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
});

// Every server (plain HTTP, and HTTP/2 over TLS) hands a request over by emitting 'request'.
type Emit = (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
const emit = net.Server.prototype.emit as Emit;
net.Server.prototype.emit = function emitOnTestClock(this: net.Server, event: string | symbol, ...args: unknown[]): boolean {
  const header = event === 'request' ? (args[0] as IncomingMessage).headers[TEST_CLOCK_HEADER] : undefined;
  if (header === undefined) return emit.call(this, event, ...args);
  const instant = Date.parse(String(header));
  if (Number.isNaN(instant)) {
    (args[1] as ServerResponse).writeHead(400, { 'content-type': 'text/plain' }).end(`${TEST_CLOCK_HEADER} is not an instant: ${String(header)}`);
    return true;
  }
  return testClock.run(clockFrom(instant), () => emit.call(this, event, ...args));
} as Emit as typeof net.Server.prototype.emit;

interface NotedTimer {
  /** The callback's source, to find a timer by the job it calls. */
  source: string;
  run: () => void;
}
const intervals = new Map<unknown, NotedTimer>();
const heldJobs = (process.env.SERVER_CLOCK_HELD_TIMERS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const setIntervalAsMade = globalThis.setInterval;
const clearIntervalAsMade = globalThis.clearInterval;
globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const source = String(callback);
  const held = heldJobs.some((job) => source.includes(job));
  // A held timer still ticks (its caller may unref or clear it) but does nothing on its own.
  const timer = setIntervalAsMade(held ? () => {} : callback, ms, ...args);
  intervals.set(timer, { source, run: () => callback(...args) });
  return timer;
}) as typeof setInterval;
globalThis.clearInterval = ((timer?: Parameters<typeof clearInterval>[0]) => {
  intervals.delete(timer);
  clearIntervalAsMade(timer);
}) as typeof clearInterval;

/** POST /run-timer?job=<a name its callback calls>&at=<instant>: runs that one timer once, at that instant. */
function control(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://clock');
  const answer = (status: number, text: string) => response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
  if (request.method !== 'POST' || url.pathname !== '/run-timer') return answer(404, 'POST /run-timer?job=…&at=…');
  const job = url.searchParams.get('job') ?? '';
  const instant = Date.parse(url.searchParams.get('at') ?? '');
  if (!job || Number.isNaN(instant)) return answer(400, 'job (a function name) and at (an instant) are both needed');
  const found = [...intervals.values()].filter((timer) => timer.source.includes(job));
  if (found.length !== 1) return answer(404, `${found.length} interval timers call ${job}; one is needed`);
  testClock.run(clockFrom(instant), found[0]!.run);
  return answer(200, `ran the timer of ${job} at ${new RealDate(instant).toISOString()}`);
}

const socket = process.env.SERVER_CLOCK_SOCKET;
if (!socket) throw new Error('server-clock-preload.ts needs SERVER_CLOCK_SOCKET, the control socket’s path');
mkdirSync(dirname(socket), { recursive: true });
// A socket file left by an earlier run refuses a new listener.
rmSync(socket, { force: true });
createServer(control).listen(socket).unref();
