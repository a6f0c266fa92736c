/**
 * The yearly statement: each donor of a calendar year gets one mail listing that year's
 * completed gifts. Queued like a campaign: one row per donor written with the statement, so a
 * year is queued once and each donor is in it once (primary keys). Sending moves a batch of rows
 * to 'sent' in the transaction that puts their mails in the outbox, so a restart resumes where it
 * stopped and nobody is mailed twice; the outbox then delivers with its own retries.
 */
import { sql } from 'kysely';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { statementMail } from './receipt-mail.ts';

/** Statements written per transaction. */
export const STATEMENT_BATCH = 50;

const yearRange = (year: number) => [`${year}-01-01T00:00:00.000Z`, `${year + 1}-01-01T00:00:00.000Z`] as const;

export interface QueuedStatement {
  year: number;
  total: number;
  /** False when the year had already been queued (nothing was added). */
  queued: boolean;
}

export async function queueStatements(db: Db, year: number, createdBy: string): Promise<QueuedStatement> {
  const [from, to] = yearRange(year);
  return db.write(async (trx) => {
    const existing = await trx.selectFrom('donation_statements').select('total').where('year', '=', year).executeTakeFirst();
    if (existing) return { year, total: Number(existing.total), queued: false };
    const donors = await trx
      .selectFrom('gifts')
      .select('email')
      .distinct()
      .where('status', '=', 'completed')
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .orderBy('email')
      .execute();
    await trx.insertInto('donation_statements').values({ year, total: donors.length, created_by: createdBy.slice(0, 200), created_at: new Date().toISOString(), finished_at: null }).execute();
    for (let i = 0; i < donors.length; i += 500) {
      await trx
        .insertInto('donation_statement_recipients')
        .values(donors.slice(i, i + 500).map(({ email }) => ({ year, email, status: 'queued' as const, sent_at: null })))
        .execute();
    }
    return { year, total: donors.length, queued: true };
  });
}

/** Writes the next batch of statements into the outbox; returns their outbox ids (none: nothing queued). */
export async function sendStatementBatch(db: Db, mailer: Mailer): Promise<string[]> {
  return db.write(async (trx) => {
    const lock = db.dialect === 'postgres' ? sql` for update skip locked` : sql``;
    const { rows } = await sql<{ year: number; email: string }>`select year, email from donation_statement_recipients where status = 'queued' order by year, email limit ${STATEMENT_BATCH}${lock}`.execute(trx);
    if (!rows.length) return [];
    const mails = [];
    const now = new Date().toISOString();
    for (const row of rows) {
      const year = Number(row.year);
      const [from, to] = yearRange(year);
      const gifts = await trx
        .selectFrom('gifts')
        .select(['email', 'receipt_number', 'amount_cents', 'paid_at', 'kind', 'lang'])
        .where('email', '=', row.email)
        .where('status', '=', 'completed')
        .where('paid_at', '>=', from)
        .where('paid_at', '<', to)
        .orderBy('paid_at')
        .execute();
      await trx.updateTable('donation_statement_recipients').set({ status: 'sent', sent_at: now }).where('year', '=', year).where('email', '=', row.email).execute();
      // A donor whose gifts were all refunded (or forgotten) since the statement was queued gets none.
      if (gifts.length) mails.push(statementMail(row.email, year, gifts, langOrDefault(gifts.at(-1)!.lang)));
    }
    for (const year of new Set(rows.map((row) => Number(row.year)))) {
      const left = await trx.selectFrom('donation_statement_recipients').select('email').where('year', '=', year).where('status', '=', 'queued').limit(1).executeTakeFirst();
      if (!left) await trx.updateTable('donation_statements').set({ finished_at: now }).where('year', '=', year).where('finished_at', 'is', null).execute();
    }
    return mailer.enqueue(trx, mails);
  });
}

export async function statementProgress(db: Db) {
  const rows = await db.kysely
    .selectFrom('donation_statements as s')
    .select((eb) => [
      's.year',
      's.total',
      's.created_by',
      's.created_at',
      's.finished_at',
      eb.selectFrom('donation_statement_recipients as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.year', '=', 's.year').where('r.status', '=', 'sent').as('sent'),
    ])
    .orderBy('s.year', 'desc')
    .execute();
  return rows.map((row) => ({ year: Number(row.year), total: Number(row.total), sent: Number(row.sent ?? 0), createdBy: row.created_by, createdAt: row.created_at, finishedAt: row.finished_at }));
}
