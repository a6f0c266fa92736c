/**
 * One guard in front of every route: text that no field of ours may hold is refused with 400
 * `{ message, issues }` before a route, Better Auth or a database sees it, whatever the route's
 * own checks. Refused, in the path, the query and any JSON, urlencoded or text body:
 *  - NUL (PostgreSQL refuses it in text and answered 500), the other C0 controls and DEL; bodies
 *    keep tab, line feed and carriage return (multi-line fields; single-line ones are the
 *    schemas' to refuse), a path or a query none;
 *  - lone UTF-16 surrogates (JSON escapes like "\ud800") and percent-encoded bytes that are not
 *    UTF-8 (how a client sends a lone surrogate in a URL or a form).
 * The answer keeps each route's own shape: a public form's plain post gets its error page (303),
 * the login form its page, the inbox, subscriber and task screens their own wording.
 *
 * A body the guard cannot read as text of those kinds (another type, not UTF-8, not JSON, above
 * every route's limit) goes on untouched: the route refuses it as before (415, 400, 413).
 *
 * PayPal's notifications (OWN_BODY_RULES) are left to their route: PayPal %-encodes their values
 * in the charset the account chose, windows-1252 by default, so a payer named Renée arrives as
 * `Ren%E9e`, which is no UTF-8; the route has PayPal's own rules (size, rate, printable ASCII) and
 * decodes by the message's charset.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import { TASK_TEXT } from '../../src/lib/tasks.ts';
import { LOGIN_PAGE } from './auth/http.ts';
import { INVALID_QUERY } from './inbox/http.ts';
import { NO_CONTROL } from './inbox/schemas.ts';
import { isLang, type Lang } from '../../src/lib/i18n/languages.ts';
import { fail, isFormPost, limitBody, mediaType, refererLang, type FormName } from './submission.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether a value holds a character no field may hold (`lines`: tab, LF and CR allowed). */
export const forbiddenText = (value: string, lines: boolean) => (lines ? CONTROL_BUT_LINES : CONTROL).test(value) || !value.isWellFormed();

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * A URL component or urlencoded text decoded, or null when a percent-encoded run is not UTF-8.
 * (URLSearchParams and Hono would turn such bytes into U+FFFD silently.)
 */
export function percentDecoded(text: string): string | null {
  try {
    return text.replace(/\+/g, ' ').replace(PERCENT_RUN, (run) => decodeURIComponent(run));
  } catch {
    return null;
  }
}

/** The top-level names of a JSON value whose strings (keys included) hold forbidden text; '' for the value itself. */
function jsonIssues(value: unknown): string[] {
  const bad = new Set<string>();
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: Array<[unknown, string]> = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (forbiddenText(key, false)) bad.add(key);
      stack.push([item, key]);
    }
  } else stack.push([value, '']);
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (bad.has(path)) continue;
    if (typeof item === 'string') {
      if (forbiddenText(item, true)) bad.add(path);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (forbiddenText(key, false)) bad.add(path);
        stack.push([inner, path]);
      }
    }
  }
  return [...bad];
}

/** The names of urlencoded fields that hold forbidden text (or bytes that are not UTF-8). */
function formIssues(text: string): string[] {
  const bad = new Set<string>();
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const [rawKey = '', ...rest] = pair.split('=');
    const key = percentDecoded(rawKey);
    const value = percentDecoded(rest.join('='));
    const name = key ?? rawKey;
    if (key === null || value === null || forbiddenText(key, false) || forbiddenText(value, true)) bad.add(key === null || forbiddenText(key, false) ? '' : name);
  }
  return [...bad];
}

/** The names in the path and the query that hold forbidden text. */
function urlIssues(url: string): string[] {
  const { pathname, search } = new URL(url);
  const bad: string[] = [];
  const path = percentDecoded(pathname);
  if (path === null || forbiddenText(path, false)) bad.push('path');
  for (const pair of search.slice(1).split('&')) {
    if (!pair) continue;
    const [rawKey = '', ...rest] = pair.split('=');
    const key = percentDecoded(rawKey);
    const value = percentDecoded(rest.join('='));
    if (key === null || value === null || forbiddenText(key, false) || forbiddenText(value, false)) bad.push(key === null || forbiddenText(key, false) ? '' : key);
  }
  return bad;
}

const PUBLIC_FORMS: Readonly<Record<string, FormName>> = {
  '/api/newsletter-signup': 'newsletter',
  '/api/contact': 'contact',
  '/api/volunteer-application': 'volunteer',
  '/api/partnership-inquiry': 'partnership',
  '/api/giving/link': 'giving',
  '/api/event-registrations': 'event',
};

/** The public form posted to at `path` (trailing slashes aside), if it is one. */
export const publicFormOf = (path: string): FormName | undefined => PUBLIC_FORMS[path.replace(/\/+$/, '')];

/**
 * The language a request's body names (`lang`), read again from the body the guard or the route
 * already read (Hono keeps it), else the referring page's: for answers made after the route failed.
 */
export async function bodyLangOf(c: Context): Promise<Lang> {
  try {
    const text = await c.req.text();
    const named = isFormPost(c) ? new URLSearchParams(text).get('lang') : (JSON.parse(text) as Record<string, unknown> | null)?.lang;
    return langNamed(named) ?? refererLang(c);
  } catch {
    return refererLang(c);
  }
}

