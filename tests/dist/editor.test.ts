/**
 * The content editor at /cms/ (docs/editors.md), as an editor uses it, offline: the built page,
 * its configuration and the pinned editor are served from dist/ inside the browser (every other
 * address is refused), on the editor's test backend, which keeps its repository in the browser's
 * own storage. The test puts content/ there, edits one entry of every collection and the
 * organisation's facts in English, French and Swahili, writes a new post in English alone, then
 * takes the files the editor wrote and checks that the project's schemas accept them, that no
 * save changed a field's type or dropped a translation, and that the site builds with them: the
 * edits on their pages and the new post in three languages, with the untranslated notice.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { COLLECTIONS, type CollectionName } from '../../src/lib/content-schemas.ts';
import { SITE_TEXT_KEYS, siteConfigSchema } from '../../src/lib/site-config.ts';
import { EDITOR_CONFIG_PATH } from '../../src/lib/cms/files.ts';
import { chromiumLaunchOptions } from '../support/browser.ts';
import { copyCaches, projectCopy } from '../../scripts/project-copy.ts';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const origin = `http://localhost:${process.env.E2E_PORT ?? '4321'}`;
/** Where the test backend keeps its repository in the browser's storage (Sveltia CMS's name for it). */
const TEST_REPO_DIR = 'sveltia-cms-test';

/** Per collection: the entry edited and the label of the text field changed in each language. */
const EDITS: { collection: CollectionName | 'site'; entry: string; file: string; label: string }[] = [
  { collection: 'blog', entry: 'volunteer-spotlight', file: 'blog/volunteer-spotlight.mdx', label: 'Title' },
  { collection: 'events', entry: 'community-health-fair', file: 'events/community-health-fair.json', label: 'Title' },
  { collection: 'programs', entry: 'early-learning', file: 'programs/early-learning.mdx', label: 'Title' },
  { collection: 'faq', entry: '01-what-is-sipa', file: 'faq/01-what-is-sipa.json', label: 'Question' },
  { collection: 'staff', entry: 'grace-mensah', file: 'staff/grace-mensah.json', label: 'Title' },
  { collection: 'values', entry: 'respect', file: 'values/respect.json', label: 'Title' },
  { collection: 'testimonials', entry: 'amina', file: 'testimonials/amina.json', label: 'Context' },
  { collection: 'volunteerOpportunities', entry: 'event-volunteer', file: 'volunteer-opportunities/event-volunteer.json', label: 'Title' },
  { collection: 'gallery', entry: 'garden', file: 'gallery/garden.json', label: 'Caption' },
  { collection: 'guides', entry: 'banking-guide', file: 'guides/banking-guide.mdx', label: 'Title' },
  { collection: 'legal', entry: 'privacy', file: 'legal/privacy.mdx', label: 'Title' },
  { collection: 'home', entry: 'home', file: 'home/home.json', label: 'Hero title' },
  { collection: 'plannedGiving', entry: 'planned-giving', file: 'planned-giving/planned-giving.json', label: 'Title' },
  { collection: 'careers', entry: 'careers', file: 'careers/careers.json', label: 'Intro' },
  { collection: 'site', entry: 'site', file: 'site.json', label: 'Tagline' },
];
/** What each language's edit adds to the field. */
const MARKS = { en: ' (edited)', fr: ' (modifié)', sw: ' (imehaririwa)' } as const;
type EditLang = keyof typeof MARKS;
const LANGUAGE_TABS: Record<EditLang, string> = { en: 'English', fr: 'French', sw: 'Swahili' };

const NEW_POST = {
  slug: 'community-garden-day',
  title: 'Community Garden Day at the Grapevine Office',
  excerpt: 'Families planted tomatoes, peppers and greens together in our new community garden.',
  image: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#2f6b3a"/></svg>',
  body: 'Twenty families came to plant the first beds of our **community garden** on Saturday morning.',
};
const UNTRANSLATED_NOTICE = {
  fr: 'Cette page n’est pas encore traduite. Voici le texte en anglais.',
  sw: 'Ukurasa huu bado haujatafsiriwa. Haya ni maandishi ya Kiingereza.',
};

/** Every file under content/ the editor edits (the message catalogues are not content entries). */
function contentFiles(dir = join(root, 'content')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'messages' ? [] : contentFiles(path);
    return [relative(root, path).split(sep).join('/')];
  });
}

