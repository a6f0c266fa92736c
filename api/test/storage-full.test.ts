/**
 * A full disk, simulated honestly: SQLite's own size limit (PRAGMA max_page_count) set to the
 * pages the database has, so the next write that needs a page fails exactly as on a full disk
 * (SQLITE_FULL). The API answers 503 with the form's own error state (JSON in the visitor's
 * language, the error page for a form posted without JavaScript), /api/health reports it, and
 * both recover once a write succeeds again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { count, healthDetails, makeApi, postForm, postJson, VALID, type TestApi } from './helpers.ts';
import { createAccounts, MEMBER, signIn } from './staff-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi('sqlite');
  await createAccounts(api);
});
afterAll(() => api.close());

const setMaxPages = (pages: number) => sql.raw(`PRAGMA max_page_count = ${pages}`).execute(api.services.db.kysely);
const long = (k: number) => ({ ...VALID.contact, name: `Filler ${k}`, message: `${'x'.repeat(4900)} ${k}` });

test('a full disk: 503 with the form\'s own error state, the error page without JavaScript, health says so; all recover', async () => {
  const cookie = await signIn(api, MEMBER.username, MEMBER.password);
  const lines: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  try {
    const { page_count: pages } = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(api.services.db.kysely)).rows[0]!;
    await setMaxPages(Number(pages));
    // Fill what is left of the last pages: at most a few posts fit.
    let answer: Response | null = null;
    for (let k = 0; k < 40 && (!answer || answer.status === 201); k++) answer = await postJson(api.app, '/api/contact', long(k));
    expect(answer!.status).toBe(503);
    expect(answer!.headers.get('retry-after')).toBe('300');
    expect(await answer!.json()).toEqual({ message: 'An unexpected error occurred. Please try again later.' });
    const rows = await count(api.services, 'contact_messages');

    // In the visitor's language, and as the error page for a plain form post.
    const french = await postJson(api.app, '/api/contact', { ...long(99), lang: 'fr' });
    expect(french.status).toBe(503);
    expect(((await french.json()) as { message: string }).message).toBe('Une erreur inattendue est survenue. Veuillez réessayer plus tard.');
    const form = await postForm(api.app, '/api/contact', Object.entries(long(100)) as Array<[string, string]>);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=contact#failed');

    const publicHealth = await api.app.request('/api/health');
    expect(publicHealth.status).toBe(503);
    expect(await publicHealth.json()).toEqual({ status: 'storage-full' });
    const details = await healthDetails(api.app);
    expect(details.status).toBe('storage-full');
    expect(details.storage).toMatchObject({ ok: false, fullSince: expect.any(String) });
    expect(await count(api.services, 'contact_messages')).toBe(rows);
    // The staff side answers the same way (a small write may still fit in the last page).
    const task = await api.app.request('/api/tasks', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ content: 'x'.repeat(400) }) });
    expect([201, 503]).toContain(task.status);
    // One line per refused write, no stack.
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^api: POST \/api\/(contact|tasks): the disk or database is full; nothing was stored \(/);

    // Space again: the next write goes through and health is back to ok.
    await setMaxPages(1_073_741_823);
    expect((await postJson(api.app, '/api/contact', long(200))).status).toBe(201);
    const healthy = await api.app.request('/api/health');
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok' });
  } finally {
    errors.mockRestore();
  }
});
