/**
 * What the Donations screen reads: gifts newest first (search, dates, kind; keyset pages), the
 * totals of this month and this year, the monthly donors, one donor's history, the CSV export;
 * and forgetting a donor.
 */
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database, GiftsTable } from '../db/types.ts';
import { csvStream } from '../inbox/csv.ts';
import { contains, decodeCursor, encodeCursor } from '../inbox/paging.ts';
import { RECEIPT_TIME_ZONE } from './receipt-mail.ts';
import { GIFT_SEARCH, GIFT_SEARCH_MIN } from './search.ts';

export class BadGiftCursor extends Error {}

export interface GiftQuery {
  q?: string;
  from?: string;
  to?: string;
  kind?: 'one-time' | 'monthly';
  cursor?: string;
}

export interface GiftItem {
  id: string;
  receiptNumber: string;
  txnId: string;
  email: string;
  name: string;
  amountCents: number;
  kind: GiftsTable['kind'];
  status: GiftsTable['status'];
  lang: string;
  paidAt: string;
  refundedAt: string | null;
  receiptSentAt: string | null;
}

const item = (row: GiftsTable): GiftItem => ({
  id: row.id,
  receiptNumber: row.receipt_number,
  txnId: row.txn_id,
  email: row.email,
  name: row.name,
  amountCents: Number(row.amount_cents),
  kind: row.kind,
  status: row.status,
  lang: row.lang,
  paidAt: row.paid_at,
  refundedAt: row.refunded_at,
  receiptSentAt: row.receipt_sent_at,
});

/** Midnight at the organisation (Texas) on a calendar day, as an ISO instant. */
export function zonedMidnight(year: number, month: number, day: number): string {
  const noon = new Date(Date.UTC(year, month, day, 12));
  const name = new Intl.DateTimeFormat('en-US', { timeZone: RECEIPT_TIME_ZONE, timeZoneName: 'longOffset' }).formatToParts(noon).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(Date.UTC(year, month, day) - offsetMinutes * 60_000).toISOString();
}

/** A YYYY-MM-DD filter date as the start of that day at the organisation. */
const dayStart = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedMidnight(y, m - 1, d + plusDays);
};

function filtered(db: Kysely<Database>, query: GiftQuery, dialect: Db['dialect']): SelectQueryBuilder<Database, 'gifts', GiftsTable> {
  let builder = db.selectFrom('gifts').selectAll();
  if (query.from) builder = builder.where('paid_at', '>=', dayStart(query.from));
  if (query.to) builder = builder.where('paid_at', '<', dayStart(query.to, 1));
  if (query.kind) builder = builder.where('kind', '=', query.kind);
  const q = query.q?.trim().toLowerCase();
  if (q && dialect === 'sqlite' && [...q].length >= GIFT_SEARCH_MIN) {
    // An FTS5 phrase of the whole text: with the trigram tokenizer, a substring match.
    const phrase = `"${q.replace(/"/g, '""')}"`;
    builder = builder.where(sql<SqlBool>`rowid in (select rowid from gifts_search where body match ${phrase})`);
  } else if (q) builder = builder.where(contains(GIFT_SEARCH(), q));
  return builder.orderBy('paid_at', 'desc').orderBy('id', 'desc');
}

const after = (paidAt: string, id: string) => sql<SqlBool>`(paid_at, id) < (${paidAt}, ${id})`;

export async function listGifts(db: Db, query: GiftQuery, pageSize: number) {
  let builder = filtered(db.kysely, query, db.dialect);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw new BadGiftCursor();
    builder = builder.where(after(cursor.createdAt, cursor.id));
  }
  const rows = await builder.limit(pageSize + 1).execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { items: page.map(item), nextCursor: rows.length > pageSize && last ? encodeCursor({ created_at: last.paid_at, id: last.id }) : null };
}

export function giftsCsv(db: Db, query: GiftQuery, batch = 500): ReadableStream<Uint8Array> {
  return csvStream<GiftsTable>(
    ['Date', 'Receipt number', 'PayPal transaction', 'Name', 'Email', 'Amount (USD)', 'Kind', 'Status', 'Refunded', 'Language', 'Monthly subscription'],
    async (last) => {
      let builder = filtered(db.kysely, { ...query, cursor: undefined }, db.dialect);
      if (last) builder = builder.where(after(last.paid_at, last.id));
      return builder.limit(batch).execute();
    },
    (row) => [row.paid_at, row.receipt_number, row.txn_id, row.name, row.email, (Number(row.amount_cents) / 100).toFixed(2), row.kind, row.status, row.refunded_at, row.lang, row.subscr_id],
  );
}