/** A content file's data (JSON, or MDX front matter) and its body. */
function parseEntry(path: string, text: string): { data: Record<string, unknown>; body: string } {
  if (path.endsWith('.json')) return { data: JSON.parse(text) as Record<string, unknown>, body: '' };
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${path}: no front matter`);
  return { data: parseYaml(match[1]!) as Record<string, unknown>, body: match[2]! };
}

/** Each value's type, recursively: what a save must never change. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  return value === null ? 'null' : typeof value;
}

/** The schema a content file must match: its collection's (site.json's, or the texts of its translations). */
function schemaFor(path: string): z.ZodType {
  if (path === 'content/site.json') return siteConfigSchema;
  if (/^content\/site\.\w+\.json$/.test(path)) return siteConfigSchema.pick(Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, true])) as Record<(typeof SITE_TEXT_KEYS)[number], true>).strict();
  const folder = path.split('/')[1];
  const collection = Object.values(COLLECTIONS).find((entry) => entry.folder === folder);
  if (!collection) throw new Error(`no collection for ${path}`);
  return collection.schema;
}

const languageFile = (file: string, lang: EditLang) => {
  if (lang === 'en') return `content/${file}`;
  if (file === 'site.json') return `content/site.${lang}.json`;
  const [folder, ...rest] = file.split('/');
  return `content/${folder}/${lang}/${rest.join('/')}`;
};

let browser: Browser;
let page: Page;
const original = new Map(contentFiles().map((path) => [path, readFileSync(join(root, path), 'utf8')]));
/** The editor's repository after the edits: path → text. */
let written = new Map<string, string>();
let copy = '';

async function serveFromDist(target: Page): Promise<string[]> {
  const refused: string[] = [];
  const config = JSON.parse(readFileSync(join(dist, EDITOR_CONFIG_PATH), 'utf8')) as Record<string, unknown>;
  // The built configuration on the test backend: no sign-in, no GitHub (and so no pull requests to publish through).
  const testConfig = { ...config, backend: { name: 'test-repo' }, publish_mode: '' };
  await target.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      refused.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (url.pathname === EDITOR_CONFIG_PATH) return route.fulfill({ json: testConfig });
    const file = join(dist, url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname);
    if (!existsSync(file) || !statSync(file).isFile()) return route.fulfill({ status: 404, body: 'not found' });
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : file.endsWith('.js') ? 'text/javascript' : file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream';
    return route.fulfill({ body: readFileSync(file), contentType: type });
  });
  return refused;
}

/** Puts content/ into the test backend's storage, as the repository the editor opens. */
async function seedRepository(target: Page): Promise<void> {
  await target.evaluate(
    async ({ dir, files }) => {
      const storage = await navigator.storage.getDirectory();
      await storage.removeEntry(dir, { recursive: true }).catch(() => undefined);
      const repo = await storage.getDirectoryHandle(dir, { create: true });
      for (const [path, text] of files) {
        const parts = path.split('/');
        let folder = repo;
        for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { dir: TEST_REPO_DIR, files: [...original] },
  );
}

async function readRepository(target: Page): Promise<Map<string, string>> {
  const files = await target.evaluate(async (dir) => {
    const found: [string, string][] = [];
    const walk = async (folder: FileSystemDirectoryHandle, path: string) => {
      for await (const [name, handle] of folder as unknown as AsyncIterable<[string, FileSystemHandle]>) {
        const child = path ? `${path}/${name}` : name;
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, child);
        else found.push([child, await (await (handle as FileSystemFileHandle).getFile()).text()]);
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(dir), '');
    return found;
  }, TEST_REPO_DIR);
  return new Map(files);
}

/** The editing pane's field of this label (the pane beside it shows the preview). */
const fieldIn = (target: Page, label: string) => target.getByRole('textbox', { name: label, exact: true }).first();

async function save(target: Page): Promise<void> {
  await target.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved: the editor closes the entry and shows its collection's list.
  await target.getByRole('group', { name: 'Content Editor' }).waitFor({ state: 'detached', timeout: 15_000 });
}

async function editInEveryLanguage(target: Page, edit: (typeof EDITS)[number]): Promise<void> {
  await target.goto(`${origin}/cms/#/collections/${edit.collection}/entries/${edit.entry}`);
  for (const lang of Object.keys(MARKS) as EditLang[]) {
    await target.getByRole('radiogroup', { name: 'Switch Locale' }).first().getByRole('radio', { name: LANGUAGE_TABS[lang], exact: true }).click();
    // A list the editor shows folded in this language is unfolded first.
    const pane = target.getByRole('group', { name: new RegExp(`^Edit \\W?${LANGUAGE_TABS[lang]}\\W? Content$`) });
    for (const unfold of await pane.getByRole('button', { name: 'Expand All', disabled: false }).all()) await unfold.click();
    const field = fieldIn(target, edit.label);
    const value = await field.inputValue();
    await field.fill(`${value}${MARKS[lang]}`);
  }
  // Back to English before saving: the editor opens the next entry in the language last shown.
  await target.getByRole('radiogroup', { name: 'Switch Locale' }).first().getByRole('radio', { name: 'English', exact: true }).click();
  await save(target);
}

