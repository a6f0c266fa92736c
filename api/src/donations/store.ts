/**
 * What the Donations screen reads: gifts newest first (search, dates, kind; keyset pages), the
 * totals of this month and this year, the monthly donors, one donor's history, the CSV export;
 * and forgetting a donor.
 */
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database, GiftRow, GiftsTable } from '../db/types.ts';
import { csvStream } from '../inbox/csv.ts';
import { contains, decodeCursor, encodeCursor } from '../inbox/paging.ts';
import { dayStart, zonedDateTime, zonedMidnight, zonedYearMonth } from '../../../src/lib/organisation-calendar.ts';
import { zoneName } from '../../../src/lib/newsletter-schedule.ts';
import { countedCents } from './gift-status.ts';
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
  /** What was refunded of it; what counts is amountCents - refundedCents, when completed. */
  refundedCents: number;
  netCents: number;
  kind: GiftsTable['kind'];
  status: GiftsTable['status'];
  lang: string;
  paidAt: string;
  refundedAt: string | null;
  receiptSentAt: string | null;
}

const item = (row: GiftRow): GiftItem => ({
  id: row.id,
  receiptNumber: row.receipt_number,
  txnId: row.txn_id,
  email: row.email,
  name: row.name,
  amountCents: Number(row.amount_cents),
  refundedCents: Number(row.refunded_cents),
  netCents: Number(row.amount_cents) - Number(row.refunded_cents),
  kind: row.kind,
  status: row.status,
  lang: row.lang,
  paidAt: row.paid_at,
  refundedAt: row.refunded_at,
  receiptSentAt: row.receipt_sent_at,
});

function filtered(db: Kysely<Database>, query: GiftQuery, dialect: Db['dialect']): SelectQueryBuilder<Database, 'gifts', GiftRow> {
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

/** Cents as a spreadsheet's dollars, exactly: 4050 is 40.50 (no float on the way). */
export const dollars = (cents: number | string) => {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export function giftsCsv(db: Db, query: GiftQuery, batch = 500): ReadableStream<Uint8Array> {
  return csvStream<GiftRow>(
    [`Date (${zoneName()})`, 'Receipt number', 'PayPal transaction', 'Name', 'Email', 'Amount (USD)', 'Refunded (USD)', 'Counted (USD)', 'Kind', 'Status', 'Refunded on', 'Language', 'Monthly subscription'],
    async (last) => {
      let builder = filtered(db.kysely, { ...query, cursor: undefined }, db.dialect);
      if (last) builder = builder.where(after(last.paid_at, last.id));
      return builder.limit(batch).execute();
    },
    (row) => [
      zonedDateTime(row.paid_at),
      row.receipt_number,
      row.txn_id,
      row.name,
      row.email,
      dollars(row.amount_cents),
      dollars(row.refunded_cents),
      dollars(countedCents(row)),
      row.kind,
      row.status,
      row.refunded_at ? zonedDateTime(row.refunded_at) : null,
      row.lang,
      row.subscr_id,
    ],
  );
}

export async function getGift(db: Kysely<Database>, id: string): Promise<GiftRow | undefined> {
  return db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
}

async function totalsBetween(db: Kysely<Database>, since: string, until: string) {
  const counted = sql<number>`sum(amount_cents - refunded_cents)`;
  const rows = await db
    .selectFrom('gifts')
    .select(['kind', counted.as('cents'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'completed')
    .where('paid_at', '>=', since)
    .where('paid_at', '<', until)
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

/** The organisation's current year and month (0-11). */
export const localYearMonth = (now = new Date()) => zonedYearMonth(now);

/** Payments PayPal has not cleared yet (an eCheck takes days): shown, counted nowhere. */
async function pendingGifts(db: Kysely<Database>) {
  const row = await db.selectFrom('gifts').select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')]).where('status', '=', 'pending').executeTakeFirst();
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}

export async function donationSummary(db: Kysely<Database>, now = new Date()) {
  const { year, month } = localYearMonth(now);
  const donors = await db.selectFrom('recurring_donors').selectAll().orderBy('updated_at', 'desc').orderBy('subscr_id').execute();
  // Only the ones still waiting or given up on: the verified and invalid ones grow without end.
  const notifications = [];
  // IPN notifications and REST webhooks alike: what PayPal has not verified yet, or could not.
  for (const table of ['paypal_notifications', 'paypal_webhooks'] as const) {
    notifications.push(
      ...(await db
        .selectFrom(table)
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['received', 'failed'])
        .groupBy('status')
        .execute()),
    );
  }
  return {
    year,
    month: month + 1,
    thisMonth: await totalsBetween(db, zonedMidnight(year, month, 1), zonedMidnight(year, month + 1, 1)),
    thisYear: await totalsBetween(db, zonedMidnight(year, 0, 1), zonedMidnight(year + 1, 0, 1)),
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
      /** Which PayPal path the donor is on: Payments Standard (IPN) or Subscriptions v1 (webhooks). */
      source: row.source,
      /** 'donor': stopped by the donor on the site ("Manage my giving"); null: by PayPal's own page or PayPal. */
      cancelledBy: row.cancelled_by,
    })),
    pending: await pendingGifts(db),
    notifications: notifications.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + Number(row.n) }), {}),
  };
}

