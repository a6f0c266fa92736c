/**
 * The yearly statement: each donor of a calendar year (the organisation's, content/site.json
 * `timeZone`) gets one mail listing that year's gifts that count, net of refunds. Queued like a
 * campaign: one row per donor, so each donor is in a year once (primary key). Sending moves a
 * batch of rows to 'sent' in the transaction that puts their mails in the outbox, so a restart
 * resumes where it stopped and nobody is mailed twice; the outbox then delivers with its own
 * retries.
 *
 * Each row keeps a digest of what its last statement listed. Sending a year again queues only the
 * donors whose gifts arrived or changed since (a late notification, a refund), with a statement
 * that says which one it replaces, and the donors who were not in it yet: every donor ends with a
 * statement that matches every receipt they were sent. One donor's statement can be sent alone.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { yearBounds, zonedYear } from '../../../src/lib/organisation-calendar.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { countedCents } from './gift-status.ts';
import { statementMail, type StatementGift } from './receipt-mail.ts';
import type { Trx } from './trx.ts';

/** Statements written per transaction. */
export const STATEMENT_BATCH = 50;

type Gift = StatementGift & { name: string; lang: string; status: string };

/** The gifts of a year that count (completed, not refunded in full), oldest first; one donor's, or everyone's. */
export async function countingGifts(trx: Trx, year: number, email?: string): Promise<Gift[]> {
  const [from, to] = yearBounds(year);
  let query = trx
    .selectFrom('gifts')
    .select(['email', 'name', 'receipt_number', 'amount_cents', 'refunded_cents', 'paid_at', 'kind', 'lang', 'status'])
    .where('status', '=', 'completed')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to);
  if (email !== undefined) query = query.where('email', '=', email);
  const rows = await query.orderBy('paid_at').orderBy('receipt_number').execute();
  return rows.filter((gift) => countedCents(gift) > 0);
}

/** What a statement lists, as a short fingerprint: the same gifts with the same amounts give the same digest. */
export function statementDigest(gifts: readonly StatementGift[]): string {
  const lines = gifts.map((gift) => `${gift.receipt_number}|${Number(gift.amount_cents)}|${Number(gift.refunded_cents)}`).sort();
  return lines.length ? createHash('sha256').update(lines.join('\n')).digest('base64url') : '';
}

const byDonor = (gifts: Gift[]) => {
  const donors = new Map<string, Gift[]>();
  for (const gift of gifts) {
    const list = donors.get(gift.email);
    if (list) list.push(gift);
    else donors.set(gift.email, [gift]);
  }
  return donors;
};

/** The donors of a year not queued yet, and those sent a statement that no longer matches their gifts. */
async function statementChanges(trx: Trx, year: number): Promise<{ added: string[]; changed: string[] }> {
  const donors = byDonor(await countingGifts(trx, year));
  const rows = await trx.selectFrom('donation_statement_recipients').select(['email', 'status', 'sent_digest']).where('year', '=', year).execute();
  const known = new Set(rows.map((row) => row.email));
  const added = [...donors.keys()].filter((email) => !known.has(email)).sort();
  // A donor whose gifts were all refunded since gets a statement saying so; one never sent any gets none.
  const changed = rows.filter((row) => row.status === 'sent' && row.sent_digest !== null && row.sent_digest !== statementDigest(donors.get(row.email) ?? [])).map((row) => row.email);
  return { added, changed: changed.sort() };
}

export interface QueuedStatement {
  year: number;
  /** Donors in the year's statements, all told. */
  total: number;
  /** Statements queued now: donors new to the year and donors whose gifts changed. */
  queued: number;
  added: number;
  changed: number;
}

async function ensureStatement(trx: Trx, year: number, createdBy: string) {
  await trx
    .insertInto('donation_statements')
    .values({ year, total: 0, created_by: createdBy.slice(0, 200), created_at: new Date().toISOString(), finished_at: null })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
}