async function writeNewPost(target: Page): Promise<void> {
  await target.goto(`${origin}/cms/#/collections/blog/new`);
  // A new entry is written in English, French and Swahili left off (the editor's initial_locales).
  await target.getByRole('radiogroup', { name: 'Switch Locale' }).first().getByRole('radio', { name: 'English', exact: true, checked: true }).waitFor();
  await target.getByRole('spinbutton', { name: 'Id', exact: true }).first().fill('8');
  await fieldIn(target, 'Slug').fill(NEW_POST.slug);
  await fieldIn(target, 'Title').fill(NEW_POST.title);
  await fieldIn(target, 'Excerpt').fill(NEW_POST.excerpt);
  await fieldIn(target, 'Author').fill('Esther Mwangi');
  await fieldIn(target, 'Date').fill('2026-09-12');
  await target.getByRole('combobox', { name: 'Category' }).first().click();
  await target.getByRole('option', { name: 'Community Events', exact: true }).click();
  // A picture from the editor's computer: uploaded into the folder the blog's artwork lives in.
  await target.locator('input[type="file"]').first().setInputFiles({ name: `${NEW_POST.slug}.svg`, mimeType: 'image/svg+xml', buffer: Buffer.from(NEW_POST.image) });
  await fieldIn(target, 'Image description').fill('Illustration of families planting vegetables in raised garden beds');
  await fieldIn(target, 'Article').fill(NEW_POST.body);
  await save(target);
}

