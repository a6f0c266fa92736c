/**
 * The submission middleware on its own (api/src/submission.ts): the same request answered in the
 * shape the client asked for, JSON or a plain form post, before any handler runs.
 */
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { newsletterSchema } from '../src/schemas.ts';
import { submission } from '../src/submission.ts';

const LIMIT = 64;
const app = new Hono().post('/', submission('newsletter', newsletterSchema, LIMIT), (c) => c.json({ handled: c.req.valid('json') }));

const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', body, headers: { 'Content-Type': type, ...headers } });
const FORM = 'application/x-www-form-urlencoded';

describe('submission middleware', () => {
  test('a valid JSON body and a valid form post reach the handler, parsed and marked', async () => {
    const json = await post(JSON.stringify({ email: ' a@b.org ' }), 'application/json; charset=utf-8');
    expect(await json.json()).toEqual({ handled: { isForm: false, honeypot: false, data: { email: 'a@b.org' } } });
    const form = await post('email=a%40b.org', FORM);
    expect(await form.json()).toEqual({ handled: { isForm: true, honeypot: false, data: { email: 'a@b.org' } } });
  });

  test('invalid fields: 400 with issues for JSON, a 303 to the form error page for a form post', async () => {
    const json = await post(JSON.stringify({ email: 'nope' }), 'application/json');
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ message: 'Please check the highlighted fields and try again.', issues: [{ path: 'email', message: expect.any(String) }] });
    const form = await post('email=nope', FORM);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=newsletter#invalid');
  });

  test('a body over the limit, streamed or declared: 413 for JSON, a 303 to #too-large for a form post', async () => {
    const big = `email=${'x'.repeat(LIMIT)}`;
    const json = await post(JSON.stringify({ email: 'x'.repeat(LIMIT) }), 'application/json');
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ message: 'That submission is too large. Please shorten it and try again.' });
    const declared = await post(JSON.stringify({ email: 'x'.repeat(LIMIT) }), 'application/json', { 'Content-Length': String(LIMIT + 30) });
    expect(declared.status).toBe(413);
    const form = await post(big, FORM);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=newsletter#too-large');
  });

  test('the media type is checked before the size: an oversized body of another type is 415', async () => {
    const response = await post('x'.repeat(LIMIT * 2), 'text/plain');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Please send the form as JSON or as a regular form post.' });
  });

  test('bytes that are not UTF-8, or not JSON: 400 for JSON, a 303 to #invalid for a form post', async () => {
    const notUtf8 = new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe]);
    const json = await post('{"email":', 'application/json');
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ message: 'The submission could not be read. Please try again.', issues: [] });
    const form = await post(notUtf8, FORM);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=newsletter#invalid');
  });

  test('a filled honeypot reaches the handler marked, with the data only when it is valid', async () => {
    const valid = await post(JSON.stringify({ email: 'a@b.org', website: 'spam' }), 'application/json');
    expect(await valid.json()).toEqual({ handled: { isForm: false, honeypot: true, data: { email: 'a@b.org' } } });
    const invalid = await post('email=nope&website=spam', FORM);
    expect(await invalid.json()).toEqual({ handled: { isForm: true, honeypot: true } });
  });

  test("a handler's own error is not taken for a bad body", async () => {
    const failing = new Hono().post('/', submission('newsletter', newsletterSchema, LIMIT), () => {
      throw new Error('handler failed');
    });
    failing.onError((_error, c) => c.json({ message: 'handler error' }, 500));
    const response = await failing.request('/', { method: 'POST', body: JSON.stringify({ email: 'a@b.org' }), headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(500);
  });
});
