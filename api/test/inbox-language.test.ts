/** Each inbox item says which language its sender wrote in: in the list and in the detail view. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeBackends, makeApi, postJson, VALID, type TestApi } from './helpers.ts';
import { ADMIN, createAccounts, signIn } from './staff-helpers.ts';

describeBackends('the inbox names the sender\'s language', (backend) => {
  let api: TestApi;
  let cookie = '';
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    cookie = await signIn(api, ADMIN.username, ADMIN.password);
    for (const lang of ['en', 'fr', 'sw'] as const) {
      expect((await postJson(api.app, '/api/contact', { ...VALID.contact, email: `writer.${lang}@example.org`, lang })).status).toBe(201);
    }
  });
  afterAll(() => api.close());

  test('each list item and its detail carry the language of the page it was sent from', async () => {
    const list = (await (await api.app.request('/api/inbox/contact', { headers: { cookie } })).json()) as { items: Array<{ id: string; email: string; lang: string }> };
    expect(Object.fromEntries(list.items.map((item) => [item.email, item.lang]))).toEqual({ 'writer.en@example.org': 'en', 'writer.fr@example.org': 'fr', 'writer.sw@example.org': 'sw' });
    const french = list.items.find((item) => item.email === 'writer.fr@example.org')!;
    const detail = (await (await api.app.request(`/api/inbox/contact/${french.id}`, { headers: { cookie } })).json()) as { lang: string };
    expect(detail.lang).toBe('fr');
  });
});