let refused: string[] = [];
/** What the page's own policy refused (the browser says so on the console). */
const blocked: string[] = [];

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  refused = await serveFromDist(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) blocked.push(message.text());
  });
  await page.goto(`${origin}/cms/`);
  await seedRepository(page);
  await page.reload();
  await page.getByRole('button', { name: 'Work with Test Repository' }).click();
  await page.getByRole('treeitem', { name: 'Blog posts' }).waitFor();
  try {
    for (const edit of EDITS) await editInEveryLanguage(page, edit);
    await writeNewPost(page);
  } catch (error) {
    await page.screenshot({ path: join(root, 'test-results', 'editor-failure.png') });
    throw error;
  }
  written = await readRepository(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('the editor at /cms/, offline on its test backend', () => {
  test('it asked for nothing beyond this site but its update check (its fonts are served from /cms/fonts/)', () => {
    expect(refused.filter((url) => !url.startsWith('https://unpkg.com/@sveltia/cms/'))).toEqual([]);
  });

  test('its content security policy let it work: it refused only the update check', () => {
    expect(blocked.filter((text) => !text.includes('https://unpkg.com/@sveltia/cms/'))).toEqual([]);
  });

  test('each edit landed in the English, French and Swahili file of its entry', () => {
    for (const edit of EDITS) {
      for (const lang of Object.keys(MARKS) as EditLang[]) {
        const path = languageFile(edit.file, lang);
        expect(written.get(path), path).toContain(MARKS[lang]);
      }
    }
  });

  test('the schemas accept every file it wrote, and no save changed a field’s type or dropped a field', () => {
    const changed = [...written].filter(([path, text]) => path.startsWith('content/') && original.get(path) !== text);
    expect(changed.map(([path]) => path).sort()).toEqual(
      [...EDITS.flatMap((edit) => (Object.keys(MARKS) as EditLang[]).map((lang) => languageFile(edit.file, lang))), `content/blog/${NEW_POST.slug}.mdx`].sort(),
    );
    for (const [path, text] of changed) {
      const schema = schemaFor(path);
      const result = schema.safeParse(parseEntry(path, text).data);
      expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`), path).toEqual([]);
      // What the site reads from the file, before and after: every field there still, of its type.
      const before = original.get(path);
      if (before) expect(shapeOf(result.data), path).toEqual(shapeOf(schema.parse(parseEntry(path, before).data)));
    }
  });

  test('a save keeps the fields in their order, and changes only the edited line of a file already in the editor’s format', () => {
    /** The keys in file order, at every level, of those both versions have (an empty optional field is left out). */
    const keysIn = (value: unknown, other: unknown): unknown => {
      if (Array.isArray(value)) return value.map((item, index) => keysIn(item, (other as unknown[])?.[index]));
      if (!value || typeof value !== 'object') return null;
      const both = Object.keys(value).filter((key) => other && typeof other === 'object' && key in other);
      return both.map((key) => [key, keysIn((value as Record<string, unknown>)[key], (other as Record<string, unknown>)[key])]);
    };
    for (const [path, text] of written) {
      const before = original.get(path);
      if (!before || before === text || !path.startsWith('content/')) continue;
      const [was, now] = [parseEntry(path, before).data, parseEntry(path, text).data];
      expect(keysIn(now, was), path).toEqual(keysIn(was, now));
    }
    for (const lang of Object.keys(MARKS) as EditLang[]) {
      const path = languageFile('events/community-health-fair.json', lang);
      const [was, now] = [original.get(path)!.split('\n'), written.get(path)!.split('\n')];
      expect(now.length, path).toBe(was.length);
      expect(now.filter((line, index) => line !== was[index]), path).toEqual([was.find((line) => line.startsWith('  "title": '))!.replace(/",$/, `${MARKS[lang]}",`)]);
    }
  });

  test('front matter keeps its dates as quoted strings', () => {
    const post = written.get('content/blog/volunteer-spotlight.mdx')!;
    expect(post).toMatch(/^date: "2026-08-27"$/m);
    expect(parseEntry('x.mdx', post).data.date).toBe('2026-08-27');
  });

  test('no translation was dropped: every file of content/ is still there', () => {
    expect([...original.keys()].filter((path) => !written.has(path))).toEqual([]);
  });

  test('the new post’s picture was uploaded into the folder of the blog’s artwork', () => {
    const path = `content/blog/${NEW_POST.slug}.mdx`;
    const image = parseEntry(path, written.get(path)!).data.image as string;
    expect(image).toMatch(new RegExp(`^/art/blog/${NEW_POST.slug}[\\w-]*\\.svg$`));
    expect(written.has(`public${image}`)).toBe(true);
  });

  test('the new post was written in English alone', () => {
    const path = `content/blog/${NEW_POST.slug}.mdx`;
    const post = parseEntry(path, written.get(path)!);
    expect(post.data).toMatchObject({ id: 8, slug: NEW_POST.slug, title: NEW_POST.title, date: '2026-09-12', category: 'Community Events' });
    expect(post.body).toContain(NEW_POST.body);
    expect(written.has(`content/blog/fr/${NEW_POST.slug}.mdx`)).toBe(false);
    expect(written.has(`content/blog/sw/${NEW_POST.slug}.mdx`)).toBe(false);
  });
});

describe('the site built with the files the editor wrote', () => {
  const built = (path: string) => readFileSync(join(copy, 'dist', path, 'index.html'), 'utf8');

  beforeAll(() => {
    copy = projectCopy('sipa-editor-');
    for (const [path, text] of written) {
      if (original.get(path) === text) continue;
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text);
    }
    const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...copyCaches(copy) };
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: copy, stdio: ['ignore', 'ignore', 'inherit'], env });
  }, 300_000);

  test('the new post is on its page in English, French and Swahili, with the untranslated notice in French and Swahili', () => {
    expect(built(`blog/${NEW_POST.slug}`)).toContain(NEW_POST.title);
    for (const lang of ['fr', 'sw'] as const) {
      const html = built(`${lang}/blog/${NEW_POST.slug}`);
      expect(html).toContain(NEW_POST.title);
      expect(html).toContain(UNTRANSLATED_NOTICE[lang]);
    }
  });

  test('the edits show on the pages', () => {
    expect(built('blog/volunteer-spotlight')).toContain(`Volunteer Spotlight: Language Partners Who Open Doors${MARKS.en}`);
    expect(built('fr/blog/volunteer-spotlight')).toContain(MARKS.fr);
    expect(built('sw/blog/volunteer-spotlight')).toContain(MARKS.sw);
    expect(built('')).toContain(MARKS.en.trim().slice(1, -1));
  });
});
