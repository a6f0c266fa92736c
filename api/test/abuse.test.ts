/**
 * The API under abuse: fair limits for a shared network, input both databases treat the same,
 * Origin: null, compressed bodies, and JSON answers for every /api path.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.ts';
import { ENDPOINTS, VALID, describeBackends, makeApi, postForm, postJson, runInsideOneRateWindow, totalRows, type TestApi } from './helpers.ts';

type Form = keyof typeof ENDPOINTS;
const FORMS = Object.keys(ENDPOINTS) as Form[];

/** A valid submission of `form` by person number `n`. */
function person(form: Form, n: number): Record<string, unknown> {
  const email = `family${n}@example.org`;
  if (form === 'newsletter') return { email };
  if (form === 'contact') return { ...VALID.contact, email, name: `Parent ${n}` };
  if (form === 'volunteer') return { ...VALID.volunteer, email, firstName: `Parent${n}` };
  return { ...VALID.partnership, email };
}

describeBackends('one shared network (the default limit)', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    // The documented default, not the tests' high one.
    api = await makeApi(backend, { rateLimitMax: 120, rateLimitWindowSeconds: 600 });
  });
  afterAll(() => api.close());

  test('100 people on one wifi can each subscribe and each send every form within 10 minutes; one client cannot flood', async () => {
    runInsideOneRateWindow();
    const wifi = { 'x-test-client': '198.51.100.7' };
    const through: Record<Form, number> = { newsletter: 0, contact: 0, volunteer: 0, partnership: 0 };
    for (const form of FORMS) {
      for (let n = 0; n < 100; n++) {
        // Everyone makes a typo first: refused requests cost nothing.
        expect((await postJson(api.app, ENDPOINTS[form].path, { ...person(form, n), email: 'typo@' }, wifi)).status).toBe(400);
        const response = await postJson(api.app, ENDPOINTS[form].path, person(form, n), wifi);
        if (response.status < 300) through[form] += 1;
      }
    }
    expect(through).toEqual({ newsletter: 100, contact: 100, volunteer: 100, partnership: 100 });
    console.log(`[${backend}] 100 people on one network got through: ${JSON.stringify(through)}`);
    // One client sending on and on is stopped at 120 accepted posts per 10 minutes.
    let accepted = 0;
    let refused: Response | undefined;
    for (let n = 100; n < 200 && !refused; n++) {
      const response = await postJson(api.app, ENDPOINTS.contact.path, person('contact', n), wifi);
      if (response.status === 201) accepted += 1;
      else refused = response;
    }
    expect(accepted).toBe(20);
    expect(refused!.status).toBe(429);
    // A browser form post that is refused lands on the form's own "too many" page.
    const form = await postForm(api.app, ENDPOINTS.contact.path, Object.entries(person('contact', 300)) as Array<[string, string]>, wifi);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=contact#too-many');
  });
});

describeBackends('characters the databases disagree on', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());

  const cases: Array<[Form, string, string]> = [
    ['newsletter', 'email', 'a\u0000@example.org'],
    ['contact', 'name', 'Amara\u0000'],
    ['contact', 'subject', 'Hello\u0007'],
    ['contact', 'subject', 'Two\nlines'],
    ['contact', 'name', 'Tab\there'],
    ['contact', 'message', 'NUL \u0000 inside'],
    ['contact', 'message', 'lone \ud800 surrogate'],
    ['volunteer', 'skills', 'escape \u001b[31m'],
    ['volunteer', 'firstName', '\udc00'],
    ['partnership', 'companyName', 'Acme\r\nmail: outbox'],
    ['partnership', 'message', 'DEL \u007f'],
  ];
  test.each(cases)('%s.%s = %j is refused with the field message and nothing stored', async (form, field, value) => {
    const before = await totalRows(api.services);
    const response = await postJson(api.app, ENDPOINTS[form].path, { ...person(form, 1), [field]: value });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
    expect(body.issues).toContainEqual({ path: field, message: 'Please remove the control characters from this field' });
    expect(await totalRows(api.services)).toBe(before);
  });

  test('tab, line feed and carriage return stay allowed in multi-line fields', async () => {
    const response = await postJson(api.app, '/api/contact', { ...VALID.contact, message: 'Line one\r\n\tLine two\nLine three' });
    expect(response.status).toBe(201);
    const row = await api.services.db.kysely.selectFrom('contact_messages').select('message').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row.message).toBe('Line one\r\n\tLine two\nLine three');
  });

  test('a form post with NUL is refused the same way (303 to the error page)', async () => {
    const response = await postForm(api.app, '/api/contact', Object.entries({ ...VALID.contact, name: 'x\u0000' }) as Array<[string, string]>);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/form-error?form=contact#invalid');
  });
});

describe('requests refused before anything runs', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi('sqlite');
  });
  afterAll(() => api.close());

  const writes: Array<[string, unknown]> = [
    ...FORMS.map((form) => [ENDPOINTS[form].path, person(form, 9)] as [string, unknown]),
    ['/api/newsletter/confirm', { token: 'x' }],
    ['/api/newsletter/unsubscribe', { token: 'x' }],
  ];

  test.each(writes)('Origin: null is refused on %s; no Origin is allowed', async (path, body) => {
    const before = await totalRows(api.services);
    const response = await postJson(api.app, path, body, { origin: 'null' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Requests from this origin are not allowed.' });
    expect(await totalRows(api.services)).toBe(before);
    const noOrigin = await postJson(api.app, path, body);
    expect(noOrigin.status).not.toBe(403);
  });

  test.each(FORMS)('a compressed body to %s is refused with 415 and nothing is stored', async (form) => {
    const before = await totalRows(api.services);
    const gzipped = new Uint8Array(await new Response(new Blob([JSON.stringify(person(form, 2))]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    for (const encoding of ['gzip', 'deflate', 'br', 'GZIP']) {
      const response = await api.app.request(ENDPOINTS[form].path, { method: 'POST', body: gzipped, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: MESSAGES.unsupportedEncoding });
    }
    expect(await totalRows(api.services)).toBe(before);
  });

  test('unknown /api paths answer JSON 404 and a wrong method JSON 405 with Allow', async () => {
    const before = await totalRows(api.services);
    for (const path of ['/api/nope', '/api/contact/extra', '/api/', '/api']) {
      const response = await api.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    const cases: Array<[string, string, string]> = [
      ['GET', '/api/contact', 'POST'],
      ['PUT', '/api/newsletter-signup', 'POST'],
      ['DELETE', '/api/volunteer-application', 'POST'],
      ['GET', '/api/partnership-inquiry', 'POST'],
      ['POST', '/api/health', 'GET, HEAD'],
      ['PUT', '/api/newsletter/confirm', 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await api.app.request(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(await response.json()).toEqual({ message: 'This method is not allowed here.' });
    }
    expect(await totalRows(api.services)).toBe(before);
  });
});
