import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COLLECTIONS } from '../../src/lib/content-schemas.ts';
import { backendFromEnv, cmsConfig } from '../../src/lib/cms/config.ts';
import { field, fieldsOf, type CmsField } from '../../src/lib/cms/fields.ts';
import { EDITOR_SCRIPT_PATH, EDITOR_VERSION, editorPage, editorScript } from '../../src/lib/cms/files.ts';
import { EDITOR_FONTS, fontFile, fontPackageVersion, fontPath } from '../../src/lib/cms/fonts.ts';
import { editorContentSecurityPolicy } from '../../src/lib/security-policy.ts';

const root = join(import.meta.dirname, '..', '..');
const config = cmsConfig({ name: 'github', repo: 'sipa-example/sipa-website', branch: 'main' }, 'https://sipa.example.org');
type Collection = (typeof config.collections)[number];
const fieldsIn = (collection: Collection): CmsField[] => ('files' in collection && collection.files ? collection.files[0]!.fields : (collection as { fields: CmsField[] }).fields);
const byName = (fields: CmsField[], name: string) => fields.find((item) => item.name === name)!;

describe('the editor configuration, read from the content schemas', () => {
  it('has a collection for every content collection and one for content/site.json', () => {
    expect(config.collections.map((collection) => collection.name)).toEqual([...Object.keys(COLLECTIONS), 'site']);
  });

  it('writes the files where the site reads them: English at the top, fr/ and sw/ beside it', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en', 'fr', 'sw'], default_locale: 'en', omit_default_locale_from_file_path: true, initial_locales: 'default' });
    const blog = config.collections.find((collection) => collection.name === 'blog') as { folder: string; extension: string; format: string };
    expect(blog).toMatchObject({ folder: 'content/blog', extension: 'mdx', format: 'frontmatter' });
    const home = config.collections.find((collection) => collection.name === 'home') as { files: { file: string }[] };
    expect(home.files[0]!.file).toBe('content/home/{{locale}}/home.json');
    for (const collection of config.collections) {
      const folder = 'folder' in collection ? (collection.folder as string) : undefined;
      if (folder) expect(existsSync(join(root, folder)), folder).toBe(true);
    }
  });

  it('quotes front matter strings, so a date stays the string the schemas read', () => {
    expect(config.output.yaml).toEqual({ quote: 'double' });
  });

  it('takes each field’s kind, requirement, choices and limits from its schema', () => {
    const event = fieldsIn(config.collections.find((collection) => collection.name === 'events')!);
    expect(event.map((item) => item.name)).toEqual(Object.keys(COLLECTIONS.events.schema.shape));
    expect(byName(event, 'category')).toMatchObject({ widget: 'select', options: ['cultural', 'workshop', 'youth', 'health', 'fundraiser'] });
    expect(byName(event, 'isFeatured')).toMatchObject({ widget: 'boolean', required: false, default: false });
    expect(byName(event, 'attendees')).toMatchObject({ widget: 'number', value_type: 'int', min: 0, required: false });
    expect(byName(event, 'image')).toMatchObject({ widget: 'image' });
    expect(byName(event, 'imageAlt')).toMatchObject({ label: 'Image description', hint: 'What the picture shows, for people who cannot see it (read aloud by screen readers).' });
    expect(byName(event, 'registrationRequired').label).toBe('Registration required');
    expect(byName(byName(event, 'contact').fields!, 'email')).toMatchObject({ widget: 'string', type: 'email' });
    const program = fieldsIn(config.collections.find((collection) => collection.name === 'programs')!);
    expect(byName(program, 'startDate')).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', time_format: false });
    expect(byName(program, 'description')).toMatchObject({ widget: 'text', minlength: 20, maxlength: 320 });
    expect(byName(program, 'coordinators')).toMatchObject({ widget: 'list', min: 1 });
    expect(byName(program, 'related')).toMatchObject({ widget: 'list', min: 1, max: 3 });
    const testimonial = fieldsIn(config.collections.find((collection) => collection.name === 'testimonials')!);
    expect(byName(testimonial, 'placements')).toMatchObject({ widget: 'select', multiple: true, options: ['home', 'get-involved', 'about'], min: 1 });
  });

  it('gives a pattern the schema’s own message, in an editor’s words', () => {
    const site = fieldsIn(config.collections.find((collection) => collection.name === 'site')!);
    expect(byName(site, 'ein').pattern).toEqual(['^\\d{2}-\\d{7}$', 'EIN must look like 12-3456789']);
    const blog = fieldsIn(config.collections.find((collection) => collection.name === 'blog')!);
    expect(byName(blog, 'slug').pattern![1]).toBe('use lowercase letters, numbers and hyphens only, e.g. family-garden-day');
  });

  it('follows a schema change: a new field appears in the editor without another edit', () => {
    const changed = COLLECTIONS.faq.schema.extend({ featured: z.boolean().optional() });
    expect(byName(fieldsOf(changed), 'featured')).toMatchObject({ widget: 'boolean', required: false });
    expect(() => field('when', z.date())).toThrow(/no editor field for a zod date at when/);
  });

  it('translates every field of an entry, down to a list’s items; the organisation’s facts only where site.<code>.json does', () => {
    const planned = fieldsIn(config.collections.find((collection) => collection.name === 'plannedGiving')!);
    expect(byName(planned, 'ways').fields!.every((item) => item.i18n === true)).toBe(true);
    const site = fieldsIn(config.collections.find((collection) => collection.name === 'site')!);
    expect(site.filter((item) => item.i18n).map((item) => item.name)).toEqual(Object.keys(JSON.parse(readFileSync(join(root, 'content', 'site.fr.json'), 'utf8'))));
  });

  it('ends every MDX entry with its article; the legal pages (which import from the code) as plain text', () => {
    expect(byName(fieldsIn(config.collections.find((collection) => collection.name === 'blog')!), 'body')).toMatchObject({ widget: 'markdown', modes: ['raw', 'rich_text'] });
    expect(byName(fieldsIn(config.collections.find((collection) => collection.name === 'legal')!), 'body')).toMatchObject({ widget: 'text' });
  });
});

