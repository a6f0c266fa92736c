/**
 * The treasurer's reports and the statements' year and preview, on SQLite and PostgreSQL, with
 * the clock at 1 December 2026 in Texas: gifts at 11:59 PM and 12:01 AM Central on both sides of
 * two New Years, a partial refund, a full one, a reversal, a pending and a failed payment. The
 * LYBUNT and SYBUNT lists, the monthly CSV, the years offered for statements and what a send
 * covers are pinned row by row.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { newId } from '../src/db/ids.ts';
import type { GiftsTable } from '../src/db/types.ts';
import { donationSummary } from '../src/donations/store.ts';
import { STATEMENT_YEAR_ERROR } from '../src/donations/schemas.ts';
import { staffCookies } from './broadcast-helpers.ts';
import { describeBackends, makeApi, type Backend, type TestApi } from './helpers.ts';

/** Noon on 1 December 2026 in Texas (CST, UTC-6). */
const NOW = new Date('2026-12-01T18:00:00.000Z');

type Gift = { email: string; name: string; cents: number; kind?: GiftsTable['kind']; at: string; status?: GiftsTable['status']; refunded?: number };

/** Instants in Central time written in UTC: CST is UTC-6 from November to March, CDT UTC-5 in summer. */
const GIFTS: Gift[] = [
  // Gave last year only: a one-time gift and a monthly payment at 11:59 PM on 31 December 2025 (already 2026 in UTC).
  { email: 'amina@example.org', name: 'Amina Diallo', cents: 10000, at: '2025-03-10T16:00:00.000Z' },
  { email: 'amina@example.org', name: 'Amina Diallo', cents: 2500, kind: 'monthly', at: '2026-01-01T05:59:00.000Z' },
  // Gave last year and at 12:01 AM on 1 January 2026: not lapsed.
  { email: 'baraka@example.org', name: 'Baraka Otieno', cents: 4000, at: '2025-06-01T15:00:00.000Z' },
  { email: 'baraka@example.org', name: 'Baraka Otieno', cents: 5000, at: '2026-01-01T06:01:00.000Z' },
  // Gave in 2021, $50 of $200 refunded: counts $150. The name a spreadsheet would run as a formula. Nobody gave in 2022 or 2023.
  { email: 'chidi@example.org', name: '=Chidi Eze', cents: 20000, at: '2021-05-05T15:00:00.000Z', refunded: 5000 },
  // Gave in 2024; a 2025 gift refunded in full counts nothing (not LYBUNT, and not the last gift).
  { email: 'dembe@example.org', name: 'Dembe Nakato', cents: 3000, at: '2024-02-10T16:00:00.000Z' },
  { email: 'dembe@example.org', name: 'Dembe Nakato', cents: 6000, at: '2025-08-15T15:00:00.000Z', status: 'refunded', refunded: 6000 },
  // Pending and failed payments count nowhere.
  { email: 'esi@example.org', name: 'Esi Mensah', cents: 9900, at: '2025-04-04T15:00:00.000Z', status: 'pending' },
  { email: 'esi@example.org', name: 'Esi Mensah', cents: 9900, at: '2026-03-03T16:00:00.000Z', status: 'pending' },
  { email: 'esi@example.org', name: 'Esi Mensah', cents: 1200, at: '2026-03-04T16:00:00.000Z', status: 'failed' },
  // This year: monthly in January and February ($5 of February's refunded), a reversed gift, and both sides of New Year 2027.
  { email: 'fatuma@example.org', name: 'Fatuma Juma', cents: 2500, kind: 'monthly', at: '2026-01-15T16:00:00.000Z' },
  { email: 'fatuma@example.org', name: 'Fatuma Juma', cents: 2500, kind: 'monthly', at: '2026-02-15T16:00:00.000Z', refunded: 500 },
  { email: 'fatuma@example.org', name: 'Fatuma Juma', cents: 8000, at: '2026-02-20T16:00:00.000Z', status: 'reversed' },
  { email: 'fatuma@example.org', name: 'Fatuma Juma', cents: 1000, at: '2027-01-01T05:59:00.000Z' },
  { email: 'fatuma@example.org', name: 'Fatuma Juma', cents: 1500, at: '2027-01-01T06:01:00.000Z' },
];

