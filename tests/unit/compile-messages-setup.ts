/**
 * The unit project's global setup: compiles the interface catalogues into src/paraglide/ once,
 * before any test file runs, so tests read the catalogues as they are now (edited since
 * `npm install` or not) and no test rewrites those files while another imports them.
 */
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../../src/lib/i18n/paraglide-options.ts';

export default async function setup(): Promise<void> {
  await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
}
