import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApp, createServices, closeServices } from '../src/app.ts';
import { LIMITS } from '../src/schemas.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { PARTNERSHIP_RESPONSE_PROMISE, VOLUNTEER_RESPONSE_PROMISE } from '../../src/lib/constants.ts';
import { ENDPOINTS, VALID, count, describeBackends, freshConfig, makeApi, postForm, postJson, runInsideOneRateWindow, totalRows, type TestApi } from './helpers.ts';

type Form = keyof typeof ENDPOINTS;
const FORMS = Object.keys(ENDPOINTS) as Form[];
const long = (n: number) => 'x'.repeat(n + 1);

/** Bad inputs per form: [label, body, content type?] — each must be refused with a 4xx. */
const BAD: Record<Form, Array<[string, unknown, string?]>> = {
  newsletter: [
    ['missing email', {}],
    ['empty email', { email: '   ' }],
    ['not an email', { email: 'not-an-email' }],
    ['email of wrong type', { email: 42 }],
    ['email list', { email: ['a@b.org'] }],
    ['huge email', { email: `${long(LIMITS.email)}@example.org` }],
    ['extra field', { email: 'a@b.org', admin: true }],
    ['null body', 'null'],
    ['array body', '[{"email":"a@b.org"}]'],
  ],
  contact: [
    ['missing everything', {}],
    ['missing message', { ...VALID.contact, message: undefined }],
    ['blank subject', { ...VALID.contact, subject: '  ' }],
    ['bad email', { ...VALID.contact, email: 'amara@' }],
    ['name of wrong type', { ...VALID.contact, name: 123 }],
    ['phone of wrong type', { ...VALID.contact, phone: { n: 1 } }],
    ['huge message', { ...VALID.contact, message: long(LIMITS.message) }],
    ['huge name', { ...VALID.contact, name: long(LIMITS.name) }],
    ['extra field', { ...VALID.contact, priority: 'urgent' }],
  ],
  volunteer: [
    ['missing names', { email: 'k@example.org' }],
    ['unknown interest', { ...VALID.volunteer, interests: ['flying'] }],
    ['unknown availability', { ...VALID.volunteer, availability: ['midnight'] }],
    ['interests not a list', { ...VALID.volunteer, interests: 'mentor' }],
    ['interest of wrong type', { ...VALID.volunteer, interests: [7] }],
    ['huge skills', { ...VALID.volunteer, skills: long(LIMITS.skills) }],
    ['bad email', { ...VALID.volunteer, email: 'kofi at example.org' }],
    ['extra field', { ...VALID.volunteer, isAdmin: 1 }],
  ],
  partnership: [
    ['missing company', { ...VALID.partnership, companyName: undefined }],
    ['blank contact name', { ...VALID.partnership, contactName: '' }],
    ['unknown interest', { ...VALID.partnership, partnershipInterest: ['Bribes'] }],
    ['interest in the wrong case', { ...VALID.partnership, partnershipInterest: ['other'] }],
    ['interest not a list', { ...VALID.partnership, partnershipInterest: 'Other' }],
    ['huge company', { ...VALID.partnership, companyName: long(LIMITS.company) }],
    ['extra field', { ...VALID.partnership, budget: 1e9 }],
  ],
};

