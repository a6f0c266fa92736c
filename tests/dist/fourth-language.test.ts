/**
 * Adding a language is one line in src/lib/i18n/languages.ts and a folder of translations
 * (docs/languages.md, "A developer adding a language"). In a temporary copy of the project this test does
 * exactly that for Spanish, with the French files standing in for its translations, builds the
 * site, and reads what a Spanish visitor and the API would get. Nothing else is edited.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyCaches, projectCopy } from '../../scripts/project-copy.ts';

const SWAHILI_LINE = "  { code: 'sw', name: 'Kiswahili', dir: 'ltr', intl: 'sw', og: 'sw_KE', paypal: 'US' },";
const SPANISH_LINE = "  { code: 'es', name: 'Español', dir: 'ltr', intl: 'es', og: 'es_ES', paypal: 'ES' },";

let dir = '';
const page = (path: string) => readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8');

/** Every `fr` folder under content/, copied as `es`, and each file named fr.json / site.fr.json likewise. */
function copyFrenchAsSpanish(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name === 'fr') cpSync(path, join(folder, 'es'), { recursive: true });
      else copyFrenchAsSpanish(path);
    } else if (name === 'fr.json' || name === 'site.fr.json' || name === 'fr.md') {
      cpSync(path, join(folder, name.replace('fr.', 'es.')));
    }
  }
}

beforeAll(() => {
  dir = projectCopy('sipa-fourth-language-');
  const languagesFile = join(dir, 'src', 'lib', 'i18n', 'languages.ts');
  const languages = readFileSync(languagesFile, 'utf8');
  expect(languages).toContain(SWAHILI_LINE);
  writeFileSync(languagesFile, languages.replace(SWAHILI_LINE, `${SWAHILI_LINE}\n${SPANISH_LINE}`));
  copyFrenchAsSpanish(join(dir, 'content'));
  const node = process.execPath;
  execFileSync(node, ['scripts/compile-messages.ts'], { cwd: dir, stdio: 'ignore' });
  // The copy's own caches (its node_modules is the project's): the test beside it builds another copy.
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...copyCaches(dir) };
  execFileSync(node, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync(node, ['scripts/postbuild.ts'], { cwd: dir, stdio: 'ignore', env });
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a fourth language from one line and its translations', () => {
  test('Paraglide’s settings list it', () => {
    const settings = JSON.parse(readFileSync(join(dir, 'project.inlang', 'settings.json'), 'utf8'));
    expect(settings.locales).toEqual(['en', 'fr', 'sw', 'es']);
  });

  test('every public page is built under /es/, in Spanish’s html lang', () => {
    for (const path of ['es', 'es/about', 'es/donate', 'es/contact', 'es/blog', 'es/events', 'es/programs', 'es/faq', 'es/404']) {
      expect(existsSync(join(dir, 'dist', path, 'index.html')), path).toBe(true);
    }
    expect(page('es')).toMatch(/<html lang="es" dir="ltr"/);
    expect(page('es/about')).toContain('<meta property="og:locale" content="es_ES"');
  });

  test('every page names it in the switcher and the hreflang links', () => {
    for (const path of ['', 'fr/about', 'es/contact']) {
      expect(page(path)).toContain('Español');
    }
    expect(page('about')).toMatch(/<link rel="alternate" hreflang="es" href="https:\/\/[^"]+\/es\/about"/);
    expect(readFileSync(join(dir, 'dist', 'sitemap-0.xml'), 'utf8')).toContain('hreflang="es"');
    expect(existsSync(join(dir, 'dist', 'es', 'rss.xml'))).toBe(true);
  });

  test('nginx sends a missing /es/ address to the Spanish not-found page', () => {
    expect(readFileSync(join(dir, 'deploy', 'nginx', 'sipa.conf'), 'utf8')).toContain('error_page 404 /es/404/index.html;');
  });

  test('the API answers and mails from the Spanish files', () => {
    const script = [
      "import { message, langOrDefault } from './src/lib/i18n/catalogue.ts';",
      "console.log(JSON.stringify([langOrDefault('es'), message('es', 'contactSubmit')]));",
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
    // The French file stands in for the Spanish translation.
    expect(JSON.parse(out)).toEqual(['es', 'Envoyer le message']);
  });
});
