/**
 * Reading and answering a form submission the same way for every endpoint, as Hono middleware:
 *  - JSON (from the islands) or application/x-www-form-urlencoded (a browser without JS);
 *    anything else is 415, a body over the limit 413 (Hono's bodyLimit), bytes that are not
 *    UTF-8 or JSON 400;
 *  - the honeypot field is taken out first (filled: answered as success, nothing stored);
 *  - the zod schema decides (Hono's validator); a JSON client gets JSON back, a form post a 303
 *    to a result page. The handler reads the outcome with `c.req.valid('json')`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../src/lib/messages.ts';
import { langOrDefault, translateText } from '../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../src/lib/i18n/languages.ts';
import { langOfPath, localizePath } from '../../src/lib/i18n/paths.ts';
import { HONEYPOT_FIELD, LIST_FIELDS, RECORD_FIELDS, fieldIssues, safeParse, type FieldIssue } from './schemas.ts';

export type FormName = 'newsletter' | 'contact' | 'volunteer' | 'partnership' | 'giving' | 'event';

/** Result pages on the site for browsers that posted the plain form. */
export const RESULT_PAGES: Readonly<Record<FormName, string>> = {
  newsletter: '/newsletter/thanks',
  contact: '/contact/thanks',
  volunteer: '/get-involved/thanks',
  partnership: '/corporate/thanks',
  giving: '/manage-giving/sent',
  event: '/events/registered',
};
export type Problem = 'invalid' | 'too-many' | 'too-large' | 'unsupported' | 'failed';
export const errorPage = (form: string, problem: Problem) => `/form-error?form=${encodeURIComponent(form)}#${problem}`;

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Refuses bytes that are not UTF-8 (a fatal decoder keeps no state between calls). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isFormPost(c: Context): boolean {
  return mediaType(c) === FORM_TYPE;
}

/**
 * The language of a request whose body has not been read (or did not say): the language of the
 * page it came from (`Referer: …/fr/contact` is French), else English.
 */
export function refererLang(c: Context): Lang {
  const referer = c.req.header('referer');
  if (!referer) return DEFAULT_LANG;
  try {
    return langOfPath(new URL(referer).pathname);
  } catch {
    return DEFAULT_LANG;
  }
}

/** The `lang` field of a submission when it names one of the site's languages, else the page's. */
function bodyLang(c: Context, raw: unknown): Lang {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).lang : undefined;
  return typeof value === 'string' && isLang(value) ? value : refererLang(c);
}

/**
 * A failure answer in the shape the client asked for, in the visitor's language (`lang`, else the
 * referring page's): the message and each field's issue from the catalogue, the result page at
 * its address in that language.
 */
export function fail(
  c: Context,
  form: string,
  status: 400 | 413 | 415 | 429 | 403 | 503,
  message: string,
  problem: Problem,
  issues: FieldIssue[] = [],
  lang: Lang = refererLang(c),
): Response {
  if (isFormPost(c) && status !== 415) return c.redirect(localizePath(errorPage(form, problem), lang), 303);
  const text = translateText(message, lang);
  if (status !== 400) return c.json({ message: text }, status);
  return c.json({ message: text, issues: issues.map((issue) => ({ path: issue.path, message: translateText(issue.message, lang) })) }, status);
}

/** What `c.req.valid('json')` holds after `submission()`: a honeypot hit carries the data only if it is valid. */
export type Submission<T> = { isForm: boolean } & ({ honeypot: boolean; data: T } | { honeypot: true; data?: undefined });

/**
 * The fields of a urlencoded body; the form's list fields (checkbox groups) as arrays, its record
 * fields (`answers.<id>`) as one object each.
 */
function formValues(text: string, form: string): Record<string, string | string[] | Record<string, string>> {
  const params = new URLSearchParams(text);
  const lists = LIST_FIELDS[form] ?? [];
  const records = RECORD_FIELDS[form] ?? [];
  const values: Record<string, string | string[] | Record<string, string>> = {};
  for (const key of new Set(params.keys())) {
    const dot = key.indexOf('.');
    const record = dot > 0 ? key.slice(0, dot) : '';
    if (records.includes(record)) {
      const held = values[record];
      const entries = held && typeof held === 'object' && !Array.isArray(held) ? held : (values[record] = Object.create(null) as Record<string, string>);
      entries[key.slice(dot + 1)] = params.get(key) ?? '';
    } else values[key] = lists.includes(key) ? params.getAll(key) : (params.get(key) ?? '');
  }
  return values;
}

