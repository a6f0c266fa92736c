/**
 * Reading and answering a form submission the same way for every endpoint:
 *  - JSON (from the islands) or application/x-www-form-urlencoded (a browser without JS);
 *    anything else is 415, a body over the limit 413, bytes that are not UTF-8 or JSON 400;
 *  - the honeypot field is taken out first (filled: answered as success, nothing stored);
 *  - the zod schema decides; a JSON client gets JSON back, a form post a 303 to a result page.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../src/lib/messages.ts';
import { HONEYPOT_FIELD, LIST_FIELDS, fieldIssues, safeParse, type FieldIssue } from './schemas.ts';

export type FormName = 'newsletter' | 'contact' | 'volunteer' | 'partnership';

/** Result pages on the site for browsers that posted the plain form. */
export const RESULT_PAGES: Readonly<Record<FormName, string>> = {
  newsletter: '/newsletter/thanks',
  contact: '/contact/thanks',
  volunteer: '/get-involved/thanks',
  partnership: '/corporate/thanks',
};
export type Problem = 'invalid' | 'too-many' | 'too-large' | 'unsupported' | 'failed';
export const errorPage = (form: string, problem: Problem) => `/form-error?form=${encodeURIComponent(form)}#${problem}`;

class BodyTooLarge extends Error {}

/** Refuses bytes that are not UTF-8 (a fatal decoder keeps no state between calls). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

async function readLimited(c: Context, limit: number): Promise<Uint8Array> {
  const length = c.req.header('content-length');
  const declared = length === undefined ? NaN : Number(length);
  if (Number.isFinite(declared)) {
    if (declared > limit) throw new BodyTooLarge();
    // A declared length within the limit: the HTTP parser delivers exactly that many bytes, so
    // the body is read whole, which the Node adapter does straight from the socket without web
    // streams (the check Hono's bodyLimit makes, too).
    const whole = new Uint8Array(await c.req.arrayBuffer());
    if (whole.byteLength > limit) throw new BodyTooLarge();
    return whole;
  }
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  // A chunked body: counted as it arrives and cut off past the limit.
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** A body of at most `limit` bytes, or null when it is larger or cannot be read. */
export async function readBody(c: Context, limit: number): Promise<Uint8Array | null> {
  try {
    return await readLimited(c, limit);
  } catch {
    return null;
  }
}

export type Parsed<T> =
  | { ok: true; data: T; isForm: boolean; honeypot: boolean }
  | { ok: false; response: Response };

export function isFormPost(c: Context): boolean {
  return mediaType(c) === 'application/x-www-form-urlencoded';
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** A failure answer in the shape the client asked for. */
export function fail(c: Context, form: string, status: 400 | 413 | 415 | 429 | 403 | 503, message: string, problem: Problem, issues: FieldIssue[] = []): Response {
  if (isFormPost(c) && status !== 415) return c.redirect(errorPage(form, problem), 303);
  return c.json(status === 400 ? { message, issues } : { message }, status);
}

export async function readSubmission<S extends z.ZodMiniType>(c: Context, form: FormName | 'token', schema: S, bodyLimit: number): Promise<Parsed<z.output<S>>> {
  const type = mediaType(c);
  const isForm = type === 'application/x-www-form-urlencoded';
  if (type !== 'application/json' && !isForm) {
    return { ok: false, response: fail(c, form, 415, MESSAGES.unsupportedType, 'unsupported') };
  }
  let text: string;
  try {
    text = utf8.decode(await readLimited(c, bodyLimit));
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, response: fail(c, form, 413, MESSAGES.bodyTooLarge, 'too-large') };
    return { ok: false, response: fail(c, form, 400, MESSAGES.badEncoding, 'invalid') };
  }
  let raw: unknown;
  if (isForm) {
    const params = new URLSearchParams(text);
    const lists = LIST_FIELDS[form] ?? [];
    const values: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) values[key] = lists.includes(key) ? params.getAll(key) : (params.get(key) ?? '');
    raw = values;
  } else {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, response: fail(c, form, 400, MESSAGES.badEncoding, 'invalid') };
    }
  }
  let honeypot = false;
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && HONEYPOT_FIELD in raw) {
    const { [HONEYPOT_FIELD]: trap, ...rest } = raw as Record<string, unknown>;
    honeypot = typeof trap !== 'string' || trap.trim() !== '';
    raw = rest;
  }
  const result = safeParse(schema, raw);
  if (!result.success) {
    if (honeypot) return { ok: true, data: undefined as never, isForm, honeypot };
    return { ok: false, response: fail(c, form, 400, MESSAGES.invalidInput, 'invalid', fieldIssues(result.error)) };
  }
  return { ok: true, data: result.data, isForm, honeypot };
}

/** The success answer: `{ message }` for JSON clients, a redirect to the result page for forms. */
export function succeed(c: Context, form: FormName, isForm: boolean, message: string, status: 200 | 201 = 200): Response {
  if (isForm) return c.redirect(RESULT_PAGES[form], 303);
  return c.json({ message }, status);
}