/** Everything recorded for one address: its gifts (newest first) and its monthly subscriptions. */
export async function donorHistory(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const gifts = await db.selectFrom('gifts').selectAll().where('email', '=', address).orderBy('paid_at', 'desc').orderBy('id', 'desc').execute();
  const monthly = await db.selectFrom('recurring_donors').selectAll().where('email', '=', address).orderBy('updated_at', 'desc').execute();
  const completed = gifts.filter((gift) => countedCents(gift) > 0);
  return {
    email: address,
    name: gifts[0]?.name ?? monthly[0]?.name ?? '',
    totalCents: completed.reduce((sum, gift) => sum + countedCents(gift), 0),
    countedGifts: completed.length,
    gifts: gifts.map(item),
    monthly: monthly.map((row) => ({ subscrId: row.subscr_id, amountCents: Number(row.amount_cents), status: row.status, signedUpAt: row.signed_up_at, cancelledAt: row.cancelled_at, endedAt: row.ended_at, lastPaymentAt: row.last_payment_at, cancelledBy: row.cancelled_by, source: row.source })),
  };
}

/** Removes a donor's gifts, monthly records, statement places and the PayPal notifications that name the address. */
export async function forgetDonor(trx: Transaction<Database> | Kysely<Database>, address: string): Promise<{ gifts: number; monthlyDonors: number }> {
  const txnIds = trx.selectFrom('gifts').select('txn_id').where('email', '=', address);
  await trx.deleteFrom('gift_adjustments').where((eb) => eb.or([eb('payer_email', '=', address), eb('parent_txn_id', 'in', txnIds)])).execute();
  const gifts = Number((await trx.deleteFrom('gifts').where('email', '=', address).executeTakeFirst()).numDeletedRows);
  const monthlyDonors = Number((await trx.deleteFrom('recurring_donors').where('email', '=', address).executeTakeFirst()).numDeletedRows);
  await trx.deleteFrom('donation_statement_recipients').where('email', '=', address).execute();
  await trx.deleteFrom('paypal_notifications').where('payer_email', '=', address).execute();
  // A webhook names the address inside its JSON (a subscription's subscriber): found by its quoted form.
  const quoted = `%${JSON.stringify(address).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  await sql`delete from paypal_webhooks where lower(body) like ${quoted} escape '\\'`.execute(trx);
  await trx.deleteFrom('donor_links').where('email', '=', address).execute();
  await trx.deleteFrom('donor_sessions').where('email', '=', address).execute();
  return { gifts, monthlyDonors };
}

export type { Db };
