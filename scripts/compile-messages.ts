/**
 * Compiles the interface catalogues (content/messages/<lang>.json) into src/paraglide/ for code
 * that runs outside Vite (the API on Node, vitest). `astro dev` and `astro build` compile the same
 * way through the Vite plugin. Runs after `npm install` (the "prepare" script).
 */
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../src/lib/i18n/paraglide-options.ts';
import { writeInlangLocales } from '../src/lib/i18n/inlang-locales.ts';

writeInlangLocales(new URL('../project.inlang/settings.json', import.meta.url));

await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
// The inlang SDK leaves timers of its wasm store and file handles open after the compile (17
// timers, about 950 handles): without this the process lingered 30 s after its work was done.
process.exit(0);
