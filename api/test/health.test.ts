import { expect, test } from 'vitest';
import { describeBackends, makeApi } from './helpers.ts';

describeBackends('GET /api/health', (backend) => {
  test('reports the database and the mail transport, and 503 when the database is gone', async () => {
    const api = await makeApi(backend);
    const up = await api.app.request('/api/health');
    expect(up.status).toBe(200);
    expect(up.headers.get('cache-control')).toBe('no-store');
    expect(await up.json()).toMatchObject({ status: 'ok', database: { dialect: backend, ok: true }, mail: { transport: 'outbox', ok: true, pending: 0 } });
    await api.services.db.close();
    const down = await api.app.request('/api/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'down', database: { dialect: backend, ok: false }, mail: { transport: 'outbox', ok: false } });
    // A submission while the database is down is an honest 500, not a false success.
    const refused = await api.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a', email: 'a@b.org', subject: 's', message: 'm' }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    await api.close().catch(() => {});
  });
});