export async function getGift(db: Kysely<Database>, id: string): Promise<GiftsTable | undefined> {
  return db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
}

async function totalsSince(db: Kysely<Database>, since: string) {
  const rows = await db
    .selectFrom('gifts')
    .select(['kind', (eb) => eb.fn.sum<number>('amount_cents').as('cents'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'completed')
    .where('paid_at', '>=', since)
    .groupBy('kind')
    .execute();
  const of = (kind: string) => rows.find((row) => row.kind === kind);
  return {
    oneTimeCents: Number(of('one-time')?.cents ?? 0),
    oneTimeCount: Number(of('one-time')?.n ?? 0),
    monthlyCents: Number(of('monthly')?.cents ?? 0),
    monthlyCount: Number(of('monthly')?.n ?? 0),
  };
}

/** The organisation's current year and month (Texas). */
export function localYearMonth(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: RECEIPT_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(now);
  return { year: Number(parts.find((p) => p.type === 'year')!.value), month: Number(parts.find((p) => p.type === 'month')!.value) - 1 };
}

export async function donationSummary(db: Kysely<Database>, now = new Date()) {
  const { year, month } = localYearMonth(now);
  const donors = await db.selectFrom('recurring_donors').selectAll().orderBy('updated_at', 'desc').orderBy('subscr_id').execute();
  // Only the ones still waiting or given up on: the verified and invalid ones grow without end.
  const notifications = await db
    .selectFrom('paypal_notifications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['received', 'failed'])
    .groupBy('status')
    .execute();
  return {
    year,
    month: month + 1,
    thisMonth: await totalsSince(db, zonedMidnight(year, month, 1)),
    thisYear: await totalsSince(db, zonedMidnight(year, 0, 1)),
    monthlyDonors: donors.map((row) => ({
      subscrId: row.subscr_id,
      email: row.email,
      name: row.name,
      amountCents: Number(row.amount_cents),
      status: row.status,
      signedUpAt: row.signed_up_at,
      lastPaymentAt: row.last_payment_at,
      lastFailedAt: row.last_failed_at,
      cancelledAt: row.cancelled_at,
      endedAt: row.ended_at,
    })),
    notifications: Object.fromEntries(notifications.map((row) => [row.status, Number(row.n)])) as Record<string, number>,
  };
}

/** Everything recorded for one address: its gifts (newest first) and its monthly subscriptions. */
export async function donorHistory(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const gifts = await db.selectFrom('gifts').selectAll().where('email', '=', address).orderBy('paid_at', 'desc').orderBy('id', 'desc').execute();
  const monthly = await db.selectFrom('recurring_donors').selectAll().where('email', '=', address).orderBy('updated_at', 'desc').execute();
  const completed = gifts.filter((gift) => gift.status === 'completed');
  return {
    email: address,
    name: gifts[0]?.name ?? monthly[0]?.name ?? '',
    totalCents: completed.reduce((sum, gift) => sum + Number(gift.amount_cents), 0),
    gifts: gifts.map(item),
    monthly: monthly.map((row) => ({ subscrId: row.subscr_id, amountCents: Number(row.amount_cents), status: row.status, signedUpAt: row.signed_up_at, cancelledAt: row.cancelled_at, endedAt: row.ended_at, lastPaymentAt: row.last_payment_at })),
  };
}

/** Removes a donor's gifts, monthly records, statement places and the PayPal notifications that name the address. */
export async function forgetDonor(trx: Transaction<Database> | Kysely<Database>, address: string): Promise<{ gifts: number; monthlyDonors: number }> {
  const gifts = Number((await trx.deleteFrom('gifts').where('email', '=', address).executeTakeFirst()).numDeletedRows);
  const monthlyDonors = Number((await trx.deleteFrom('recurring_donors').where('email', '=', address).executeTakeFirst()).numDeletedRows);
  await trx.deleteFrom('donation_statement_recipients').where('email', '=', address).execute();
  await trx.deleteFrom('paypal_notifications').where('payer_email', '=', address).execute();
  return { gifts, monthlyDonors };
}

export type { Db };
