/**
 * The editor's fields (Sveltia CMS widgets) read from the zod schemas the build validates with
 * (src/lib/content-schemas.ts, src/lib/site-config.ts), so the form an editor fills in and the
 * check the build runs cannot drift apart: a field's kind, whether it is required, its choices,
 * its length and count limits and its pattern (with the schema's own message) all come from the
 * schema. Nothing here is typed twice.
 *
 * zod 4 describes a schema in `_zod.def` (its type, inner schemas and checks); that description
 * is what z.toJSONSchema reads too. Read here rather than through JSON Schema because the
 * editor's pattern rule wants the schema's message, which JSON Schema drops.
 */
import type { z } from 'zod';
import { calendarDate, imagePath, isoWithOffset, mediaPath } from '../content-schemas.ts';

/** One field of the editor's configuration (a subset of Sveltia CMS's field options). */
export interface CmsField {
  name: string;
  label: string;
  widget: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'list' | 'object' | 'image' | 'datetime' | 'markdown' | 'code';
  required?: boolean;
  i18n?: boolean;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  type?: 'email' | 'url';
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  minlength?: number;
  maxlength?: number;
  options?: string[];
  multiple?: boolean;
  fields?: CmsField[];
  field?: CmsField;
  format?: string;
  time_format?: boolean;
  modes?: string[];
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  output_code_only?: boolean;
  default_language?: string;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  values?: unknown[];
  format?: string;
  defaultValue?: unknown;
  checks?: { _zod: { def: CheckDef } }[];
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: (issue: unknown) => unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Texts long enough for a box of several lines: by the field's name, as every schema names them
 * (a description, a bio, an answer, a quote…). Everything else is a one-line text.
 */
const LONG_TEXT = /^(description|bio|answer|quote|intro|excerpt|lead|text|caption|mission|getInvolved|benefit|careers|heroLead)$/;

/** Keys whose spelled-out name would not tell an editor what to write. */
const LABELS: Record<string, string> = {
  imageAlt: 'Image description',
  alt: 'Image description',
  navTitle: 'Short name (footer links)',
  detailPath: 'Page address',
  href: 'Link address',
  url: 'Address (https://…)',
  ein: 'EIN',
};

/** What to write, where the field's name and rules do not say it. */
const HINTS: Record<string, string> = {
  imageAlt: 'What the picture shows, for people who cannot see it (read aloud by screen readers).',
  alt: 'What the picture shows, for people who cannot see it (read aloud by screen readers).',
  slug: 'The end of the page address: lowercase words joined by hyphens, e.g. family-garden-day.',
  order: 'Where it comes in its list: lower numbers first.',
};

/** "imageAlt" → "Image alt", the label an editor reads (or the plainer name of LABELS). */
export function labelOf(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema under its optional, default and transform wrappers, with what those said. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; defaultValue?: unknown } {
  let inner = schema;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') optional = true;
    else if (def.type === 'default') {
      optional = true;
      defaultValue = def.defaultValue;
    } else if (def.type !== 'pipe') break;
    inner = (def.type === 'pipe' ? def.in : def.innerType)!;
  }
  return { inner, optional, defaultValue };
}

function checksOf(schema: z.ZodType): CheckDef[] {
  return (defOf(schema).checks ?? []).map((check) => check._zod.def);
}

/** Patterns the schemas leave without a message, in an editor's words. */
const PATTERN_MESSAGES: Record<string, string> = {
  '^[a-z0-9-]+$': 'use lowercase letters, numbers and hyphens only, e.g. family-garden-day',
  '^\\d{4}-\\d{2}-\\d{2}': 'use a YYYY-MM-DD date',
  '^[a-z]{2}(-[A-Z]{2})?$': 'use a language code such as en-US',
  '^\\d{5}(-\\d{4})?$': 'use a ZIP code such as 76051',
};

/** The message the schema gives when its pattern fails (zod keeps a string message as a function). */
function messageOf(check: CheckDef, fallback: string): string {
  const message = check.error?.({});
  return typeof message === 'string' ? message : fallback;
}

function lengthLimits(checks: CheckDef[], names: { min: 'minlength' | 'min'; max: 'maxlength' | 'max' }): Partial<CmsField> {
  const limits: Partial<Record<'minlength' | 'maxlength' | 'min' | 'max', number>> = {};
  for (const check of checks) {
    // A minimum of one is what "required" already says; the editor would show it as a counter.
    if (check.check === 'min_length' && (check.minimum! > 1 || names.min === 'min')) limits[names.min] = check.minimum;
    if (check.check === 'max_length') limits[names.max] = check.maximum;
    if (check.check === 'length_equals') limits[names.min] = limits[names.max] = check.length;
  }
  return limits;
}

