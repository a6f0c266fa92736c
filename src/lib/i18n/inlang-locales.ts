/**
 * Paraglide reads its languages from project.inlang/settings.json; the site's list is
 * src/lib/i18n/languages.ts. Before each compile (astro.config.mjs, scripts/compile-messages.ts)
 * the settings file's `locales` are written from that list, so adding a language stays one line.
 * The file is written only when the list has changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_LANG, LANG_CODES } from './languages.ts';

export function writeInlangLocales(settingsFile: URL): boolean {
  const text = readFileSync(settingsFile, 'utf8');
  const settings = JSON.parse(text) as { baseLocale?: string; locales?: string[] };
  if (settings.baseLocale === DEFAULT_LANG && JSON.stringify(settings.locales) === JSON.stringify(LANG_CODES)) return false;
  writeFileSync(settingsFile, `${JSON.stringify({ ...settings, baseLocale: DEFAULT_LANG, locales: [...LANG_CODES] }, null, 2)}\n`);
  return true;
}
