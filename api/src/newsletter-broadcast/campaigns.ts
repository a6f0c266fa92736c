/**
 * Campaigns as staff see them: queuing (the campaign row and one recipient row per confirmed
 * subscriber of its audience in one transaction), scheduling (the campaign row alone, its
 * recipients queued when it is started), the live counts, the history, and pause, resume and cancel.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { NewsletterCampaignsTable } from '../db/types.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, LANG_CODES, type Lang } from '../../../src/lib/i18n/languages.ts';
import { audienceTotal, type AudienceCounts } from '../../../src/lib/newsletter-audience.ts';

export interface CampaignCounts {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Still to be sent: queued, waiting for a retry, or being sent. */
  remaining: number;
  /** Refused for good by the mail server, or reported bounced by the provider (their addresses are no longer mailed). */
  bounced: number;
  /** Reported as spam by the recipient (through the provider's webhook). */
  complained: number;
}

export interface CampaignSummary extends CampaignCounts {
  id: string;
  subject: string;
  status: NewsletterCampaignsTable['status'];
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  pausedReason: string | null;
  /** Messages per second over the last minute of sending (0 when nothing was sent in it). */
  ratePerSecond: number;
  /** The mail server has failed every message since `since`; the campaign keeps trying by itself. */
  deliveryProblem: { since: string; lastError: string | null } | null;
  /** The language of the subscribers it goes to; null: every confirmed subscriber. */
  audienceLang: Lang | null;
  /** When it starts (or started), if it was scheduled; null when it was sent at once. */
  scheduledAt: string | null;
}

