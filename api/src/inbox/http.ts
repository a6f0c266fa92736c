/**
 * Request reading shared by the staff routes (inbox, subscribers, tasks): query strings and JSON
 * bodies go through a schema with Hono's validator, and anything refused is a 400
 * `{ message, issues }` like the rest of the API.
 */
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { fieldIssues, safeParse, type FieldIssue, type Schema } from '../schemas.ts';

export const INVALID_QUERY = 'Please check the search and filters and try again.';
export const BAD_CURSOR = 'That page link is no longer valid; start again from the first page.';
export const NOT_FOUND = 'That item no longer exists.';

/** A refused request's answer, typed so a route that returns it keeps its type for the client. */
export type Refusal = Response & TypedResponse<{ message: string; issues?: FieldIssue[] }, 400 | 413 | 415, 'json'>;

export type Read<T> = { ok: true; data: T } | { ok: false; response: Refusal };

/** Reads raw text of a JSON or CSV body up to `limit` bytes; 413 above it, 415 for another type. */
export async function readBodyText(c: Context, types: readonly string[], limit: number): Promise<Read<string>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!types.includes(type)) return { ok: false, response: c.json({ message: MESSAGES.unsupportedType }, 415) };
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, response: c.json({ message: MESSAGES.bodyTooLarge }, 413) };
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > limit) return { ok: false, response: c.json({ message: MESSAGES.bodyTooLarge }, 413) };
  try {
    return { ok: true, data: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, response: c.json({ message: MESSAGES.badEncoding, issues: [] }, 400) };
  }
}

type Validated<Target extends 'json' | 'query', S extends Schema> = { in: { [K in Target]: z.input<S> }; out: { [K in Target]: z.output<S> } };

/**
 * Hono's validator for a JSON body of at most `limit` bytes, answering as the staff API always has: 415 for
 * another type, 413 above the limit, 400 for bytes that are not UTF-8 JSON, 400 `{ message, issues }`
 * when the schema refuses it. The body is checked and parsed before the validator runs, so the
 * validator's own JSON parse (and its answer to malformed JSON) never sees it. The handler reads
 * the result with `c.req.valid('json')`.
 */
export function jsonBody<S extends Schema>(schema: S, limit = 64 * 1024): MiddlewareHandler<{}, string, Validated<'json', S>> {
  const validate = validator('json', (raw: unknown, c) => {
    const result = safeParse(schema, raw);
    if (result.success) return result.data as z.output<S>;
    return c.json({ message: MESSAGES.invalidInput, issues: fieldIssues(result.error) }, 400);
  });
  return async (c, next) => {
    const text = await readBodyText(c, ['application/json'], limit);
    if (!text.ok) return text.response;
    let raw: unknown;
    try {
      raw = JSON.parse(text.data);
    } catch {
      return c.json({ message: MESSAGES.badEncoding, issues: [] }, 400);
    }
    // The validator's c.req.json() reads this value, not the body again.
    c.req.bodyCache.json = Promise.resolve(raw) as never;
    return (await validate(c as never, next)) as Response | void;
  };
}

/**
 * Hono's validator for the query string, answering 400 (INVALID_QUERY with
 * issues). `schema` may depend on the request (the inbox's list kinds each have their own).
 */
export function queryOf<S extends Schema>(schema: S | ((c: Context) => S)): MiddlewareHandler<{}, string, Validated<'query', S>> {
  // The schemas read one value a name, as c.req.query() gives them.
  return validator('query', (_values, c) => {
    const result = safeParse(typeof schema === 'function' ? schema(c) : schema, c.req.query());
    if (result.success) return result.data as z.output<S>;
    return c.json({ message: INVALID_QUERY, issues: fieldIssues(result.error) }, 400);
  }) as never;
}

/** A streamed CSV download named after the list and today's date. */
export function csvResponse(body: ReadableStream<Uint8Array>, name: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sipa-${name}-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