async function recount(trx: Trx, year: number, queued: number) {
  const { n } = await trx.selectFrom('donation_statement_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('year', '=', year).executeTakeFirstOrThrow();
  await trx.updateTable('donation_statements').set({ total: Number(n), ...(queued ? { finished_at: null } : {}) }).where('year', '=', year).execute();
  return Number(n);
}

async function queueRecipients(trx: Trx, year: number, added: string[], changed: string[]) {
  for (let i = 0; i < added.length; i += 500) {
    await trx
      .insertInto('donation_statement_recipients')
      .values(added.slice(i, i + 500).map((email) => ({ year, email, status: 'queued' as const, sent_at: null, sent_digest: null })))
      .onConflict((oc) => oc.columns(['year', 'email']).doNothing())
      .execute();
  }
  for (let i = 0; i < changed.length; i += 500) {
    await trx.updateTable('donation_statement_recipients').set({ status: 'queued' }).where('year', '=', year).where('email', 'in', changed.slice(i, i + 500)).execute();
  }
}

/** Queues a year's statements: the first time for every donor, after that for the donors new to it or whose gifts changed. */
export async function queueStatements(db: Db, year: number, createdBy: string): Promise<QueuedStatement> {
  return db.write(async (trx) => {
    await lockStatements(trx, db.dialect, year);
    await ensureStatement(trx, year, createdBy);
    const { added, changed } = await statementChanges(trx, year);
    await queueRecipients(trx, year, added, changed);
    const total = await recount(trx, year, added.length + changed.length);
    return { year, total, queued: added.length + changed.length, added: added.length, changed: changed.length };
  });
}

/** Queues one donor's statement of a year (again, if sent); false when no gift of theirs counts that year and none was sent. */
export async function queueDonorStatement(db: Db, year: number, email: string, createdBy: string): Promise<boolean> {
  return db.write(async (trx) => {
    await lockStatements(trx, db.dialect, year);
    const gifts = await countingGifts(trx, year, email);
    const row = await trx.selectFrom('donation_statement_recipients').select('sent_digest').where('year', '=', year).where('email', '=', email).executeTakeFirst();
    if (!gifts.length && !row?.sent_digest) return false;
    await ensureStatement(trx, year, createdBy);
    // The same statement again (the donor lost it) is sent as it was; a changed one says what it replaces.
    const same = row?.sent_digest === statementDigest(gifts);
    if (row) await trx.updateTable('donation_statement_recipients').set({ status: 'queued', ...(same ? { sent_digest: null } : {}) }).where('year', '=', year).where('email', '=', email).execute();
    else await queueRecipients(trx, year, [email], []);
    await recount(trx, year, 1);
    return true;
  });
}

/** Two administrators sending the same year at once queue each donor once (PostgreSQL; SQLite writes one at a time). */
async function lockStatements(trx: Trx, dialect: Db['dialect'], year: number) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`donation-statements:${year}`}, 0))`.execute(trx);
}

/** Writes the next batch of statements into the outbox; returns how many rows it settled (none: nothing queued) and the mails' outbox ids. */
export async function sendStatementBatch(db: Db, mailer: Mailer): Promise<{ settled: number; mailIds: string[] }> {
  return db.write(async (trx) => {
    const lock = db.dialect === 'postgres' ? sql` for update skip locked` : sql``;
    const { rows } = await sql<{ year: number; email: string; sent_at: string | null; sent_digest: string | null }>`
      select year, email, sent_at, sent_digest from donation_statement_recipients where status = 'queued' order by year, email limit ${STATEMENT_BATCH}${lock}`.execute(trx);
    if (!rows.length) return { settled: 0, mailIds: [] };
    const mails = [];
    const now = new Date().toISOString();
    for (const row of rows) {
      const year = Number(row.year);
      const gifts = await countingGifts(trx, year, row.email);
      const digest = statementDigest(gifts);
      // Sent before with other gifts: this one replaces it. Never sent and nothing counts (all refunded, or forgotten): none.
      const replaces = row.sent_digest ? row.sent_at : null;
      const due = gifts.length > 0 || Boolean(row.sent_digest);
      const lang = langOrDefault((gifts.at(-1) ?? (await lastGiftOf(trx, row.email)))?.lang);
      if (due && digest !== row.sent_digest) mails.push(statementMail(row.email, year, gifts, lang, { replaces, name: gifts.at(-1)?.name }));
      await trx
        .updateTable('donation_statement_recipients')
        .set({ status: 'sent', ...(due && digest !== row.sent_digest ? { sent_at: now, sent_digest: digest } : {}) })
        .where('year', '=', year)
        .where('email', '=', row.email)
        .execute();
    }
    for (const year of new Set(rows.map((row) => Number(row.year)))) {
      const left = await trx.selectFrom('donation_statement_recipients').select('email').where('year', '=', year).where('status', '=', 'queued').limit(1).executeTakeFirst();
      if (!left) await trx.updateTable('donation_statements').set({ finished_at: now }).where('year', '=', year).where('finished_at', 'is', null).execute();
    }
    return { settled: rows.length, mailIds: await mailer.enqueue(trx, mails) };
  });
}

/** The donor's latest gift of any standing, for the language of a statement that lists none. */
const lastGiftOf = (trx: Trx, email: string) => trx.selectFrom('gifts').select('lang').where('email', '=', email).orderBy('paid_at', 'desc').limit(1).executeTakeFirst();

/** What a set of counting gifts adds up to: its donors, its gifts and their net cents. */
function coverage(gifts: readonly Gift[]) {
  return { donors: new Set(gifts.map((gift) => gift.email)).size, gifts: gifts.length, cents: gifts.reduce((sum, gift) => sum + Number(gift.amount_cents) - Number(gift.refunded_cents), 0) };
}

export interface StatementYear {
  year: number;
  donors: number;
  gifts: number;
  cents: number;
  /** The organisation's current year: its statement covers the year so far. */
  current: boolean;
}

/** The years that have gifts that count, newest first, with their donors, gifts and total. */
export async function statementYears(db: Db, now = new Date()): Promise<StatementYear[]> {
  const counted = db.kysely.selectFrom('gifts').where('status', '=', 'completed').whereRef('amount_cents', '>', 'refunded_cents');
  const span = await counted.select((eb) => [eb.fn.min('paid_at').as('first'), eb.fn.max('paid_at').as('last')]).executeTakeFirst();
  if (!span?.first || !span.last) return [];
  const thisYear = zonedYear(now.toISOString());
  const years: StatementYear[] = [];
  for (let year = Math.min(zonedYear(span.last), thisYear); year >= zonedYear(span.first); year--) {
    const [from, to] = yearBounds(year);
    const row = await counted
      .select([(eb) => eb.fn.count<number>('email').distinct().as('donors'), (eb) => eb.fn.countAll<number>().as('gifts'), sql<number>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('cents')])
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .executeTakeFirstOrThrow();
    if (Number(row.gifts)) years.push({ year, donors: Number(row.donors), gifts: Number(row.gifts), cents: Number(row.cents), current: year === thisYear });
  }
  return years;
}

/**
 * What sending a year's statements would do now, for the confirmation: the year's donors, gifts
 * and total, and the part the send covers (every donor the first time; after that the donors new
 * to the year or whose gifts changed, with their gifts).
 */
export async function statementPreview(db: Db, year: number) {
  const gifts = await countingGifts(db.kysely, year);
  const { added, changed } = await statementChanges(db.kysely, year);
  const sent = await db.kysely.selectFrom('donation_statements').select('year').where('year', '=', year).executeTakeFirst();
  const covered = new Set([...added, ...changed]);
  const send = coverage(gifts.filter((gift) => covered.has(gift.email)));
  return { year, sentBefore: Boolean(sent), ...coverage(gifts), send: { ...send, donors: covered.size, added: added.length, changed: changed.length } };
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
  const progress = [];
  for (const row of rows) {
    const year = Number(row.year);
    const { added, changed } = await statementChanges(db.kysely, year);
    progress.push({ year, total: Number(row.total), sent: Number(row.sent ?? 0), outdated: added.length + changed.length, createdBy: row.created_by, createdAt: row.created_at, finishedAt: row.finished_at });
  }
  return progress;
}
