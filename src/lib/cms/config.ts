/**
 * The configuration of the content editor at /cms/ (Sveltia CMS, docs/editors.md): one editor
 * collection per content collection (COLLECTIONS) and one for the organisation's facts
 * (content/site.json), each with the fields its zod schema declares (./fields.ts).
 *
 * Files are where the site reads them: English at the collection's top, French and Swahili in
 * its fr/ and sw/ folders with the English file names (Sveltia's `multiple_folders` structure with
 * `omit_default_locale_from_file_path`); a new entry starts in English alone, which the site
 * publishes in every language with its untranslated notice. Front matter is written with double
 * quotes, so a date stays the string the schemas read ("2026-08-27", not a YAML date).
 */
import { COLLECTIONS, type CollectionName } from '../content-schemas.ts';
import { DEFAULT_LANG, LANG_CODES } from '../i18n/languages.ts';
import { SITE_TEXT_KEYS, siteConfigSchema } from '../site-config.ts';
import { fieldsOf, type CmsField } from './fields.ts';

/** Where the editor reads and commits: a GitHub repository, or the browser's own storage in tests. */
export type CmsBackend =
  | { name: 'github'; repo: string; branch: string; base_url?: string; auth_endpoint?: string }
  | { name: 'test-repo' };

/** The build's settings for the editor's GitHub backend (docs/editors.md, "Sign-in for editors"). */
export function backendFromEnv(env: Record<string, string | undefined>): Extract<CmsBackend, { name: 'github' }> {
  const repo = env.CMS_GITHUB_REPO || 'sipa-example/sipa-website';
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`CMS_GITHUB_REPO must be owner/name: ${repo}`);
  const backend: Extract<CmsBackend, { name: 'github' }> = { name: 'github', repo, branch: env.CMS_GITHUB_BRANCH || 'main' };
  if (env.CMS_AUTH_URL) {
    const url = new URL(env.CMS_AUTH_URL);
    if (url.protocol !== 'https:') throw new Error(`CMS_AUTH_URL must be https: ${env.CMS_AUTH_URL}`);
    backend.base_url = url.origin;
    if (url.pathname !== '/') backend.auth_endpoint = url.pathname.replace(/^\//, '');
  }
  return backend;
}

/** Collections of one file each (the page reads it by that name), not a folder of entries. */
const SINGLE_FILES: Partial<Record<CollectionName, string>> = { home: 'home', plannedGiving: 'planned-giving', careers: 'careers' };

/** Entries's labels in the editor's lists, and what a file name is made from. */
const LABEL_FIELDS = ['title', 'question', 'name', 'caption'];
/** Entries whose file name is one of their fields (the id the site links by). */
const FILE_NAME_FIELDS: Partial<Record<CollectionName, string>> = { blog: 'slug', events: 'id', programs: 'programId' };

/** Human names of the collections, as the editor's menu lists them. */
const COLLECTION_LABELS: Record<CollectionName, string> = {
  blog: 'Blog posts',
  events: 'Events',
  programs: 'Programs',
  faq: 'Questions (FAQ)',
  staff: 'Team',
  values: 'Values',
  testimonials: 'Testimonials',
  volunteerOpportunities: 'Volunteer opportunities',
  gallery: 'Gallery',
  guides: 'Financial guides',
  legal: 'Legal pages',
  home: 'Home page',
  plannedGiving: 'Planned giving',
  careers: 'Careers',
};

/** Artwork and photos live under public/art/ (blog and event pictures in their own folders). */
const MEDIA_FOLDERS: Partial<Record<CollectionName, string>> = { blog: 'blog', events: 'events' };

/**
 * An MDX file's article. The legal pages' bodies import values from the site's code (the age
 * limit, the address), which a rich-text editor would not keep: they are edited as text.
 * Every other body opens as Markdown source, so a save changes only what the editor changed.
 */
function bodyField(name: CollectionName): CmsField {
  if (name === 'legal') return { name: 'body', label: 'Page text (MDX)', widget: 'text', i18n: true };
  return { name: 'body', label: 'Article', widget: 'markdown', modes: ['raw', 'rich_text'], i18n: true };
}

/**
 * Fields translated or not, down to the fields inside lists and groups (the editor does not pass
 * a list's setting on to them: a translated list of untranslated texts would show empty).
 */
function inLanguages(field: CmsField, i18n: boolean): CmsField {
  return {
    ...field,
    i18n,
    ...(field.fields ? { fields: field.fields.map((inner) => inLanguages(inner, i18n)) } : {}),
    ...(field.field ? { field: inLanguages(field.field, i18n) } : {}),
  };
}

/** Every field translated: each language's file is a whole entry, as the site reads it. */
const translated = (fields: CmsField[]): CmsField[] => fields.map((field) => inLanguages(field, true));

function collectionOf(name: CollectionName) {
  const { folder, files, schema } = COLLECTIONS[name];
  const fields = translated(fieldsOf(schema));
  if (files === 'mdx') fields.push(bodyField(name));
  const format = files === 'mdx' ? { format: 'frontmatter' } : { format: 'json' };
  const extension = { extension: files };
  const media = MEDIA_FOLDERS[name];
  const mediaFolders = media ? { media_folder: `/public/art/${media}`, public_folder: `/art/${media}` } : {};
  const single = SINGLE_FILES[name];
  if (single) {
    return {
      name,
      label: COLLECTION_LABELS[name],
      i18n: true,
      ...mediaFolders,
      files: [{ name: single, label: COLLECTION_LABELS[name], i18n: true, file: `content/${folder}/{{locale}}/${single}.${files}`, ...format, fields }],
    };
  }
  const labelField = LABEL_FIELDS.find((key) => fields.some((field) => field.name === key))!;
  const fileNameField = FILE_NAME_FIELDS[name];
  return {
    name,
    label: COLLECTION_LABELS[name],
    folder: `content/${folder}`,
    ...format,
    ...extension,
    create: true,
    i18n: true,
    identifier_field: labelField,
    slug: fileNameField ? `{{fields.${fileNameField}}}` : `{{${labelField}}}`,
    summary: `{{${labelField}}}`,
    ...mediaFolders,
    fields,
  };
}

/** content/site.json and its translations: the texts in three languages, the facts in English alone. */
function siteCollection() {
  const texts = new Set<string>(SITE_TEXT_KEYS);
  const fields = fieldsOf(siteConfigSchema).map((field) => inLanguages(field, texts.has(field.name)));
  return {
    name: 'site',
    label: 'Organisation',
    i18n: true,
    files: [{ name: 'site', label: 'Organisation facts', i18n: true, file: 'content/site.{{locale}}.json', format: 'json', fields }],
  };
}

/** The whole configuration the editor loads from /cms/config.json. */
export function cmsConfig(backend: CmsBackend, siteUrl: string) {
  return {
    backend,
    publish_mode: 'editorial_workflow',
    site_url: siteUrl,
    display_url: siteUrl,
    app_title: 'SIPA content editor',
    logo: { src: '/favicon.svg' },
    media_folder: 'public/art',
    public_folder: '/art',
    i18n: {
      structure: 'multiple_folders',
      locales: [...LANG_CODES],
      default_locale: DEFAULT_LANG,
      omit_default_locale_from_file_path: true,
      initial_locales: 'default',
    },
    output: {
      omit_empty_optional_fields: true,
      json: { indent_style: 'space', indent_size: 2 },
      yaml: { quote: 'double' },
    },
    collections: [...(Object.keys(COLLECTIONS) as CollectionName[]).map(collectionOf), siteCollection()],
  };
}