function stringField(schema: z.ZodType, name: string): Partial<CmsField> {
  const def = defOf(schema);
  if (schema === imagePath || schema === mediaPath) return { widget: 'image', choose_url: schema === mediaPath };
  if (schema === calendarDate) return { widget: 'datetime', format: 'YYYY-MM-DD', time_format: false };
  const field: Partial<CmsField> = { widget: LONG_TEXT.test(name) && !def.format ? 'text' : 'string', ...lengthLimits(checksOf(schema), { min: 'minlength', max: 'maxlength' }) };
  if (def.format === 'email') field.type = 'email';
  if (def.format === 'url') field.type = 'url';
  const regex = checksOf(schema).find((check) => check.check === 'string_format' && check.format === 'regex');
  if (regex?.pattern) {
    field.pattern = [regex.pattern.source, messageOf(regex, PATTERN_MESSAGES[regex.pattern.source] ?? 'this is not in the form the site expects')];
    if (schema === isoWithOffset) field.hint = 'A date and time with its offset from UTC, e.g. 2026-12-05T10:00:00-06:00 (Texas: -06:00 in winter, -05:00 in summer).';
  }
  return field;
}

function numberField(schema: z.ZodType): Partial<CmsField> {
  const field: Partial<CmsField> = { widget: 'number', value_type: 'float' };
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) field.value_type = 'int';
    if (check.check === 'greater_than') field.min = check.inclusive ? check.value : (check.value ?? 0) + 1;
    if (check.check === 'less_than') field.max = check.inclusive ? check.value : (check.value ?? 0) - 1;
  }
  // zod's int() stands for "a safe integer": its bounds are no limit an editor needs to see.
  if (field.min !== undefined && Math.abs(field.min) >= Number.MAX_SAFE_INTEGER) delete field.min;
  if (field.max !== undefined && Math.abs(field.max) >= Number.MAX_SAFE_INTEGER) delete field.max;
  return field;
}

/** Whether a text under this schema is translated: numbers, switches, choices, dates and images are the same in every language file but are still written in each (the site reads every file whole). */
function kindOf(schema: z.ZodType, name: string): Partial<CmsField> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringField(schema, name);
    case 'number':
      return numberField(schema);
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries!) };
    case 'union': {
      // A text that may also be left empty (`'' | G-XXXX`): the text's rules, not required.
      const text = def.options!.find((option) => defOf(option).type === 'string');
      if (!text) throw new Error(`no editor field for the union at ${name}`);
      return { ...stringField(text, name), required: false };
    }
    case 'object':
      return { widget: 'object', fields: fieldsOf(schema) };
    case 'array': {
      const limits = lengthLimits(checksOf(schema), { min: 'min', max: 'max' });
      const element = unwrap(def.element!).inner;
      const elementDef = defOf(element);
      if (elementDef.type === 'enum') return { widget: 'select', multiple: true, options: Object.values(elementDef.entries!), ...limits };
      if (elementDef.type === 'object') return { widget: 'list', fields: fieldsOf(element), ...limits };
      return { widget: 'list', field: field(name.replace(/s$/, ''), def.element!), ...limits };
    }
    default:
      throw new Error(`no editor field for a zod ${def.type} at ${name}`);
  }
}

/** One field from one key of a schema. */
export function field(name: string, schema: z.ZodType): CmsField {
  const { inner, optional, defaultValue } = unwrap(schema);
  const kind = kindOf(inner, name);
  const result: CmsField = { name, label: labelOf(name), ...kind, widget: kind.widget! } as CmsField;
  if (optional) result.required = false;
  if (defaultValue !== undefined) result.default = defaultValue;
  const description = (schema as { description?: string }).description ?? HINTS[name];
  if (description && !result.hint) result.hint = description;
  return result;
}

/** Every key of an object schema, in the schema's order: the order the editor writes them in. */
export function fieldsOf(schema: z.ZodType): CmsField[] {
  const def = defOf(unwrap(schema).inner);
  if (def.type !== 'object') throw new Error(`an object schema was expected, not ${def.type}`);
  return Object.entries(def.shape!).map(([name, value]) => field(name, value));
}