const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** Confirmed subscribers per language they signed up in (an unknown or missing one counts as the default, as their mail's footer does). */
export async function audienceByLanguage(db: Db): Promise<AudienceCounts> {
  const rows = await db.kysely
    .selectFrom('subscribers')
    .select(['lang', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'confirmed')
    .groupBy('lang')
    .execute();
  const counts = Object.fromEntries(LANG_CODES.map((lang) => [lang, 0])) as AudienceCounts;
  for (const row of rows) counts[langOrDefault(row.lang)] += Number(row.n);
  return counts;
}

/**
 * The subscribers of one language, as audienceByLanguage counts them: the default language also
 * takes a missing or unknown one (their mail's footer is in it too).
 */
function inLanguage(lang: Lang | null): RawBuilder<unknown> {
  if (!lang) return sql``;
  if (lang !== DEFAULT_LANG) return sql` and lang = ${lang}`;
  const others = LANG_CODES.filter((code) => code !== DEFAULT_LANG);
  return sql` and (lang is null or lang not in (${sql.join(others)}))`;
}

/** Copies the campaign's audience into its recipients, numbered in a stable order, in one statement whatever its size; returns how many. */
async function queueRecipients(trx: Parameters<Parameters<Db['write']>[0]>[0], id: string, lang: Lang | null): Promise<number> {
  const inserted = await sql`
    insert into newsletter_recipients (campaign_id, seq, subscriber_id, email, status, attempts)
    select ${id}, row_number() over (order by id), id, email, 'queued', 0 from subscribers where status = 'confirmed'${inLanguage(lang)}`.execute(trx);
  const count = Number(inserted.numAffectedRows ?? 0);
  await trx.updateTable('newsletter_campaigns').set({ total: count }).where('id', '=', id).execute();
  return count;
}

export interface QueueInput {
  subject: string;
  bodyHtml: string;
  bodyText: string;
  createdBy: string;
  /** Only the confirmed subscribers of this language; every confirmed subscriber when null or left out. */
  lang?: Lang | null;
  /** When to start (ISO); at once when null or left out. */
  scheduledAt?: string | null;
}

/**
 * Creates the campaign and, when it starts at once, its recipients in one transaction; resolves
 * once both are committed. A scheduled campaign is the row alone, its total the audience as it
 * is now: its recipients are queued when the runner starts it (startCampaign), so whoever
 * confirms or leaves meanwhile is counted then.
 */
export async function queueCampaign(db: Db, input: QueueInput): Promise<{ id: string; total: number }> {
  const id = randomUUID();
  const lang = input.lang ?? null;
  const scheduledAt = input.scheduledAt ?? null;
  let estimate = 0;
  if (scheduledAt) {
    const audience = await audienceByLanguage(db);
    estimate = lang ? audience[lang] : audienceTotal(audience);
  }
  const total = await db.write(async (trx) => {
    await trx
      .insertInto('newsletter_campaigns')
      .values({
        id,
        subject: input.subject,
        body_html: input.bodyHtml,
        body_text: input.bodyText,
        status: scheduledAt ? 'scheduled' : 'running',
        total: estimate,
        created_by: input.createdBy,
        created_at: iso(),
        finished_at: null,
        paused_reason: null,
        lease_owner: null,
        lease_until: null,
        audience_lang: lang,
        scheduled_at: scheduledAt,
      })
      .execute();
    return scheduledAt ? estimate : queueRecipients(trx, id, lang);
  });
  return { id, total };
}

/** The scheduled campaigns whose time has come, oldest first. */
export async function dueCampaigns(db: Db, now: number = Date.now()): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('newsletter_campaigns')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', iso(now))
    .orderBy('scheduled_at')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Starts a due scheduled campaign: one atomic UPDATE from 'scheduled' to 'running' claims it, and
 * the same transaction queues its recipients. Several servers on one database may try at once;
 * the UPDATE's condition lets one through (PostgreSQL re-reads the row once the first commits,
 * SQLite runs one writer at a time), so its recipients are queued once and it is sent once.
 * False when another server started it, staff cancelled it, or it is not due yet.
 */
export async function startCampaign(db: Db, id: string, now: number = Date.now()): Promise<boolean> {
  return db.write(async (trx) => {
    const claimed = await trx
      .updateTable('newsletter_campaigns')
      .set({ status: 'running' })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .where('scheduled_at', '<=', iso(now))
      .returning('audience_lang')
      .executeTakeFirst();
    if (!claimed) return false;
    await queueRecipients(trx, id, claimed.audience_lang ? langOrDefault(claimed.audience_lang) : null);
    return true;
  });
}

/** Starts every due scheduled campaign this server can claim; returns how many it started. */
export async function startDueCampaigns(db: Db, now: number = Date.now()): Promise<number> {
  let started = 0;
  for (const id of await dueCampaigns(db, now)) if (await startCampaign(db, id, now)) started += 1;
  return started;
}

async function countsOf(db: Db, ids: string[]): Promise<Map<string, CampaignCounts & { recent: number }>> {
  const result = new Map<string, CampaignCounts & { recent: number }>();
  if (!ids.length) return result;
  const rows = await db.kysely
    .selectFrom('newsletter_recipients')
    .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', 'in', ids)
    .groupBy(['campaign_id', 'status'])
    .execute();
  const since = new Date(Date.now() - 60_000).toISOString();
  const recent = await db.kysely
    .selectFrom('newsletter_recipients')
    .select(['campaign_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('sent_at').as('first')])
    .where('campaign_id', 'in', ids)
    .where('status', '=', 'sent')
    .where('sent_at', '>=', since)
    .groupBy('campaign_id')
    .execute();
  const feedback = await db.kysely
    .selectFrom('newsletter_recipients')
    .select(['campaign_id', 'feedback', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', 'in', ids)
    .where('feedback', 'is not', null)
    .groupBy(['campaign_id', 'feedback'])
    .execute();
  for (const id of ids) result.set(id, { total: 0, sent: 0, failed: 0, skipped: 0, remaining: 0, bounced: 0, complained: 0, recent: 0 });
  for (const row of feedback) {
    const counts = result.get(row.campaign_id)!;
    if (row.feedback === 'bounced') counts.bounced += Number(row.n);
    else if (row.feedback === 'complained') counts.complained += Number(row.n);
  }
  for (const row of rows) {
    const counts = result.get(row.campaign_id)!;
    const n = Number(row.n);
    counts.total += n;
    if (row.status === 'sent') counts.sent += n;
    else if (row.status === 'failed') counts.failed += n;
    else if (row.status === 'skipped') counts.skipped += n;
    else counts.remaining += n;
  }
  for (const row of recent) {
    const counts = result.get(row.campaign_id)!;
    // Messages per second since the first one of the last minute (at least one second).
    const seconds = Math.max(1, (Date.now() - Date.parse(String(row.first))) / 1000);
    counts.recent = Math.round((Number(row.n) / seconds) * 10) / 10;
  }
  return result;
}

type SummaryRow = Omit<NewsletterCampaignsTable, 'body_html' | 'body_text' | 'lease_owner' | 'lease_until'>;

function summarise(row: SummaryRow, counts: CampaignCounts & { recent: number }): CampaignSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    pausedReason: row.paused_reason,
    total: row.total,
    sent: counts.sent,
    failed: counts.failed,
    skipped: counts.skipped,
    remaining: counts.remaining,
    bounced: counts.bounced,
    complained: counts.complained,
    ratePerSecond: row.status === 'running' ? counts.recent : 0,
    deliveryProblem: row.status === 'running' && row.outage_since ? { since: row.outage_since, lastError: row.outage_error ?? null } : null,
    audienceLang: row.audience_lang ? langOrDefault(row.audience_lang) : null,
    scheduledAt: row.scheduled_at ?? null,
  };
}

const SUMMARY_COLUMNS = ['id', 'subject', 'status', 'total', 'created_by', 'created_at', 'finished_at', 'paused_reason', 'outage_since', 'outage_error', 'audience_lang', 'scheduled_at'] as const;

export async function listCampaigns(db: Db, limit = 20): Promise<CampaignSummary[]> {
  const rows = await db.kysely.selectFrom('newsletter_campaigns').select(SUMMARY_COLUMNS).orderBy('created_at', 'desc').limit(limit).execute();
  const counts = await countsOf(db, rows.map((r) => r.id));
  return rows.map((row) => summarise(row, counts.get(row.id)!));
}

export async function getCampaign(db: Db, id: string): Promise<CampaignSummary | null> {
  const row = await db.kysely.selectFrom('newsletter_campaigns').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const counts = await countsOf(db, [id]);
  return summarise(row, counts.get(id)!);
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** Applies a staff action; false when the campaign is in no state for it (finished, already cancelled). A scheduled campaign can be cancelled until it starts. */
export async function changeCampaign(db: Db, id: string, action: CampaignAction): Promise<boolean> {
  return db.write(async (trx) => {
    const from: Array<NewsletterCampaignsTable['status']> = action === 'pause' ? ['running'] : action === 'resume' ? ['paused'] : ['scheduled', 'running', 'paused'];
    const to = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
    const result = await trx
      .updateTable('newsletter_campaigns')
      .set({ status: to, paused_reason: null, ...(action === 'cancel' ? { finished_at: iso() } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (action === 'cancel') {
      await trx.updateTable('newsletter_recipients').set({ status: 'skipped' }).where('campaign_id', '=', id).where('status', '=', 'queued').execute();
    }
    return true;
  });
}
