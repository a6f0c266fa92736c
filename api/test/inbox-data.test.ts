/**
 * Forgetting a person, subscribers (list, unsubscribe, delete, weekly chart), CSV import rules and
 * CSV export (BOM, header, escaping, formula cells, filter applied, streamed with flat memory).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { csvCell, parseCsv } from '../src/inbox/csv.ts';
import { inboxCsv } from '../src/inbox/export.ts';
import { seedInbox, seededId } from '../bench/inbox-seed.ts';
import { count, describeBackends, makeApi, postJson, VALID, type TestApi } from './helpers.ts';
import { ADMIN, createAccounts, signIn } from './staff-helpers.ts';

const EXPORT_ROWS = 20_000;

describeBackends('inbox data', (backend) => {
  let api: TestApi;
  let cookie = '';
  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    cookie = await signIn(api, ADMIN.username, ADMIN.password);
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    const db = api.services.db.kysely;
    for (const table of ['contact_messages', 'volunteer_applications', 'partnership_inquiries', 'subscribers', 'outbox'] as const) await db.deleteFrom(table).execute();
  });

  const get = (path: string) => api.app.request(path, { headers: { cookie } });
  const post = (path: string, body: unknown) => postJson(api.app, path, body, { cookie });
  const importCsv = (text: string) => api.app.request('/api/subscribers/import', { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: text });

  it('forgets a person: every submission, the subscriber record and the mail to or about them, nobody else', async () => {
    const person = 'Amara@Example.org';
    await postJson(api.app, '/api/contact', { ...VALID.contact, email: person });
    await postJson(api.app, '/api/volunteer-application', { ...VALID.volunteer, email: person });
    await postJson(api.app, '/api/partnership-inquiry', { ...VALID.partnership, email: person });
    await postJson(api.app, '/api/newsletter-signup', { email: person });
    await postJson(api.app, '/api/contact', { ...VALID.contact, email: 'someone.else@example.org' });
    await api.services.mailer.settled();
    const outboxBefore = await count(api.services, 'outbox');
    const response = await post('/api/inbox/forget', { email: person });
    expect(response.status).toBe(200);
    const body = await response.json();
    // Acknowledgements and the confirmation to the person, staff notices carrying them as Reply-To.
    expect(body.removed).toEqual({ contact: 1, volunteer: 1, partnership: 1, subscribers: 1, outbox: 8, gifts: 0, monthlyDonors: 0 });
    expect(await count(api.services, 'contact_messages')).toBe(1);
    expect(await count(api.services, 'volunteer_applications')).toBe(0);
    expect(await count(api.services, 'partnership_inquiries')).toBe(0);
    expect(await count(api.services, 'subscribers')).toBe(0);
    expect(await count(api.services, 'outbox')).toBe(outboxBefore - 8);
    const left = await api.services.db.kysely.selectFrom('outbox').select(['to_address', 'headers', 'text_body']).execute();
    for (const mail of left) expect(`${mail.to_address} ${mail.headers} ${mail.text_body}`.toLowerCase()).not.toContain('amara@example.org');
    // Nor do the per-address mail cooldowns keep the address.
    const cooldowns = await api.services.db.kysely.selectFrom('mail_cooldowns').select('key').execute();
    expect(cooldowns.map((row) => row.key)).toEqual(['contact.ack:someone.else@example.org']);
  });

  it('lists subscribers with search and status, unsubscribes and deletes one', async () => {
    await seedInbox(api.services.db.kysely, 30, ['subscribers']);
    const confirmed = await (await get('/api/subscribers?status=confirmed&limit=100')).json();
    expect(confirmed.items).toHaveLength(10);
    expect(confirmed.items[0]).toMatchObject({ email: 'reader28@example.net', status: 'confirmed', source: 'https://sipa.example/newsletter' });
    expect((await (await get('/api/subscribers?q=READER2')).json()).items.map((s: { email: string }) => s.email)).toEqual(
      [29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 2].map((i) => `reader${i}@example.net`),
    );
    const id = seededId('d0', 28);
    expect((await post(`/api/subscribers/${id}/unsubscribe`, {})).status).toBe(200);
    const row = await api.services.db.kysely.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribed_at).toBeTruthy();
    expect((await post(`/api/subscribers/${id}/delete`, {})).status).toBe(200);
    expect(await count(api.services, 'subscribers')).toBe(29);
    expect((await post(`/api/subscribers/${id}/delete`, {})).status).toBe(404);
  });

  it('charts confirmations and unsubscribes per week over 52 weeks', async () => {
    const db = api.services.db.kysely;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const rows = [
      ['a@example.org', 'confirmed', day(0), null],
      ['b@example.org', 'confirmed', day(0), null],
      ['c@example.org', 'unsubscribed', day(15), day(1)],
      ['d@example.org', 'confirmed', day(400), null],
    ] as const;
    for (const [email, status, confirmedAt, unsubscribedAt] of rows) {
      await db.insertInto('subscribers').values({ id: crypto.randomUUID(), email, status, source: null, created_at: confirmedAt, updated_at: confirmedAt, confirmed_at: confirmedAt, unsubscribed_at: unsubscribedAt }).execute();
    }
    const { weeks } = await (await get('/api/subscribers/chart')).json();
    expect(weeks).toHaveLength(52);
    expect(new Date(`${weeks[51].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const totals = weeks.reduce((sum: { c: number; u: number }, w: { confirmed: number; unsubscribed: number }) => ({ c: sum.c + w.confirmed, u: sum.u + w.unsubscribed }), { c: 0, u: 0 });
    expect(totals).toEqual({ c: 3, u: 1 });
    expect(weeks[51].confirmed).toBe(2);
  });

  it('imports CSV: the newsletter schema checks each address, duplicates merge, consent decides, rejects are reported', async () => {
    await postJson(api.app, '/api/newsletter-signup', { email: 'already@example.org' });
    await api.services.mailer.settled();
    const outboxBefore = await count(api.services, 'outbox');
    const file = [
      'Email,Confirmed',
      'consented@example.org,2025-03-01',
      '"Quoted@Example.org",',
      'no-consent@example.org',
      'not an address,2025-01-01',
      'CONSENTED@example.org,2024-12-01',
      'bad-date@example.org,yesterday',
      'already@example.org,2025-01-01',
      '',
    ].join('\r\n');
    const response = await importCsv(file);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      confirmed: 1,
      pending: 2,
      duplicates: 1,
      existing: 1,
      rejected: [
        { line: 5, value: 'not an address', reason: 'Please enter a valid email' },
        { line: 7, value: 'bad-date@example.org', reason: 'The confirmed date is not a date (use YYYY-MM-DD)' },
      ],
    });
    const rows = await api.services.db.kysely.selectFrom('subscribers').select(['email', 'status', 'confirmed_at']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'already@example.org', status: 'pending', confirmed_at: null },
      { email: 'consented@example.org', status: 'confirmed', confirmed_at: '2024-12-01T00:00:00.000Z' },
      { email: 'no-consent@example.org', status: 'pending', confirmed_at: null },
      { email: 'quoted@example.org', status: 'pending', confirmed_at: null },
    ]);
    const mails = await api.services.db.kysely.selectFrom('outbox').select(['to_address', 'kind']).orderBy('to_address').execute();
    expect(mails.length - outboxBefore).toBe(2);
    expect(mails.filter((m) => m.kind === 'newsletter.confirm').map((m) => m.to_address)).toEqual(['already@example.org', 'no-consent@example.org', 'quoted@example.org']);
    expect((await importCsv('')).status).toBe(400);
    const wrongType = await api.app.request('/api/subscribers/import', { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' }, body: 'x' });
    expect(wrongType.status).toBe(415);
  });

  it('exports CSV with a BOM, a header, the filter applied, and formula cells neutralised', async () => {
    const risky = ['=HYPERLINK("http://evil")', '+1 555', '-2+3', '@SUM(A1)', 'Plain, with "quotes"\nand a line'];
    for (const [k, message] of risky.entries()) await postJson(api.app, '/api/contact', { ...VALID.contact, name: `Sender ${k}`, subject: `Topic ${k}`, message });
    await postJson(api.app, '/api/contact', { ...VALID.contact, name: 'Other', subject: 'Unrelated', message: 'nothing here' });
    const response = await get('/api/inbox/contact/export.csv?q=sender');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sipa-contact-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text).map((r) => r.cells);
    expect(rows[0]).toEqual(['Received', 'Status', 'Name', 'Email', 'Phone', 'Subject', 'Message', 'Staff note', 'Handled by', 'Handled at']);
    expect(rows).toHaveLength(1 + risky.length);
    const messages = rows.slice(1).map((r) => r[6]).reverse();
    expect(messages).toEqual(["'=HYPERLINK(\"http://evil\")", "'+1 555", "'-2+3", "'@SUM(A1)", 'Plain, with "quotes"\nand a line']);
    expect(text).toContain('"Plain, with ""quotes""\nand a line"');
    // The forms trim what visitors send, so tab and CR starts are checked on the cell writer.
    expect(csvCell('\tTabbed')).toBe("'\tTabbed");
    expect(csvCell('\rCR')).toBe('"\'\rCR"');
    expect(csvCell('café')).toBe('café');
  });

  it('neutralises the look-alikes of formula signs a spreadsheet also runs: fullwidth ＝ ＋ － ＠, small ﹦ ﹢ ﹣, minus −', async () => {
    const risky = ['＝HYPERLINK("http://evil")', '＋1+2', '－2+3', '＠SUM(A1)', '﹦1+1', '﹢1+1', '﹣2+3', '−2+3'];
    for (const [k, message] of risky.entries()) await postJson(api.app, '/api/contact', { ...VALID.contact, name: `Lookalike ${k}`, subject: `Sign ${k}`, message });
    const response = await get('/api/inbox/contact/export.csv?q=lookalike');
    expect(response.status).toBe(200);
    const rows = parseCsv(await response.text()).map((r) => r.cells[6]).slice(1);
    expect(rows.reverse()).toEqual(["'＝HYPERLINK(\"http://evil\")", "'＋1+2", "'－2+3", "'＠SUM(A1)", "'﹦1+1", "'﹢1+1", "'﹣2+3", "'−2+3"]);
    // Inside a cell the signs are text and stay as they are.
    expect(csvCell('1 − 2 ＝ −1')).toBe('1 − 2 ＝ −1');
  });

  // 20,000 rows are enough to show the shape (41 pages); the 100,000-row export is timed in `npm run bench`.
  it('streams an export page by page, never holding more than one page', async () => {
    await seedInbox(api.services.db.kysely, EXPORT_ROWS, ['contact']);
    // Counts the rows the database hands over, to compare with what the reader has taken.
    let fetched = 0;
    const counting = api.services.db.kysely.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        fetched += args.result.rows.length;
        return args.result;
      },
    });
    const reader = inboxCsv(counting, api.services.db.dialect, 'contact', {}).getReader();
    let rows = 0;
    let bytes = 0;
    let chunks = 0;
    let mostAhead = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 0x0a) rows++;
      mostAhead = Math.max(mostAhead, fetched - (rows - 1));
    }
    expect(rows).toBe(EXPORT_ROWS + 1);
    expect(fetched).toBe(EXPORT_ROWS);
    // One chunk per page of 500 rows plus the header, and the database is never read more than a
    // page ahead of the reader: memory holds one page, whatever the size of the export.
    expect(chunks).toBe(41);
    expect(mostAhead).toBeLessThanOrEqual(500);
    expect(bytes).toBeGreaterThan(2_000_000);
  }, 120_000);
});
