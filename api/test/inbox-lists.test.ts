/**
 * The inbox over 100,000 generated rows on both databases: search, filters, keyset paging (first
 * and deep pages, no row twice or missed), status changes one and many, the note, the detail
 * view, the count of new items. Timings are in `npm run bench`, not here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeCursor } from '../src/inbox/paging.ts';
import { contactRow, seedInbox, seededId, seededTime } from '../bench/inbox-seed.ts';
import { describeBackends, makeApi, postJson, VALID, type TestApi } from './helpers.ts';
import { ADMIN, createAccounts, signIn } from './staff-helpers.ts';

const ROWS = 100_000;
const VOLUNTEERS = 10_000;

describeBackends('inbox lists at 100,000 rows', (backend) => {
  let api: TestApi;
  let cookie = '';
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    cookie = await signIn(api, ADMIN.username, ADMIN.password);
    await seedInbox(api.services.db.kysely, ROWS, ['contact']);
    // The volunteer filters need variety, not volume: 10,000 applications.
    await seedInbox(api.services.db.kysely, VOLUNTEERS, ['volunteer']);
    // Seconds on an idle machine; generous for a shared one.
  }, 300_000);
  afterAll(() => api.close());

  const get = async (path: string) => {
    const response = await api.app.request(path, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const post = (path: string, body: unknown) => postJson(api.app, path, body, { cookie });

  it('pages newest first by keyset: the first page, the next, and a deep page', async () => {
    const first = await get('/api/inbox/contact');
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toEqual({ id: seededId('c0', 99_999), name: 'Visitor 99999', email: 'visitor99999@example.org', summary: contactRow(99_999).subject, status: 'new', createdAt: seededTime(99_999), lang: 'en' });
    expect(first.items[24].id).toBe(seededId('c0', 99_975));
    const second = await get(`/api/inbox/contact?cursor=${first.nextCursor}`);
    expect(second.items[0].id).toBe(seededId('c0', 99_974));
    const deep = await get(`/api/inbox/contact?limit=100&cursor=${encodeCursor({ created_at: seededTime(50_000), id: seededId('c0', 50_000) })}`);
    expect(deep.items.map((item: { id: string }) => item.id)).toEqual(Array.from({ length: 100 }, (_, k) => seededId('c0', 49_999 - k)));
    const last = await get(`/api/inbox/contact?cursor=${encodeCursor({ created_at: seededTime(3), id: seededId('c0', 3) })}`);
    expect(last.items.map((item: { id: string }) => item.id)).toEqual([2, 1, 0].map((i) => seededId('c0', i)));
    expect(last.nextCursor).toBeNull();
  });

  it('searches name, email, subject and message, case-insensitively, with filters, and pages through every match once', async () => {
    const byName = await get('/api/inbox/contact?q=visitor%2012345');
    expect(byName.items.map((item: { name: string }) => item.name)).toEqual(['Visitor 12345']);
    const byEmail = await get('/api/inbox/contact?q=VISITOR77777@EXAMPLE');
    expect(byEmail.items.map((item: { email: string }) => item.email)).toEqual(['visitor77777@example.org']);
    // "number 4242 asks" is in one message only (42420 … 42429 also start with "number 4242").
    const byMessage = await get('/api/inbox/contact?q=number%204242%20asks');
    expect(byMessage.items.map((item: { id: string }) => item.id)).toEqual([seededId('c0', 4242)]);
    // A literal % is not a wildcard.
    expect((await get('/api/inbox/contact?q=%25')).items).toEqual([]);

    // Subject word + status + date range: walk every page and compare with the generated rows.
    const from = '2025-01-10';
    const to = '2025-01-20';
    const expected: string[] = [];
    for (let i = ROWS - 1; i >= 0; i--) {
      const row = contactRow(i);
      const day = row.created_at.slice(0, 10);
      if (row.status === 'handled' && day >= from && day <= to && `${row.name} ${row.email} ${row.subject} ${row.message}`.toLowerCase().includes('garden')) expected.push(row.id);
    }
    expect(expected.length).toBeGreaterThan(100);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 100; page++) {
      const answer = await get(`/api/inbox/contact?q=Garden&status=handled&from=${from}&to=${to}&limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...answer.items.map((item: { id: string }) => item.id));
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('filters volunteer applications by interest and availability', async () => {
    const answer = await get('/api/inbox/volunteer?interest=mentor&availability=weekendMornings&limit=100');
    expect(answer.items.length).toBeGreaterThan(0);
    for (const item of answer.items) {
      const detail = await get(`/api/inbox/volunteer/${item.id}`);
      const fields = Object.fromEntries(detail.fields.map((f: { name: string; value: unknown }) => [f.name, f.value]));
      expect(fields.interests).toContain('mentor');
      expect(fields.availability).toContain('weekendMornings');
    }
  });

  it('changes status one at a time and in bulk, records who handled it, and counts new items', async () => {
    const before = await get('/api/inbox/counts');
    // Rows with i % 3 === 0 are new: 33,334 of 100,000 messages and 3,334 of 10,000 applications.
    expect(before).toEqual({ contact: 33_334, volunteer: 3_334, partnership: 0, total: 36_668 });
    const one = seededId('c0', 99_999);
    const single = await post('/api/inbox/contact/status', { ids: [one], status: 'in_progress' });
    expect(single.status).toBe(200);
    expect(await single.json()).toEqual({ updated: 1, status: 'in_progress' });
    const bulkIds = [99_996, 99_993, 99_990].map((i) => seededId('c0', i));
    const bulk = await post('/api/inbox/contact/status', { ids: bulkIds, status: 'handled' });
    expect(await bulk.json()).toEqual({ updated: 3, status: 'handled' });
    expect((await get('/api/inbox/counts')).contact).toBe(33_330);
    const handled = await get(`/api/inbox/contact/${bulkIds[0]}`);
    expect(handled.status).toBe('handled');
    expect(handled.handledBy).toBe('Director');
    expect(Date.now() - Date.parse(handled.handledAt)).toBeLessThan(60_000);
    const reopened = await post('/api/inbox/contact/status', { ids: [bulkIds[0]], status: 'new' });
    expect(reopened.status).toBe(200);
    const again = await get(`/api/inbox/contact/${bulkIds[0]}`);
    expect([again.status, again.handledBy, again.handledAt]).toEqual(['new', null, null]);
    expect((await post('/api/inbox/contact/status', { ids: ['00000000-0000-4000-8000-00000000abcd'], status: 'new' })).status).toBe(404);
  });

  it('shows every field exactly as sent, keeps a staff note, and lists new submissions from the forms', async () => {
    const hostile = { ...VALID.contact, subject: '<b>Bold</b> & "quoted"', message: '<script>alert(1)</script>\nLine two, café' };
    expect((await postJson(api.app, '/api/contact', hostile)).status).toBe(201);
    const top = (await get('/api/inbox/contact?q=alert(1)')).items[0];
    const detail = await get(`/api/inbox/contact/${top.id}`);
    expect(detail.fields).toEqual([
      { name: 'name', label: 'Name', value: 'Amara Okafor' },
      { name: 'email', label: 'Email', value: 'amara@example.org' },
      { name: 'phone', label: 'Phone', value: '(817) 555-0199' },
      { name: 'subject', label: 'Subject', value: '<b>Bold</b> & "quoted"' },
      { name: 'message', label: 'Message', value: '<script>alert(1)</script>\nLine two, café' },
    ]);
    expect([detail.status, detail.note, detail.subject]).toEqual(['new', '', '<b>Bold</b> & "quoted"']);
    const noted = await post(`/api/inbox/contact/${top.id}/note`, { note: '  Called back on Monday.\nWaiting for documents.  ' });
    expect(await noted.json()).toEqual({ note: 'Called back on Monday.\nWaiting for documents.' });
    expect((await get(`/api/inbox/contact/${top.id}`)).note).toBe('Called back on Monday.\nWaiting for documents.');
  });
});