describeBackends('the treasurer’s reports and the statements’ years', (backend: Backend) => {
  let api: TestApi;
  let cookie: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    api = await makeApi(backend);
    cookie = (await staffCookies(api)).admin;
    await api.services.db.write(async (trx) => {
      let n = 0;
      for (const gift of GIFTS) {
        n++;
        await trx
          .insertInto('gifts')
          .values({
            id: newId(),
            txn_id: `TREASURER${String(n).padStart(4, '0')}`,
            receipt_number: `${gift.at.slice(0, 4)}-T${String(n).padStart(4, '0')}`,
            email: gift.email,
            name: gift.name,
            amount_cents: gift.cents,
            kind: gift.kind ?? 'one-time',
            subscr_id: gift.kind === 'monthly' ? `I-${gift.email.split('@')[0]}` : null,
            status: gift.status ?? 'completed',
            refunded_cents: gift.refunded ?? 0,
            lang: 'en',
            paid_at: gift.at,
            refunded_at: gift.refunded ? gift.at : null,
            receipt_sent_at: null,
            created_at: gift.at,
          })
          .execute();
      }
    });
  });
  afterAll(async () => {
    await api.close();
    vi.useRealTimers();
  });

  const get = (path: string) => api.app.request(path, { headers: { cookie } });
  const json = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.json() as Promise<any>;
  };
  const csvLines = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    return text.slice(1).split('\r\n');
  };

  test('LYBUNT: gave last year, nothing this year, with last year’s total, the lifetime total and the last gift', async () => {
    expect(await json('/api/donations/lapsed?list=lybunt')).toEqual({
      year: 2026,
      more: false,
      donors: [{ email: 'amina@example.org', name: 'Amina Diallo', lastYearCents: 12500, lifetimeCents: 12500, lastGiftAt: '2026-01-01T05:59:00.000Z' }],
    });
  });

  test('SYBUNT: gave in some year, nothing this year; newest last gift first, refunded gifts count nothing', async () => {
    const { donors } = await json('/api/donations/lapsed?list=sybunt');
    expect(donors).toEqual([
      { email: 'amina@example.org', name: 'Amina Diallo', lastYearCents: 12500, lifetimeCents: 12500, lastGiftAt: '2026-01-01T05:59:00.000Z' },
      { email: 'dembe@example.org', name: 'Dembe Nakato', lastYearCents: 0, lifetimeCents: 3000, lastGiftAt: '2024-02-10T16:00:00.000Z' },
      { email: 'chidi@example.org', name: '=Chidi Eze', lastYearCents: 0, lifetimeCents: 15000, lastGiftAt: '2021-05-05T15:00:00.000Z' },
    ]);
    expect(await csvLines('/api/donations/lapsed/export.csv?list=sybunt')).toEqual([
      'Name,Email,Given in 2025 (USD),Given in all (USD),Last gift (date)',
      'Amina Diallo,amina@example.org,125.00,125.00,2025-12-31',
      'Dembe Nakato,dembe@example.org,0.00,30.00,2024-02-10',
      "'=Chidi Eze,chidi@example.org,0.00,150.00,2021-05-05",
      '',
    ]);
  });

  test('the monthly summary in Central time: 11:59 PM on 31 December is that year, 12:01 AM on 1 January the next; net as the totals count it', async () => {
    expect(await csvLines('/api/donations/monthly/export.csv?year=2026')).toEqual([
      'Month,One-time (USD),Monthly (USD),Refunds and reversals (USD),Net (USD)',
      '2026-01 January,50.00,25.00,0.00,75.00',
      '2026-02 February,80.00,25.00,85.00,20.00',
      '2026-03 March,0.00,0.00,0.00,0.00',
      '2026-04 April,0.00,0.00,0.00,0.00',
      '2026-05 May,0.00,0.00,0.00,0.00',
      '2026-06 June,0.00,0.00,0.00,0.00',
      '2026-07 July,0.00,0.00,0.00,0.00',
      '2026-08 August,0.00,0.00,0.00,0.00',
      '2026-09 September,0.00,0.00,0.00,0.00',
      '2026-10 October,0.00,0.00,0.00,0.00',
      '2026-11 November,0.00,0.00,0.00,0.00',
      '2026-12 December,10.00,0.00,0.00,10.00',
      '2026 total,140.00,50.00,85.00,105.00',
      '',
    ]);
    const thisYear = (await donationSummary(api.services.db.kysely, NOW)).thisYear;
    expect(thisYear.oneTimeCents + thisYear.monthlyCents).toBe(10500);

    const lines = await csvLines('/api/donations/monthly/export.csv?year=2025');
    expect(lines.filter((line) => !line.endsWith(',0.00,0.00,0.00,0.00'))).toEqual([
      'Month,One-time (USD),Monthly (USD),Refunds and reversals (USD),Net (USD)',
      '2025-03 March,100.00,0.00,0.00,100.00',
      '2025-06 June,40.00,0.00,0.00,40.00',
      '2025-08 August,60.00,0.00,60.00,0.00',
      '2025-12 December,0.00,25.00,0.00,25.00',
      '2025 total,200.00,25.00,60.00,165.00',
      '',
    ]);
    for (const year of ['2027', '1999', '26', 'soon']) {
      const refused = await get(`/api/donations/monthly/export.csv?year=${year}`);
      expect(refused.status, year).toBe(400);
    }
  });

  test('statements: the years with gifts newest first (none without), this one so far; the preview’s counts; the current year can be sent', async () => {
    expect((await json('/api/donations/statements')).years).toEqual([
      { year: 2026, donors: 2, gifts: 4, cents: 10500, current: true },
      { year: 2025, donors: 2, gifts: 3, cents: 16500, current: false },
      { year: 2024, donors: 1, gifts: 1, cents: 3000, current: false },
      // 2022 and 2023 had no gift: they are not offered.
      { year: 2021, donors: 1, gifts: 1, cents: 15000, current: false },
    ]);
    expect(await json('/api/donations/statements/preview?year=2026')).toEqual({
      year: 2026,
      sentBefore: false,
      donors: 2,
      gifts: 4,
      cents: 10500,
      send: { donors: 2, gifts: 4, cents: 10500, added: 2, changed: 0 },
    });
    const sent = await api.app.request('/api/donations/statements', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ year: 2026 }) });
    expect(await sent.json()).toMatchObject({ year: 2026, queued: 2, message: 'Statements for 2026 queued for 2 donors.' });
    expect((await json('/api/donations/statements/preview?year=2026')).send).toEqual({ donors: 0, gifts: 0, cents: 0, added: 0, changed: 0 });

    const alone = await api.app.request('/api/donations/statements/donor', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ year: 2026, email: 'baraka@example.org' }) });
    expect(await alone.json()).toMatchObject({ message: 'The 2026 statement of baraka@example.org is on its way.' });

    for (const year of [2027, 1999]) {
      const refused = await api.app.request('/api/donations/statements', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ year }) });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(STATEMENT_YEAR_ERROR);
    }
  });
});