/** Malformed requests every endpoint must refuse the same way. */
const MALFORMED: Array<[string, BodyInit, string, number]> = [
  ['invalid JSON', '{"email": "a@b.org"', 'application/json', 400],
  ['empty JSON body', '', 'application/json', 400],
  ['non-UTF-8 bytes', new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json', 400],
  ['plain text', 'email=a@b.org', 'text/plain', 415],
  ['no content type', '{"email":"a@b.org"}', '', 415],
  ['XML', '<email>a@b.org</email>', 'application/xml', 415],
  ['multipart', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.org\r\n--x--', 'multipart/form-data; boundary=x', 415],
  ['oversized body', JSON.stringify({ email: 'a@b.org', pad: 'x'.repeat(40_000) }), 'application/json', 413],
];

describeBackends('form endpoints', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());

  describe.each(FORMS)('%s', (form) => {
    const { path, table } = ENDPOINTS[form];

    test('a valid JSON submission stores exactly one row and answers 2xx with a message', async () => {
      const before = await count(api.services, table);
      const response = await postJson(api.app, path, VALID[form]);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      const body = (await response.json()) as { message: string };
      expect(typeof body.message).toBe('string');
      expect(await count(api.services, table)).toBe(before + 1);
    });

    test.each(BAD[form])('refuses %s with 400 {message, issues} and stores nothing', async (_label, body) => {
      const before = await totalRows(api.services);
      const response = await postJson(api.app, path, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
      expect(answer.message).toBe(MESSAGES.invalidInput);
      expect(answer.issues.length).toBeGreaterThan(0);
      expect(await totalRows(api.services)).toBe(before);
    });

    test.each(MALFORMED)('refuses %s and stores nothing', async (_label, body, type, status) => {
      const before = await totalRows(api.services);
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const response = await api.app.request(path, { method: 'POST', body, headers });
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
      expect(await totalRows(api.services)).toBe(before);
    });

    test('a filled honeypot is answered as a success and stores nothing', async () => {
      const before = await totalRows(api.services);
      const response = await postJson(api.app, path, { ...VALID[form], website: 'http://spam.example' });
      expect(response.ok).toBe(true);
      expect(await totalRows(api.services)).toBe(before);
      const form303 = await postForm(api.app, path, [...Object.entries(VALID[form]).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, String(v)] as [string, string]])), ['website', 'spam']]);
      expect(form303.status).toBe(303);
      expect(await totalRows(api.services)).toBe(before);
    });

    test('an empty honeypot is ignored', async () => {
      const before = await count(api.services, table);
      const body = form === 'newsletter' ? { email: `empty-trap-${backend}@example.org`, website: '' } : { ...VALID[form], website: '' };
      const response = await postJson(api.app, path, body);
      expect(response.ok).toBe(true);
      expect(await count(api.services, table)).toBe(before + 1);
    });

    test('a plain form post is stored and redirected (303) to the result page; a bad one to the error page', async () => {
      const before = await count(api.services, table);
      const fields = Object.entries(form === 'newsletter' ? { email: `form-${backend}@example.org` } : VALID[form]).flatMap(([key, value]) =>
        Array.isArray(value) ? value.map((v) => [key, v] as [string, string]) : [[key, String(value)] as [string, string]],
      );
      const ok = await postForm(api.app, path, fields);
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toMatch(/^\/[a-z-]+\/thanks$/);
      expect(await count(api.services, table)).toBe(before + 1);
      const bad = await postForm(api.app, path, [['email', 'nope']]);
      expect(bad.status).toBe(303);
      expect(bad.headers.get('location')).toMatch(/^\/form-error\?form=\w+#invalid$/);
      expect(await count(api.services, table)).toBe(before + 1);
    });
  });

  test('values are trimmed and emails lower-cased before they are stored', async () => {
    await postJson(api.app, '/api/contact', { ...VALID.contact, name: '  Trim Me  ', email: '  MiXeD@Example.ORG ', subject: ' Hi ' });
    const row = await api.services.db.kysely.selectFrom('contact_messages').selectAll().where('name', '=', 'Trim Me').executeTakeFirstOrThrow();
    expect(row.email).toBe('mixed@example.org');
    expect(row.subject).toBe('Hi');
    expect(row.phone).toBe(VALID.contact.phone);
  });

  test('volunteer and partnership answers carry the promised response times', async () => {
    const volunteer = (await (await postJson(api.app, '/api/volunteer-application', VALID.volunteer)).json()) as { message: string };
    expect(volunteer.message).toContain(VOLUNTEER_RESPONSE_PROMISE);
    const partnership = (await (await postJson(api.app, '/api/partnership-inquiry', VALID.partnership)).json()) as { message: string };
    expect(partnership.message).toContain(PARTNERSHIP_RESPONSE_PROMISE);
    const contact = (await (await postJson(api.app, '/api/contact', VALID.contact)).json()) as { message: string };
    expect(contact.message).toBe(MESSAGES.contactSuccess);
  });

  test('lists are stored as JSON with duplicates removed', async () => {
    await postJson(api.app, '/api/volunteer-application', { ...VALID.volunteer, email: 'lists@example.org', interests: ['mentor', 'mentor', 'fundraising'] });
    const row = await api.services.db.kysely.selectFrom('volunteer_applications').selectAll().where('email', '=', 'lists@example.org').executeTakeFirstOrThrow();
    expect(JSON.parse(row.interests)).toEqual(['mentor', 'fundraising']);
    expect(JSON.parse(row.availability)).toEqual(['weekendMornings']);
  });

  test('a second signup of the same address, in any case, is accepted without a second row', async () => {
    const first = await postJson(api.app, '/api/newsletter-signup', { email: 'twice@example.org' });
    const second = await postJson(api.app, '/api/newsletter-signup', { email: '  TWICE@Example.ORG ' });
    const third = await postForm(api.app, '/api/newsletter-signup', [['email', 'Twice@example.org']]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(third.status).toBe(303);
    const rows = await api.services.db.kysely.selectFrom('subscribers').selectAll().where('email', '=', 'twice@example.org').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('pending');
    const staff = await api.services.db.kysely.selectFrom('outbox').select('kind').where('subject', 'like', '%twice@example.org%').execute();
    expect(staff).toHaveLength(1);
  });

  test('simultaneous signups of one address still make one row', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => postJson(api.app, '/api/newsletter-signup', { email: i % 2 ? 'RACE@example.org' : 'race@example.org' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await api.services.db.kysely.selectFrom('subscribers').select('id').where('email', '=', 'race@example.org').execute();
    expect(rows).toHaveLength(1);
  });

  test('unknown API routes answer 404 JSON', async () => {
    const response = await api.app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain('/api/nothing-here');
  });

  test('random bodies never cause a 500', async () => {
    const bodies = ['{', '}', '"', '[]', '{}', '{"email":null}', '{"__proto__":{"email":"a@b.org"}}', '{"constructor":{"prototype":{}}}', '\u0000', 'true', '1e309'];
    for (const form of FORMS) {
      for (const body of bodies) {
        const response = await postJson(api.app, ENDPOINTS[form].path, body);
        expect(response.status, `${form} ${body}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${form} ${body}`).toBeLessThan(500);
      }
    }
  });
});