/** Screens that word the refusal their own way (the same words their schemas use). */
function fieldMessage(path: string): string {
  if (path.startsWith('/api/tasks')) return TASK_TEXT.contentCharacters;
  if (path.startsWith('/api/inbox') || path.startsWith('/api/subscribers')) return NO_CONTROL;
  return MESSAGES.fieldCharacters;
}

/** The 400, in the shape the client and the route expect. */
function refuse(c: Context, names: string[], inQuery: boolean, lang?: Lang): Response {
  const path = new URL(c.req.url).pathname.replace(/\/+$/, '');
  const message = fieldMessage(path);
  const issues = names.map((name) => ({ path: name, message }));
  const form = PUBLIC_FORMS[path];
  if (form) return fail(c, form, 400, MESSAGES.invalidInput, 'invalid', issues, lang ?? refererLang(c));
  if (isFormPost(c) && path.startsWith('/api/auth/')) return c.redirect(`${LOGIN_PAGE}?error=invalid`, 303);
  const staffList = path.startsWith('/api/inbox') || path.startsWith('/api/subscribers');
  return c.json({ message: inQuery && staffList ? INVALID_QUERY : MESSAGES.invalidInput, issues }, 400);
}

/** The `lang` a public form's body names (its answer is in that language), if it names one of ours. */
const langNamed = (value: unknown): Lang | undefined => (typeof value === 'string' && isLang(value) ? value : undefined);

const TEXT_TYPES = new Set(['text/csv', 'text/plain']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Routes whose bodies follow another sender's rules, checked by the route itself. */
export const OWN_BODY_RULES: ReadonlySet<string> = new Set(['/api/paypal/ipn', '/api/paypal/webhook']);

/** What the guard found in a body: forbidden names, nothing it reads, or a body that broke off. */
type BodyCheck = { issues: string[]; lang?: Lang } | 'unread' | 'broken-off' | 'too-large';

/** The body's forbidden names, 'unread' when there is nothing the guard reads (the route decides). */
async function checkBody(c: Context, maxBytes: number): Promise<BodyCheck> {
  const type = mediaType(c);
  const json = type === 'application/json';
  const form = type === 'application/x-www-form-urlencoded';
  if (!json && !form && !TEXT_TYPES.has(type)) return 'unread';
  const declared = c.req.header('content-length');
  if (declared !== undefined && !(Number(declared) <= maxBytes)) return 'unread';
  let bytes: ArrayBuffer;
  if (declared !== undefined) {
    // Read straight from the socket (and cached for the route); it fails only when the client
    // stopped sending or the connection broke.
    try {
      bytes = await c.req.arrayBuffer();
    } catch {
      return 'broken-off';
    }
  } else {
    // A chunked body, through a counting stream; hand the route the bytes themselves with their
    // length declared, so that its own size check reads the header and not a spent stream.
    let tooLarge = false;
    let read: ArrayBuffer | null = null;
    try {
      await limitBody(maxBytes, (context) => {
        tooLarge = true;
        return context.body(null);
      })(c, async () => {
        read = await c.req.arrayBuffer();
      });
    } catch {
      // Broken off: `read` stays null.
    }
    if (tooLarge) return 'too-large';
    if (!read) return 'broken-off';
    bytes = read;
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-length', String(bytes.byteLength));
    headers.delete('transfer-encoding');
    c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: bytes });
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return 'unread';
  }
  if (form) return { issues: formIssues(text), lang: langNamed(new URLSearchParams(text).get('lang')) };
  if (!json) return { issues: forbiddenText(text, true) ? ['file'] : [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'unread';
  }
  return { issues: jsonIssues(value), lang: langNamed(value && typeof value === 'object' ? (value as Record<string, unknown>).lang : undefined) };
}

/**
 * The guard as Hono middleware. `maxBytes(path)` is the most the route at that path accepts: a
 * larger body is left to the route, which refuses it (413) from its declared length alone.
 */
export function inputGuard(maxBytes: (path: string) => number): MiddlewareHandler {
  return async (c, next) => {
    const inUrl = urlIssues(c.req.url);
    if (inUrl.length) return refuse(c, inUrl, true);
    const path = new URL(c.req.url).pathname;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !OWN_BODY_RULES.has(path.replace(/\/+$/, ''))) {
      const body = await checkBody(c, maxBytes(path));
      if (body === 'broken-off') {
        // The client is gone (an upload cancelled, a connection cut): one line, nobody to answer.
        console.warn(`api: ${c.req.method} ${path}: the request body broke off before its end; nothing was done`);
        return c.json({ message: MESSAGES.badEncoding, issues: [] }, 400);
      }
      if (body === 'too-large') {
        const form = PUBLIC_FORMS[path.replace(/\/+$/, '')];
        return form ? fail(c, form, 413, MESSAGES.bodyTooLarge, 'too-large') : c.json({ message: MESSAGES.bodyTooLarge }, 413);
      }
      if (body !== 'unread' && body.issues.length) return refuse(c, body.issues, false, body.lang);
    }
    await next();
  };
}
