/** Every inbox and subscriber route: 401 without a session, 403 for a non-admin, Origin checked on writes, 400 for bad input. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, MEMBER, createAccounts, signIn } from './staff-helpers.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const READS = ['/api/inbox/counts', '/api/inbox/contact', '/api/inbox/volunteer/export.csv', `/api/inbox/partnership/${ID}`, '/api/subscribers', '/api/subscribers/export.csv', '/api/subscribers/chart'];
const WRITES: Array<[string, string, string]> = [
  ['/api/inbox/contact/status', 'application/json', JSON.stringify({ ids: [ID], status: 'handled' })],
  [`/api/inbox/contact/${ID}/note`, 'application/json', JSON.stringify({ note: 'x' })],
  ['/api/inbox/forget', 'application/json', JSON.stringify({ email: 'a@example.org' })],
  ['/api/subscribers/import', 'text/csv', 'email\na@example.org\n'],
  [`/api/subscribers/${ID}/unsubscribe`, 'application/json', '{}'],
  [`/api/subscribers/${ID}/delete`, 'application/json', '{}'],
];

describeBackends('inbox access', (backend) => {
  let api: TestApi;
  let admin = '';
  let member = '';
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    admin = await signIn(api, ADMIN.username, ADMIN.password);
    member = await signIn(api, MEMBER.username, MEMBER.password);
  });
  afterAll(() => api.close());

  const post = (path: string, type: string, body: string, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'content-type': type, ...headers }, body });

  it('answers 401 without a session and 403 to a staff member who is not an admin', async () => {
    for (const path of READS) {
      const anonymous = await api.app.request(path);
      expect(anonymous.status, path).toBe(401);
      expect((await anonymous.json()).message).toBeTruthy();
      expect((await api.app.request(path, { headers: { cookie: member } })).status, path).toBe(403);
    }
    for (const [path, type, body] of WRITES) {
      expect((await post(path, type, body)).status, path).toBe(401);
      expect((await post(path, type, body, { cookie: member })).status, path).toBe(403);
    }
  });

  it('lets an admin in, and refuses writes from another origin', async () => {
    for (const path of READS.slice(0, 3)) expect((await api.app.request(path, { headers: { cookie: admin } })).status, path).toBe(200);
    for (const [path, type, body] of WRITES) {
      const response = await post(path, type, body, { cookie: admin, origin: 'https://evil.example' });
      expect(response.status, path).toBe(403);
    }
  });

  it('answers bad input with 400 { message, issues } and an unknown list or item with 404', async () => {
    const get = (path: string) => api.app.request(path, { headers: { cookie: admin } });
    for (const path of ['/api/inbox/contact?status=done', '/api/inbox/contact?from=2026-13-01', '/api/inbox/contact?limit=500', '/api/inbox/contact?cursor=nonsense', '/api/inbox/contact?q=a%00b', '/api/inbox/volunteer?interest=juggling', '/api/inbox/contact?sort=name', '/api/subscribers?status=gone']) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body.message, path).toBeTruthy();
      expect(Array.isArray(body.issues), path).toBe(true);
    }
    expect((await get('/api/inbox/donations')).status).toBe(404);
    expect((await get(`/api/inbox/contact/${ID}`)).status).toBe(404);
    const badStatus = await post('/api/inbox/contact/status', 'application/json', JSON.stringify({ ids: [ID], status: 'done' }), { cookie: admin });
    expect(badStatus.status).toBe(400);
    const badNote = await post(`/api/inbox/contact/${ID}/note`, 'application/json', JSON.stringify({ note: 'bell\u0007' }), { cookie: admin });
    expect(badNote.status).toBe(400);
    expect((await badNote.json()).issues).toEqual([{ path: 'note', message: 'Remove control characters from this field' }]);
    const badForget = await post('/api/inbox/forget', 'application/json', JSON.stringify({ email: 'not-an-address' }), { cookie: admin });
    expect(badForget.status).toBe(400);
    expect((await post('/api/inbox/forget', 'text/plain', 'x', { cookie: admin })).status).toBe(415);
  });
});
