/**
 * The subscriber list for staff: a filtered newest-first page, unsubscribe and delete one, and
 * the weekly chart of new confirmations and unsubscribes over the last year.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { CHART_WEEKS, type SubscriberStatus } from '../../../src/lib/inbox.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { BadCursor } from './inbox-store.ts';
import { afterCursor, contains, decodeCursor, encodeCursor } from './paging.ts';
import type { SubscriberQuery } from './schemas.ts';

export interface SubscriberItem {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string | null;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** Why a bounced or complained address is no longer mailed (the mail server's answer, or the report). */
  stoppedReason: string | null;
}

export function filteredSubscribers(db: Kysely<Database>, query: SubscriberQuery): SelectQueryBuilder<any, any, any> {
  let builder = (db as Kysely<any>).selectFrom('subscribers').selectAll() as SelectQueryBuilder<any, any, any>;
  if (query.status) builder = builder.where('status', '=', query.status);
  if (query.q) builder = builder.where(contains('email', query.q.toLowerCase()));
  return builder.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function listSubscribers(db: Kysely<Database>, query: SubscriberQuery, pageSize: number) {
  let builder = filteredSubscribers(db, query);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw new BadCursor();
    builder = builder.where(afterCursor(cursor));
  }
  const rows = (await builder.limit(pageSize + 1).execute()) as Array<Database['subscribers']>;
  const page = rows.slice(0, pageSize);
  const items: SubscriberItem[] = page.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    source: row.source,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    stoppedReason: row.stopped_reason ?? null,
  }));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null };
}

/** 'unsubscribed', 'already', or 'missing'. */
export async function unsubscribeById(db: Db, id: string): Promise<'unsubscribed' | 'already' | 'missing'> {
  return db.write(async (trx) => {
    const row = await trx.selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) return 'missing';
    if (row.status === 'unsubscribed') return 'already';
    const now = new Date().toISOString();
    await trx.updateTable('subscribers').set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now }).where('id', '=', id).execute();
    return 'unsubscribed';
  });
}

/** Deletes one subscriber and the newsletter mail still waiting for that address. */
export async function deleteSubscriber(db: Db, id: string): Promise<boolean> {
  return db.write(async (trx) => {
    const row = await trx.selectFrom('subscribers').select('email').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('subscribers').where('id', '=', id).execute();
    await trx.deleteFrom('outbox').where('to_address', '=', row.email).where('sent_at', 'is', null).execute();
    return true;
  });
}

export interface ChartWeek {
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: string;
  confirmed: number;
  unsubscribed: number;
}

/** The Monday (UTC) of the week holding `date`. */
export function weekStartOf(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/** New confirmations and unsubscribes per week, oldest first, the current week last. */
export async function subscriberChart(db: Kysely<Database>, now = new Date()): Promise<ChartWeek[]> {
  const first = weekStartOf(now);
  first.setUTCDate(first.getUTCDate() - 7 * (CHART_WEEKS - 1));
  const weeks: ChartWeek[] = [];
  for (let i = 0; i < CHART_WEEKS; i++) {
    weeks.push({ weekStart: new Date(first.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10), confirmed: 0, unsubscribed: 0 });
  }
  const since = first.toISOString();
  // Counted per day in the database (at most 365 rows back), bucketed into weeks here.
  for (const [column, key] of [
    ['confirmed_at', 'confirmed'],
    ['unsubscribed_at', 'unsubscribed'],
  ] as const) {
    const days = await (db as Kysely<any>)
      .selectFrom('subscribers')
      .select((eb) => [eb.fn<string>('substr', [eb.ref(column), eb.val(1), eb.val(10)]).as('day'), eb.fn.countAll<number>().as('n')])
      .where(column, '>=', since)
      .groupBy('day')
      .execute();
    for (const { day, n } of days as Array<{ day: string; n: number }>) {
      const index = Math.floor((Date.parse(`${day}T00:00:00Z`) - first.getTime()) / (7 * 86_400_000));
      if (index >= 0 && index < CHART_WEEKS) weeks[index]![key] += Number(n);
    }
  }
  return weeks;
}
