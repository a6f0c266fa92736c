import { expect, test } from 'vitest';
import { describeBackends, makeApi } from './helpers.ts';
import { ADMIN, MEMBER, createAccounts, signIn } from './staff-helpers.ts';

const TOKEN = 'health-test-token-1234567890';

describeBackends('GET /api/health', (backend) => {
  test('tells the public only whether the site is up; details need HEALTH_TOKEN; 503 when the database is gone', async () => {
    const api = await makeApi(backend, { healthToken: TOKEN });
    const publicView = await api.app.request('/api/health');
    expect(publicView.status).toBe(200);
    expect(publicView.headers.get('cache-control')).toBe('no-store');
    expect(await publicView.json()).toEqual({ status: 'ok' });
    const wrongToken = await api.app.request('/api/health', { headers: { authorization: 'Bearer not-the-token' } });
    expect(await wrongToken.json()).toEqual({ status: 'ok' });

    const staff = { authorization: `Bearer ${TOKEN}` };
    const up = await api.app.request('/api/health', { headers: staff });
    expect(await up.json()).toMatchObject({ status: 'ok', database: { dialect: backend, ok: true }, mail: { transport: 'outbox', ok: true, pending: 0 } });
    await api.services.db.close();
    const down = await api.app.request('/api/health', { headers: staff });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'database-unavailable', database: { dialect: backend, ok: false }, mail: { transport: 'outbox', ok: false } });
    const publicDown = await api.app.request('/api/health');
    expect(publicDown.status).toBe(503);
    expect(await publicDown.json()).toEqual({ status: 'database-unavailable' });
    // A submission while the database is down is an honest 500, not a false success.
    const refused = await api.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a', email: 'a@b.org', subject: 's', message: 'm' }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    await api.close().catch(() => {});
  });

  test('without HEALTH_TOKEN nobody sees the details, whatever they send', async () => {
    const api = await makeApi(backend);
    const response = await api.app.request('/api/health', { headers: { authorization: 'Bearer ' } });
    expect(await response.json()).toEqual({ status: 'ok' });
    await api.close();
  });

  test('a signed-in administrator sees the details; a staff member who is not one does not', async () => {
    const api = await makeApi(backend);
    await createAccounts(api);
    const admin = await signIn(api, ADMIN.username, ADMIN.password);
    const member = await signIn(api, MEMBER.username, MEMBER.password);
    const asAdmin = await api.app.request('/api/health', { headers: { cookie: admin } });
    expect(await asAdmin.json()).toMatchObject({ status: 'ok', database: { dialect: backend, ok: true }, mail: { transport: 'outbox' } });
    const asMember = await api.app.request('/api/health', { headers: { cookie: member } });
    expect(await asMember.json()).toEqual({ status: 'ok' });
    await api.close();
  });
});
