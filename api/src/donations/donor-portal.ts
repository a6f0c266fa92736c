/**
 * "Manage my giving": a donor asks with their address and gets a link that works once, for an
 * hour, and only for that address; opening it starts a short session in which the donor sees
 * their gifts, downloads receipts and statements again and stops a monthly gift. Only hashes of
 * the link's token and of the session's cookie are stored, so a copy of the database opens
 * nobody's giving.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { zonedYear } from '../../../src/lib/organisation-calendar.ts';
import type { Db } from '../db/index.ts';
import { countedCents } from './gift-status.ts';
import type { Trx } from './trx.ts';

/** How long a mailed link opens the donor's giving. */
export const LINK_MINUTES = 60;
/** How long a session opened by a link lasts. */
export const SESSION_MINUTES = 120;

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
const later = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/** A token or cookie value as we make them: 43 base64url characters. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isSecretShaped = (value: unknown): value is string => typeof value === 'string' && SECRET_PATTERN.test(value);

/** Whether anything was ever recorded for the address: a gift of any standing or a monthly gift. */
export async function isKnownDonor(trx: Trx, email: string): Promise<boolean> {
  const gift = await trx.selectFrom('gifts').select('id').where('email', '=', email).limit(1).executeTakeFirst();
  if (gift) return true;
  return Boolean(await trx.selectFrom('recurring_donors').select('subscr_id').where('email', '=', email).limit(1).executeTakeFirst());
}

/** A new link for the address (earlier unused ones keep working until they expire); returns its token. */
export async function createDonorLink(trx: Trx, email: string, lang: Lang, now = new Date()): Promise<string> {
  const at = now.toISOString();
  await trx.deleteFrom('donor_links').where('expires_at', '<', at).execute();
  await trx.deleteFrom('donor_sessions').where('expires_at', '<', at).execute();
  const token = newSecret();
  await trx.insertInto('donor_links').values({ token_hash: hash(token), email, lang, created_at: at, expires_at: later(now, LINK_MINUTES), used_at: null }).execute();
  return token;
}

export interface DonorSession {
  email: string;
  lang: Lang;
}

/**
 * Uses the link once: marks it used in the statement that checks it is unused and unexpired (two
 * requests with the same token: one wins), and starts a session. Null when the token is unknown,
 * used or expired.
 */
export async function openDonorLink(db: Db, token: string, now = new Date()): Promise<(DonorSession & { cookie: string }) | null> {
  if (!isSecretShaped(token)) return null;
  const at = now.toISOString();
  return db.write(async (trx) => {
    const link = await trx
      .updateTable('donor_links')
      .set({ used_at: at })
      .where('token_hash', '=', hash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning(['email', 'lang'])
      .executeTakeFirst();
    if (!link) return null;
    const cookie = newSecret();
    await trx.insertInto('donor_sessions').values({ id_hash: hash(cookie), email: link.email, lang: link.lang, created_at: at, expires_at: later(now, SESSION_MINUTES) }).execute();
    return { email: link.email, lang: langOrDefault(link.lang), cookie };
  });
}

/** The session a cookie value stands for, while it lasts. */
export async function donorSession(db: Db, cookie: string | undefined, now = new Date()): Promise<DonorSession | null> {
  if (!isSecretShaped(cookie)) return null;
  const row = await db.kysely.selectFrom('donor_sessions').select(['email', 'lang']).where('id_hash', '=', hash(cookie)).where('expires_at', '>', now.toISOString()).executeTakeFirst();
  return row ? { email: row.email, lang: langOrDefault(row.lang) } : null;
}

export async function endDonorSession(db: Db, cookie: string | undefined): Promise<void> {
  if (isSecretShaped(cookie)) await db.write((trx) => trx.deleteFrom('donor_sessions').where('id_hash', '=', hash(cookie)).execute());
}

/** What the donor's page lists: every gift (newest first), the years with a statement, each monthly gift. */
export async function donorGiving(db: Db, email: string) {
  const gifts = await db.kysely.selectFrom('gifts').selectAll().where('email', '=', email).orderBy('paid_at', 'desc').orderBy('id', 'desc').execute();
  const monthly = await db.kysely.selectFrom('recurring_donors').selectAll().where('email', '=', email).orderBy('signed_up_at', 'desc').orderBy('subscr_id').execute();
  const counted = gifts.filter((gift) => countedCents(gift) > 0);
  const years = [...new Set(counted.map((gift) => zonedYear(gift.paid_at)))].sort((a, b) => b - a);
  return {
    email,
    name: gifts[0]?.name || monthly[0]?.name || '',
    gifts: gifts.map((gift) => ({
      receiptNumber: gift.receipt_number,
      amountCents: Number(gift.amount_cents),
      refundedCents: Number(gift.refunded_cents),
      kind: gift.kind,
      status: gift.status,
      paidAt: gift.paid_at,
      /** A receipt exists for a payment that cleared (refunded ones keep theirs, marked). */
      hasReceipt: gift.status !== 'pending' && gift.status !== 'failed',
    })),
    statements: years.map((year) => ({ year, totalCents: counted.filter((gift) => zonedYear(gift.paid_at) === year).reduce((sum, gift) => sum + countedCents(gift), 0) })),
    monthly: monthly.map((row) => ({
      id: row.subscr_id,
      amountCents: Number(row.amount_cents),
      status: row.status,
      signedUpAt: row.signed_up_at,
      lastPaymentAt: row.last_payment_at,
      cancelledAt: row.cancelled_at,
      endedAt: row.ended_at,
      /** Where it is stopped: here (Subscriptions API) or on PayPal's automatic payments page (Payments Standard). */
      stopHere: row.source === 'subscriptions',
      cancelledBy: row.cancelled_by,
    })),
  };
}
export type DonorGiving = Awaited<ReturnType<typeof donorGiving>>;

/** The donor's own gift by its receipt number, for downloading the receipt again. */
export const donorGift = (db: Db, email: string, receiptNumber: string) =>
  db.kysely.selectFrom('gifts').selectAll().where('email', '=', email).where('receipt_number', '=', receiptNumber).executeTakeFirst();

/** The donor's own monthly gift. */
export const donorMonthly = (db: Db, email: string, subscrId: string) =>
  db.kysely.selectFrom('recurring_donors').selectAll().where('email', '=', email).where('subscr_id', '=', subscrId).executeTakeFirst();

/** Records that the donor stopped the monthly gift on the site (PayPal's cancellation webhook, arriving later, changes nothing more). */
export async function markStoppedByDonor(trx: Trx, subscrId: string, now: string): Promise<void> {
  await trx
    .updateTable('recurring_donors')
    .set({ status: 'cancelled', cancelled_at: sql<string>`coalesce(cancelled_at, ${now})`, cancelled_by: 'donor', updated_at: now })
    .where('subscr_id', '=', subscrId)
    .execute();
}
