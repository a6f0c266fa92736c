/**
 * The unit project's global setup: compiles the interface catalogues into src/paraglide/ once,
 * before any test file runs, so tests read the catalogues as they are now (edited since
 * `npm install` or not) and no test rewrites those files while another imports them.
 *
 * In a process of its own (scripts/compile-messages.ts): the inlang SDK leaves timers and file
 * handles open after a compile, and in vitest's own process they kept every unit run from
 * exiting ("something prevents Vite server from exiting", 10 s later).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export default function setup(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'compile-messages.ts')], { cwd: ROOT, stdio: 'inherit', timeout: 120_000 });
}