describe('the editor’s backend and page', () => {
  it('signs in to the repository the build names, through the sign-in helper when there is one', () => {
    expect(backendFromEnv({})).toEqual({ name: 'github', repo: 'sipa-example/sipa-website', branch: 'main' });
    expect(backendFromEnv({ CMS_GITHUB_REPO: 'sipa/site', CMS_GITHUB_BRANCH: 'content', CMS_AUTH_URL: 'https://auth.sipa.example.org' })).toEqual({
      name: 'github',
      repo: 'sipa/site',
      branch: 'content',
      base_url: 'https://auth.sipa.example.org',
    });
    expect(() => backendFromEnv({ CMS_AUTH_URL: 'http://auth.example.org' })).toThrow(/must be https/);
    expect(() => backendFromEnv({ CMS_GITHUB_REPO: 'no-owner' })).toThrow(/owner\/name/);
  });

  it('loads the pinned editor from this site, under its version, with its own policy', () => {
    // Pinned exactly: the editor moves fast, and an upgrade is a change someone reviews.
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies['@sveltia/cms']).toBe(EDITOR_VERSION);
    const page = editorPage({ authOrigin: 'https://auth.sipa.example.org' });
    expect(page).toContain(`<script src="${EDITOR_SCRIPT_PATH}"></script>`);
    expect(EDITOR_SCRIPT_PATH).toBe(`/cms/sveltia-cms-${EDITOR_VERSION}.js`);
    expect(page).not.toMatch(/unpkg|jsdelivr\.net\/npm|<script>/);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    const policy = editorContentSecurityPolicy({ authOrigin: 'https://auth.sipa.example.org' });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain('connect-src \'self\' blob: data: https://api.github.com https://www.githubstatus.com https://auth.sipa.example.org;');
    expect(page).toContain(policy);
  });
});

describe('the editor’s fonts', () => {
  it('come from this site, from the packages of the versions the editor names', () => {
    for (const font of EDITOR_FONTS) {
      expect(font.cdn, font.package).toContain(`@${fontPackageVersion(font)}/`);
      expect(fontFile(font).subarray(0, 4).toString('latin1'), font.file).toBe('wOF2');
    }
    const script = editorScript();
    expect(script).not.toContain('cdn.jsdelivr.net');
    for (const font of EDITOR_FONTS) expect(script).toContain(fontPath(font));
  });
});
