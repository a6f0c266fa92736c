/**
 * The treasurer's reports on the Donations screen:
 *  - the donors who gave last year and not this year (LYBUNT), and those who gave in some year
 *    and not this one (SYBUNT), each with last year's total, the lifetime total and the last gift;
 *  - the monthly summary of a year for the accountant: per month, one-time and monthly gifts,
 *    refunds and reversals, and the net, as CSV.
 * Years and months are the organisation's (src/lib/organisation-calendar.ts). A gift counts as the
 * screen's totals count it (gift-status.ts countedCents): completed, net of what was refunded; a
 * gift refunded in full or reversed counts nothing, and what it lost is in the month it was given.
 * All sums are integer cents in the database and here; dollars are written only in the CSV.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { csvLine, BOM } from '../inbox/csv.ts';
import { yearBounds, zonedDateTime, zonedMidnight, zonedYearMonth } from '../../../src/lib/organisation-calendar.ts';
import { dollars } from './store.ts';

/** At most this many donors in a list on the screen (the newest last gift first); the CSV has them all. */
export const LAPSED_LIST_LIMIT = 500;

export interface LapsedDonor {
  email: string;
  name: string;
  lastYearCents: number;
  lifetimeCents: number;
  lastGiftAt: string;
}

/** A gift that counts: completed and not refunded in full. */
const COUNTED = sql<number>`case when status = 'completed' and amount_cents > refunded_cents then amount_cents - refunded_cents else 0 end`;

/**
 * LYBUNT: gave last year, nothing this year. SYBUNT: gave in some year before this one, nothing
 * this year (so every LYBUNT donor is one too). Newest last gift first.
 */
export async function lapsedDonors(db: Db, list: 'lybunt' | 'sybunt', now = new Date(), limit: number | null = LAPSED_LIST_LIMIT): Promise<{ year: number; donors: LapsedDonor[]; more: boolean }> {
  const { year } = zonedYearMonth(now);
  const [lastYearStart, thisYearStart] = yearBounds(year - 1);
  const inLastYear = sql<number>`sum(case when paid_at >= ${lastYearStart} and paid_at < ${thisYearStart} then ${COUNTED} else 0 end)`;
  const inThisYear = sql<number>`sum(case when paid_at >= ${thisYearStart} then ${COUNTED} else 0 end)`;
  const lifetime = sql<number>`sum(${COUNTED})`;
  const rows = await db.kysely
    .selectFrom('gifts as g')
    .select([
      'g.email',
      inLastYear.as('last_year'),
      lifetime.as('lifetime'),
      sql<string>`max(case when ${COUNTED} > 0 then paid_at end)`.as('last_gift_at'),
      (eb) => eb.selectFrom('gifts as n').select('n.name').whereRef('n.email', '=', 'g.email').orderBy('n.paid_at', 'desc').limit(1).as('name'),
    ])
    .where('g.status', '=', 'completed')
    .groupBy('g.email')
    .having(inThisYear, '=', 0)
    .having(list === 'lybunt' ? inLastYear : lifetime, '>', 0)
    .orderBy('last_gift_at', 'desc')
    .orderBy('g.email')
    .$if(limit !== null, (query) => query.limit(limit! + 1))
    .execute();
  const donors = rows.slice(0, limit ?? undefined).map((row) => ({
    email: row.email,
    name: row.name ?? '',
    lastYearCents: Number(row.last_year),
    lifetimeCents: Number(row.lifetime),
    lastGiftAt: row.last_gift_at,
  }));
  return { year, donors, more: limit !== null && rows.length > limit };
}

export interface MonthTotals {
  /** 1-12, in the organisation's time zone. */
  month: number;
  oneTimeCents: number;
  monthlyCents: number;
  /** What refunds and reversals took back from the month's gifts. */
  refundsCents: number;
  /** oneTime + monthly - refunds: what the month's gifts count for, as the screen's totals count them. */
  netCents: number;
}

/** Each month of a year: the gifts PayPal completed (one-time, monthly), what refunds took back, the net. */
export async function monthlySummary(db: Db, year: number): Promise<MonthTotals[]> {
  const months: MonthTotals[] = [];
  for (let month0 = 0; month0 < 12; month0++) {
    const rows = await db.kysely
      .selectFrom('gifts')
      .select(['kind', sql<number>`coalesce(sum(amount_cents), 0)`.as('gross'), sql<number>`coalesce(sum(${COUNTED}), 0)`.as('net')])
      // Refunded and reversed gifts had completed: their amount was given, then taken back.
      .where('status', 'in', ['completed', 'refunded', 'reversed'])
      .where('paid_at', '>=', zonedMidnight(year, month0, 1))
      .where('paid_at', '<', zonedMidnight(year, month0 + 1, 1))
      .groupBy('kind')
      .execute();
    const of = (kind: string) => rows.find((row) => row.kind === kind);
    const oneTimeCents = Number(of('one-time')?.gross ?? 0);
    const monthlyCents = Number(of('monthly')?.gross ?? 0);
    const netCents = Number(of('one-time')?.net ?? 0) + Number(of('monthly')?.net ?? 0);
    months.push({ month: month0 + 1, oneTimeCents, monthlyCents, refundsCents: oneTimeCents + monthlyCents - netCents, netCents });
  }
  return months;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The monthly summary as the accountant's CSV: one line a month and the year's total, dollars exact to the cent. */
export async function monthlySummaryCsv(db: Db, year: number): Promise<string> {
  const months = await monthlySummary(db, year);
  const sum = (key: keyof MonthTotals) => months.reduce((total, month) => total + month[key], 0);
  const lines = [csvLine(['Month', 'One-time (USD)', 'Monthly (USD)', 'Refunds and reversals (USD)', 'Net (USD)'])];
  for (const m of months) lines.push(csvLine([`${year}-${String(m.month).padStart(2, '0')} ${MONTH_NAMES[m.month - 1]}`, dollars(m.oneTimeCents), dollars(m.monthlyCents), dollars(m.refundsCents), dollars(m.netCents)]));
  lines.push(csvLine([`${year} total`, dollars(sum('oneTimeCents')), dollars(sum('monthlyCents')), dollars(sum('refundsCents')), dollars(sum('netCents'))]));
  return BOM + lines.join('');
}

/** The lapsed donors as CSV (the same list as the screen's, for a mail merge or the board). */
export function lapsedCsv(donors: readonly LapsedDonor[], year: number): string {
  const header = ['Name', 'Email', `Given in ${year - 1} (USD)`, 'Given in all (USD)', 'Last gift (date)'];
  return BOM + [csvLine(header), ...donors.map((d) => csvLine([d.name, d.email, dollars(d.lastYearCents), dollars(d.lifetimeCents), zonedDateTime(d.lastGiftAt).slice(0, 10)]))].join('');
}