/**
 * Hono's bodyLimit, with its check of a declared Content-Length made from the header alone.
 * bodyLimit first asks for `c.req.raw.body`, and on Node that makes the adapter build a web
 * Request and stream for every request instead of reading the body straight from the socket:
 * measured, a fifth of a sign-up's throughput. A declared length is what the HTTP parser
 * delivers, so it is checked as bodyLimit checks it; a chunked body goes through bodyLimit.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const limit = bodyLimit({ maxSize, onError: onError as never });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) return parseInt(length, 10) > maxSize ? onError(c) : next();
    return limit(c, next);
  };
}

/**
 * The body of at most `maxSize` bytes (Hono's bodyLimit), or null when it is larger or cannot be
 * read. For handlers that read a small body of their own kind (the newsletter links' form posts).
 */
export async function limitedBody(c: Context, maxSize: number): Promise<ArrayBuffer | null> {
  let body: ArrayBuffer | null = null;
  try {
    await limitBody(maxSize, () => null as never)(c, async () => {
      body = await c.req.arrayBuffer();
    });
  } catch {
    return null;
  }
  return body;
}

type SubmissionInput<S extends z.ZodMiniType> = { in: { json: z.input<S> }; out: { json: Submission<z.output<S>> } };

/**
 * The middleware in front of a submission handler: media type, size, encoding, honeypot and the
 * schema, each refused with the answer `fail()` gives. Hono's validator runs the schema; its own
 * JSON parse error and a body that breaks off while read are answered as bad encoding.
 */
export function submission<S extends z.ZodMiniType>(form: FormName | 'token', schema: S, maxSize: number): MiddlewareHandler<{}, string, SubmissionInput<S>> {
  const limit = limitBody(maxSize, (c) => fail(c, form, 413, MESSAGES.bodyTooLarge, 'too-large'));
  const validate = validator('json', async (parsedJson: unknown, c): Promise<Response | Submission<z.output<S>>> => {
    const isForm = isFormPost(c);
    let raw = isForm ? formValues(await c.req.text(), form) : parsedJson;
    let honeypot = false;
    if (raw && typeof raw === 'object' && !Array.isArray(raw) && HONEYPOT_FIELD in raw) {
      const { [HONEYPOT_FIELD]: trap, ...rest } = raw as Record<string, unknown>;
      honeypot = typeof trap !== 'string' || trap.trim() !== '';
      raw = rest;
    }
    const result = safeParse(schema, raw);
    if (!result.success) {
      if (honeypot) return { isForm, honeypot: true };
      return fail(c, form, 400, MESSAGES.invalidInput, 'invalid', fieldIssues(result.error), bodyLang(c, raw));
    }
    return { isForm, honeypot, data: result.data };
  });
  return async (c, next) => {
    const type = mediaType(c);
    if (type !== JSON_TYPE && type !== FORM_TYPE) return fail(c, form, 415, MESSAGES.unsupportedType, 'unsupported');
    // Everything before the handler that throws is the body's fault; the handler's own errors pass.
    let handled = false;
    const handle = () => {
      handled = true;
      return next();
    };
    try {
      return await limit(c, async () => {
        const text = utf8.decode(await c.req.arrayBuffer());
        // The validator's JSON parse reads this text, not the bytes again.
        c.req.bodyCache.text = Promise.resolve(text) as never;
        return (await validate(c as never, handle)) as void;
      });
    } catch (error) {
      if (handled) throw error;
      return fail(c, form, 400, MESSAGES.badEncoding, 'invalid');
    }
  };
}

/** Runs `middleware` for a JSON body only; other bodies go straight on to the handler. */
export function forJson<M extends MiddlewareHandler<any, any, any>>(middleware: M): M {
  return (async (c: Context, next: () => Promise<void>) => (mediaType(c) === JSON_TYPE ? middleware(c, next) : next())) as M;
}

/**
 * The success answer: `{ message }` for JSON clients, a redirect to the result page in the
 * visitor's language for forms. `message` is already in that language.
 */
export function succeed(c: Context, form: FormName, isForm: boolean, message: string, status: 200 | 201 = 200, lang: Lang = DEFAULT_LANG) {
  if (isForm) return c.redirect(localizePath(RESULT_PAGES[form], lang), 303);
  return c.json({ message }, status);
}

/** The language a valid submission asked for (its `lang` field, English when it had none). */
export const submittedLang = (data: unknown): Lang => langOrDefault((data as { lang?: unknown } | undefined)?.lang);
