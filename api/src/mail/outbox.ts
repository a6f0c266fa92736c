/**
 * The one way mail is sent. Every message is first written to the outbox table (in the same
 * transaction as the submission it belongs to), then delivered; a failed delivery stays in the
 * outbox and is retried with back-off, so a mail outage never loses a submission or a notice.
 */
import { newId } from '../db/ids.ts';
import { preparedQuery } from '../db/prepared.ts';
import { retryWhileUnavailable } from '../db/retry-while-unavailable.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/index.ts';
import type { MailTransport } from './transport.ts';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Files sent with the message (a registration's .ics), kept in the outbox with it. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

export const MAX_ATTEMPTS = 10;
/** Sent messages (which hold what people wrote) are removed from the outbox after this long. */
export const SENT_RETENTION_DAYS = 30;

/** Minutes to wait after the nth failed attempt: 1, 2, 4, … capped at 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

/**
 * A header value as it is stored: line breaks and other control characters become spaces, so
 * no value can start a header of its own (nodemailer encodes too; this keeps the table clean).
 */
export function headerValue(value: string): string {
  // Most values have nothing to change: one test instead of two replacements and a trim.
  if (!NEEDS_CLEANING.test(value)) return value;
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}
/** What headerValue changes: control characters, two spaces in a row, white space at either end. */
const NEEDS_CLEANING = /[\u0000-\u001f\u007f\u2028\u2029]| {2}|^\s|\s$/;

/** Visitor text in a log line: JSON-quoted, so CR, LF, NUL and the like cannot forge a line. */
export function logText(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029\u0085]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Messages made into outbox rows. */
interface OutboxRows {
  ids: string[];
  /** One value per OUTBOX_COLUMNS entry, in that order, row after row. */
  values: unknown[];
  /** Logs the rows as queued (when there is no mail server); call once they are inserted. */
  queued(): void;
}

export interface Mailer {
  /** 'smtp' or 'outbox' (kept in the table and logged, for machines with no mail server). */
  transportName: 'smtp' | 'outbox';
  from: string;
  enqueue(trx: Kysely<Database> | Transaction<Database>, mails: OutgoingMail[]): Promise<string[]>;
  /** Tries to deliver the given queued messages now (after the submission is committed). */
  deliver(ids: string[]): Promise<void>;
  /** Starts deliver() without making the caller wait (the answer never waits on SMTP). */
  deliverLater(ids: string[]): void;
  /** Resolves when every delivery started by deliverLater has finished. */
  settled(): Promise<void>;
  /** Delivers every due message; returns how many were sent and how many failed. */
  processOutbox(now?: Date): Promise<{ sent: number; failed: number }>;
  status(): Promise<{ transport: 'smtp' | 'outbox'; ok: boolean; pending: number; failing: number }>;
  close(): void;
}

const OUTBOX_COLUMNS = ['id', 'kind', 'to_address', 'subject', 'text_body', 'html_body', 'headers', 'reply_to', 'created_at', 'attempts', 'next_attempt_at', 'locked_until', 'sent_at', 'last_error', 'attachments'] as const;

/**
 * The insert of `count` outbox rows, compiled once per count (src/db/prepared.ts). Its values
 * are positional: slot `n` is `values[n]`, row after row in OUTBOX_COLUMNS order, so a sign-up
 * fills one array instead of naming 28 values.
 */
const outboxInserts = new Map<number, ReturnType<typeof preparedQuery<readonly unknown[]>>>();
function insertOutbox(count: number) {
  let insert = outboxInserts.get(count);
  if (!insert) {
    insert = preparedQuery<readonly unknown[]>((db, slot) =>
      db.insertInto('outbox').values(Array.from({ length: count }, (_, row) => Object.fromEntries(OUTBOX_COLUMNS.map((column, i) => [column, slot(row * OUTBOX_COLUMNS.length + i)])) as never)),
    );
    if (count <= 8) outboxInserts.set(count, insert);
  }
  return insert;
}

/** The stored headers: the mail's own, then Reply-To, every value through headerValue. */
function storedHeaders(mail: OutgoingMail): string {
  const headers: Record<string, string> = {};
  for (const name in mail.headers) headers[name] = headerValue(mail.headers[name]!);
  if (mail.replyTo) headers['Reply-To'] = headerValue(mail.replyTo);
  return JSON.stringify(headers);
}

export function createMailer(options: { db: Kysely<Database>; from: string; transport?: MailTransport; log?: (line: string) => void; outboxLimit?: number }): Mailer {
  const { db, from, transport } = options;
  const outboxLimit = options.outboxLimit ?? 10_000;
  const log = options.log ?? ((line: string) => console.log(line));

  async function attempt(id: string, now: Date): Promise<'sent' | 'failed' | 'skipped'> {
    if (!transport) return 'skipped';
    const nowIso = now.toISOString();
    const lockUntil = new Date(now.getTime() + 2 * 60_000).toISOString();
    // Claim the row so two instances never send the same message twice.
    const claim = await db
      .updateTable('outbox')
      .set({ locked_until: lockUntil })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return 'skipped';
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const headers = JSON.parse(row.headers) as Record<string, string>;
    const replyTo = headers['Reply-To'];
    delete headers['Reply-To'];
    try {
      const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : undefined;
      await transport.send({ from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, replyTo, headers, attachments });
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('outbox')
        .set({
          attempts,
          locked_until: null,
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + backoffMinutes(attempts) * 60_000).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      console.error(`mail: ${row.kind} to ${logText(row.to_address)} failed (attempt ${attempts}), kept in the outbox: ${logText(message)}`);
      return 'failed';
    }
    // Sent: while the database is out of reach (a restart), the mark waits for it, up to the claim's end,
    // rather than leave the message to be sent again.
    await retryWhileUnavailable(
      () => db.updateTable('outbox').set({ sent_at: new Date().toISOString(), locked_until: null, attempts: row.attempts + 1, last_error: null }).where('id', '=', id).execute(),
      Date.parse(lockUntil),
    );
    return 'sent';
  }

  /**
   * Without a mail server nothing leaves the outbox, so it is kept bounded: messages older than
   * the retention period and all but the newest `outboxLimit` are removed (the submissions
   * themselves stay in their tables). Runs on the server's outbox timer.
   */
  async function trimOutbox(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - SENT_RETENTION_DAYS * 86_400_000).toISOString();
    const old = await db.deleteFrom('outbox').where('created_at', '<', cutoff).executeTakeFirst();
    // Everything beyond the newest `outboxLimit` (SQLite needs a LIMIT beside the OFFSET).
    const beyond = db.selectFrom('outbox').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1_000_000_000).offset(outboxLimit);
    const over = (await db.deleteFrom('outbox').where('id', 'in', beyond).executeTakeFirst()).numDeletedRows;
    const removed = Number(old.numDeletedRows + over);
    if (removed) log(`mail: outbox trimmed by ${removed} unsent messages (no SMTP_URL; at most ${outboxLimit} kept for ${SENT_RETENTION_DAYS} days)`);
    return removed;
  }

  function outboxRows(mails: OutgoingMail[]): OutboxRows {
    const now = new Date().toISOString();
    const ids: string[] = [];
    const lines: string[] = [];
    // One value per OUTBOX_COLUMNS entry, in that order, for each mail.
    const values: unknown[] = [];
    for (const mail of mails) {
      const id = newId();
      const to = headerValue(mail.to);
      const subject = headerValue(mail.subject).slice(0, 300);
      const replyTo = mail.replyTo ? headerValue(mail.replyTo).toLowerCase() : null;
      ids.push(id);
      values.push(id, mail.kind, to, subject, mail.text, mail.html ?? null, storedHeaders(mail), replyTo, now, 0, now, null, null, null, mail.attachments?.length ? JSON.stringify(mail.attachments) : null);
      if (!transport) lines.push(`mail: outbox ${id} ${mail.kind} to ${logText(to)}: ${logText(subject)} (no SMTP_URL; kept in the outbox)`);
    }
    return {
      ids,
      values,
      // One line per message, written in one call (one write to stdout, not one per message).
      queued: () => {
        if (lines.length) log(lines.join('\n'));
      },
    };
  }

  const inFlight = new Set<Promise<void>>();

  const mailer: Mailer = {
    transportName: transport ? 'smtp' : 'outbox',
    from,
    async enqueue(trx, mails) {
      if (!mails.length) return [];
      const rows = outboxRows(mails);
      await insertOutbox(mails.length)(trx, rows.values);
      rows.queued();
      return rows.ids;
    },
    async deliver(ids) {
      for (const id of ids) {
        try {
          await attempt(id, new Date());
        } catch (error) {
          console.error('mail: delivery bookkeeping failed', error instanceof Error ? error.message : error);
        }
      }
    },
    deliverLater(ids) {
      if (!transport || !ids.length) return;
      const job = mailer.deliver(ids).finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async processOutbox(now = new Date()) {
      const result = { sent: 0, failed: 0 };
      if (!transport) {
        await trimOutbox(now);
        return result;
      }
      const cutoff = new Date(now.getTime() - SENT_RETENTION_DAYS * 86_400_000).toISOString();
      await db.deleteFrom('outbox').where('sent_at', 'is not', null).where('sent_at', '<', cutoff).execute();
      const due = await db
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('created_at')
        .limit(100)
        .execute();
      for (const { id } of due) {
        const outcome = await attempt(id, now);
        if (outcome === 'sent') result.sent += 1;
        if (outcome === 'failed') result.failed += 1;
      }
      return result;
    },
    async status() {
      const pending = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow();
      const failing = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sent_at', 'is', null)
        .where('attempts', '>', 0)
        .executeTakeFirstOrThrow();
      return { transport: transport ? 'smtp' : 'outbox', ok: Number(failing.n) === 0, pending: Number(pending.n), failing: Number(failing.n) };
    },
    close() {
      transport?.close();
    },
  };
  return mailer;
}
