/**
 * Campaigns as staff see them: queuing (the campaign row and one recipient row per confirmed
 * subscriber in one transaction), the live counts, the history, and pause, resume and cancel.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { NewsletterCampaignsTable } from '../db/types.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { LANG_CODES } from '../../../src/lib/i18n/languages.ts';
import type { AudienceCounts } from '../../../src/lib/newsletter-audience.ts';

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
}

const iso = () => new Date().toISOString();

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

/** Creates the campaign and its recipients in one transaction; resolves once both are committed. */
export async function queueCampaign(db: Db, input: { subject: string; bodyHtml: string; bodyText: string; createdBy: string }): Promise<{ id: string; total: number }> {
  const id = randomUUID();
  const total = await db.write(async (trx) => {
    await trx
      .insertInto('newsletter_campaigns')
      .values({
        id,
        subject: input.subject,
        body_html: input.bodyHtml,
        body_text: input.bodyText,
        status: 'running',
        total: 0,
        created_by: input.createdBy,
        created_at: iso(),
        finished_at: null,
        paused_reason: null,
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    // One statement copies the confirmed list, numbered in a stable order, whatever its size.
    const inserted = await sql`
      insert into newsletter_recipients (campaign_id, seq, subscriber_id, email, status, attempts)
      select ${id}, row_number() over (order by id), id, email, 'queued', 0 from subscribers where status = 'confirmed'`.execute(trx);
    const count = Number(inserted.numAffectedRows ?? 0);
    await trx.updateTable('newsletter_campaigns').set({ total: count }).where('id', '=', id).execute();
    return count;
  });
  return { id, total };
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
  };
}

const SUMMARY_COLUMNS = ['id', 'subject', 'status', 'total', 'created_by', 'created_at', 'finished_at', 'paused_reason', 'outage_since', 'outage_error'] as const;

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

/** Applies a staff action; false when the campaign is in no state for it (finished, already cancelled). */
export async function changeCampaign(db: Db, id: string, action: CampaignAction): Promise<boolean> {
  return db.write(async (trx) => {
    const from: Array<NewsletterCampaignsTable['status']> = action === 'pause' ? ['running'] : action === 'resume' ? ['paused'] : ['running', 'paused'];
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