describeBackends('rate limit', (backend) => {
  test('counts per client in the database, answers 429 with Retry-After, and is shared by instances', async () => {
    runInsideOneRateWindow();
    const { config, drop } = await freshConfig(backend, { rateLimitMax: 3, rateLimitWindowSeconds: 600 });
    const one = await createServices(config);
    const two = await createServices(config);
    try {
      const appOne = createApp(one);
      const appTwo = createApp(two);
      const client = { 'x-test-client': '203.0.113.9' };
      // Typos cost nothing: only accepted submissions count.
      for (let i = 0; i < 5; i++) expect((await postJson(appOne, '/api/contact', { ...VALID.contact, email: 'typo@' }, client)).status).toBe(400);
      for (let i = 0; i < 2; i++) expect((await postJson(appOne, '/api/contact', VALID.contact, client)).status).toBe(201);
      expect((await postJson(appTwo, '/api/contact', VALID.contact, client)).status).toBe(201);
      const before = await totalRows(one);
      const limited = await postJson(appTwo, '/api/contact', VALID.contact, client);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await limited.json()) as { message: string }).message).toBe(MESSAGES.tooManyRequests);
      expect(await totalRows(one)).toBe(before);
      // Invalid posts never counted, and a refused one writes nothing (not even its counter).
      const counters = await one.db.kysely.selectFrom('rate_limits').selectAll().execute();
      expect(counters.map((row) => Number(row.hits))).toEqual([3]);
      // Another client is not affected, nor is another form for this client.
      expect((await postJson(appOne, '/api/contact', VALID.contact, { 'x-test-client': '203.0.113.10' })).status).toBe(201);
      expect((await postJson(appOne, '/api/newsletter-signup', VALID.newsletter, client)).status).toBe(200);
      // A plain form post over the limit goes to the error page.
      const form = await postForm(appOne, '/api/contact', [['name', 'x']], client);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/form-error?form=contact#too-many');
    } finally {
      await closeServices(one);
      await closeServices(two);
      await drop();
    }
  });
});

describe('CORS and origins', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi('sqlite', { allowedOrigins: ['https://partner.example'] });
  });
  afterAll(() => api.close());
  let before = 0;
  beforeEach(async () => {
    before = await totalRows(api.services);
  });

  test('a configured origin gets CORS headers on preflight and on the answer', async () => {
    const preflight = await api.app.request('/api/contact', {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const response = await postJson(api.app, '/api/newsletter-signup', { email: 'cors@example.org' }, { origin: 'https://partner.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://partner.example');
  });

  test('any other origin gets no CORS headers and cannot write', async () => {
    const preflight = await api.app.request('/api/contact', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const response = await postJson(api.app, '/api/contact', VALID.contact, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await totalRows(api.services)).toBe(before);
  });

  test('same-origin requests need no configuration, also behind a TLS-terminating proxy', async () => {
    const response = await postJson(api.app, '/api/contact', VALID.contact, { origin: 'http://localhost' });
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const proxied = await postJson(api.app, '/api/contact', VALID.contact, { origin: 'https://www.sipa.example', host: 'www.sipa.example' });
    expect(proxied.status).toBe(201);
    // X-Forwarded-Host names our host only when proxies are trusted (TRUST_PROXY).
    const forwarded = await postJson(api.app, '/api/contact', VALID.contact, { origin: 'https://site.example', 'x-forwarded-host': 'site.example' });
    expect(forwarded.status).toBe(403);
    const behindProxy = await makeApi('sqlite', { trustProxy: 1 });
    const trusted = await postJson(behindProxy.app, '/api/contact', VALID.contact, { origin: 'https://site.example', 'x-forwarded-host': 'site.example' });
    expect(trusted.status).toBe(201);
    await behindProxy.close();
    const malformed = await postJson(api.app, '/api/contact', VALID.contact, { origin: 'not a url' });
    expect(malformed.status).toBe(403);
  });
});
