/**
 * The donations worker, one per server process: verifies stored PayPal notifications and sends
 * queued yearly statements.
 *
 * A notification row is claimed with a lease (locked_until), verified with PayPal outside any
 * transaction, then recorded in one transaction that first marks it verified (so two servers can
 * never record it twice). A server killed mid-way leaves its lease to run out, and the next pass
 * (this server after a restart, or another) verifies the row again. PayPal unreachable or
 * answering an error: the row waits with back-off and is tried again, up to MAX_VERIFY_ATTEMPTS;
 * so does a row whose recording failed (the database refused it), so no row is retried for ever.
 *
 * Verifications run side by side, up to MAX_IN_FLIGHT at once, and a row is claimed as soon as a
 * place is free or a new notification arrives: one postback that hangs (up to its 30 s timeout)
 * holds only its own row, never the others behind it.
 */
import { sql, type Transaction } from 'kysely';
import { isDatabaseUnavailable } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import { noteStorageError } from '../storage-watch.ts';
import type { Database, PaypalNotificationsTable } from '../db/types.ts';
import { newId } from '../db/ids.ts';
import type { Mailer } from '../mail/outbox.ts';
import { charsetOf, decoderFor, DEFAULT_IPN_CHARSET, parseIpn, verifyWithPaypal, VerifyUnavailable } from './ipn.ts';
import { PaypalRefused, PaypalUnavailable, type PaypalRest } from './paypal-rest.ts';
import { recordNotification, type Recorded } from './record.ts';
import { eventContext, recordWebhookEvent, type WebhookEvent } from './rest-record.ts';
import { sendStatementBatch } from './statements.ts';

/** Tries per notification before it counts as failed (about a day with the back-off below). */
export const MAX_VERIFY_ATTEMPTS = 12;
/** Seconds before the nth retry: 30, 60, 120, … capped at one hour. */
export const verifyRetrySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
/** Notifications being verified at once, per server. */
export const MAX_IN_FLIGHT = 10;

export interface DonationsWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** The organisation's PayPal account (receiver_email must be it). */
  business: string;
  /** PayPal's verification endpoint (sandbox, live, or a local fake). */
  verifyUrl: string;
  /** How long a claimed notification is held before another pass may take it. */
  leaseSeconds: number;
  /** How often the loop looks for work when nothing woke it. */
  pollMs?: number;
  /** PayPal's REST API (client id and secret set) and the webhook id its webhooks are verified against. */
  rest?: PaypalRest | null;
  webhookId?: string;
}

interface Claimed {
  id: string;
  body: string;
  attempts: number;
  headers?: string;
}

/** The stored messages: IPN notifications (Payments Standard) and webhooks (REST), verified alike. */
type Inbox = 'paypal_notifications' | 'paypal_webhooks';

/** PayPal's transmission headers a webhook is verified with, kept beside its body. */
export const WEBHOOK_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** What every stored message starts with: received now, due for verification at once. */
function dueNow() {
  const now = iso();
  return { status: 'received' as const, outcome: null, attempts: 0, next_attempt_at: now, locked_until: null, last_error: null, received_at: now, verified_at: null };
}

/**
 * An event's id or type as PayPal writes them (WH-…, PAYMENT.CAPTURE.COMPLETED): printable ASCII.
 * Anything else (a JSON escape such as \u0000, which PostgreSQL cannot store in text) names nothing.
 */
const eventName = (value: unknown): string | null => (typeof value === 'string' && /^[\x21-\x7e]{1,64}$/.test(value) ? value : null);

/** A webhook's row as it arrived: its bytes as text, its headers, and the event id and type when its JSON names them. */
export function webhookRow(body: string, headers: Readonly<Record<string, string>>) {
  let event: { id?: unknown; event_type?: unknown } = {};
  try {
    event = JSON.parse(body) ?? {};
  } catch {
    // Kept as it came: the worker finds it unverifiable and records nothing.
  }
  return {
    id: newId(),
    body,
    headers: JSON.stringify(Object.fromEntries(WEBHOOK_HEADERS.map((name) => [name, (headers[name] ?? '').slice(0, 2000)]))),
    event_id: eventName(event.id),
    event_type: eventName(event.event_type),
    ...dueNow(),
  };
}

/** A notification's row as it arrived: due for verification now. */
export function notificationRow(body: string): PaypalNotificationsTable {
  const fields = parseIpn(body);
  return {
    id: newId(),
    body,
    txn_type: fields.txn_type?.slice(0, 64) ?? null,
    txn_id: fields.txn_id?.slice(0, 64) ?? null,
    // Kept apart (lower-cased) so that forgetting a person finds their notifications by an index.
    payer_email: fields.payer_email?.trim().toLowerCase().slice(0, 254) || null,
    ...dueNow(),
  };
}

export function createDonationsWorker(options: DonationsWorkerOptions) {
  const { db, mailer } = options;
  const pollMs = options.pollMs ?? 5000;
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  /** Stores a notification as it arrived; resolves once it is committed. */
  async function store(body: string): Promise<string> {
    const row = notificationRow(body);
    await db.write((trx) => trx.insertInto('paypal_notifications').values(row).execute());
    return row.id;
  }

  async function claim(table: Inbox, now: Date, room: number): Promise<Claimed[]> {
    const at = now.toISOString();
    // A read first: an idle pass (every few seconds on every server) commits nothing.
    const due = await db.kysely
      .selectFrom(table)
      .select('id')
      .where('status', '=', 'received')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .limit(1)
      .executeTakeFirst();
    if (!due) return [];
    const until = iso(now.getTime() + options.leaseSeconds * 1000);
    return db.write(async (trx) => {
      const isDue = sql`status = 'received' and next_attempt_at <= ${at} and (locked_until is null or locked_until < ${at})`;
      const name = sql.table(table);
      const headers = table === 'paypal_webhooks' ? sql`, headers` : sql``;
      const result =
        db.dialect === 'postgres'
          ? await sql<Claimed>`
              with picked as (select id from ${name} where ${isDue} order by received_at limit ${room} for update skip locked)
              update ${name} n set locked_until = ${until} from picked where n.id = picked.id
              returning n.id, n.body, n.attempts${headers}`.execute(trx)
          : await sql<Claimed>`
              update ${name} set locked_until = ${until}
              where id in (select id from ${name} where ${isDue} order by received_at limit ${room})
              returning id, body, attempts${headers}`.execute(trx);
      return result.rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
    });
  }

  /** The row waits with back-off (failed after MAX_VERIFY_ATTEMPTS tries), its reason kept for the Donations screen. */
  async function retryLater(row: Claimed, reason: string, what: string, table: Inbox = 'paypal_notifications') {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_VERIFY_ATTEMPTS;
    await db.write((trx) =>
      trx
        .updateTable(table)
        .set({ attempts, last_error: reason.slice(0, 1000), locked_until: null, status: failed ? 'failed' : 'received', next_attempt_at: iso(Date.now() + verifyRetrySeconds(attempts) * 1000) })
        .where('id', '=', row.id)
        .where('status', '=', 'received')
        .execute(),
    );
    console.error(`donations: ${table === 'paypal_webhooks' ? 'webhook' : 'notification'} ${row.id} ${what} (attempt ${attempts}${failed ? ', giving up' : ''}): ${reason.slice(0, 300)}`);
  }

  /**
   * PayPal's verdict on a row, in one transaction: the row marked verified (`believed`) or invalid
   * unless another server did it meanwhile (its lease ran out while PayPal was slow), what it says
   * recorded, the outcome kept; the receipts delivered once committed. A failure commits nothing,
   * and the row is tried again later like an unanswered postback.
   */
  async function commitVerdict(table: Inbox, row: Claimed, believed: boolean, record: (trx: Transaction<Database>, now: string) => Promise<Recorded>) {
    let mailIds: string[];
    try {
      mailIds = await db.write(async (trx) => {
        const now = iso();
        const marked = await trx
          .updateTable(table)
          .set({ status: believed ? 'verified' : 'invalid', attempts: row.attempts + 1, locked_until: null, verified_at: now, last_error: null })
          .where('id', '=', row.id)
          .where('status', '=', 'received')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return [];
        const recorded = await record(trx, now);
        await trx.updateTable(table).set({ outcome: recorded.outcome.slice(0, 300) }).where('id', '=', row.id).execute();
        return recorded.mailIds;
      });
    } catch (error) {
      await retryLater(row, `recording failed: ${error instanceof Error ? error.message : String(error)}`, 'not recorded', table).catch(() => {});
      return;
    }
    mailer.deliverLater(mailIds);
  }

  async function settle(row: Claimed) {
    let verdict: 'VERIFIED' | 'INVALID';
    try {
      verdict = await verifyWithPaypal(options.verifyUrl, row.body);
    } catch (error) {
      await retryLater(row, error instanceof VerifyUnavailable ? error.message : String(error), 'not verified');
      return;
    }
    const verified = verdict === 'VERIFIED';
    await commitVerdict('paypal_notifications', row, verified, async (trx) => {
      const recorded = verified ? await recordNotification(trx, db.dialect, mailer, options.business, parseIpn(row.body)) : { outcome: 'PayPal answered INVALID: nothing recorded', mailIds: [] };
      const charset = charsetOf(row.body);
      const note = decoderFor(charset).known ? '' : ` (charset ${charset} unknown: names read as ${DEFAULT_IPN_CHARSET})`;
      return { ...recorded, outcome: `${recorded.outcome}${note}` };
    });
  }

  /**
   * A webhook: verified with PayPal (verify-webhook-signature against PAYPAL_WEBHOOK_ID) before
   * anything of it is believed, what its record needs fetched from PayPal, then recorded in the
   * transaction that marks it verified, once per event id: a replay (the same event id again,
   * PayPal's retries included) is marked and changes nothing.
   */
  async function settleWebhook(row: Claimed) {
    const table = 'paypal_webhooks';
    const { rest, webhookId } = options;
    if (!rest || !webhookId) {
      await retryLater(row, 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID must be set to verify webhooks', 'not verified', table);
      return;
    }
    let event: WebhookEvent | null = null;
    try {
      const parsed = JSON.parse(row.body);
      if (parsed && eventName(parsed.id) && eventName(parsed.event_type) && parsed.resource && typeof parsed.resource === 'object') event = parsed;
    } catch {
      event = null;
    }
    let verdict: 'SUCCESS' | 'FAILURE' = 'FAILURE';
    let context = {};
    try {
      if (event) verdict = await rest.verifyWebhook({ webhookId, headers: JSON.parse(row.headers ?? '{}'), rawBody: row.body });
      if (event && verdict === 'SUCCESS') context = await eventContext(rest, event);
    } catch (error) {
      await retryLater(row, error instanceof PaypalUnavailable || error instanceof PaypalRefused ? error.message : String(error), 'not verified', table);
      return;
    }
    const believed = event !== null && verdict === 'SUCCESS';
    await commitVerdict(table, row, believed, async (trx, now) => {
      if (!believed) return { outcome: event ? 'PayPal did not verify its signature: nothing recorded' : 'not a PayPal event: nothing recorded', mailIds: [] };
      const first = await trx.insertInto('paypal_webhook_events').values({ event_id: event!.id.slice(0, 64), recorded_at: now }).onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').execute();
      return first.length ? recordWebhookEvent(trx, db.dialect, mailer, event!, context, now) : { outcome: `replayed: event ${event!.id} was recorded already`, mailIds: [] };
    });
  }

  /** Resolves at the next wake() (a notification was stored): a pass waiting on slow postbacks claims it at once. */
  let arrival = Promise.withResolvers<void>();

  /**
   * Verifies every notification due now, MAX_IN_FLIGHT at a time, and sends queued statements;
   * returns how many notifications it handled. A row retried in this pass waits for its back-off.
   */
  async function runOnce(now = new Date()): Promise<number> {
    // Side by side: a postback that hangs holds neither the other notifications nor the webhooks.
    const [notifications, webhooks] = await Promise.all([drain('paypal_notifications', settle, now), drain('paypal_webhooks', settleWebhook, now)]);
    const handled = notifications + webhooks;
    const queued = await db.kysely.selectFrom('donation_statement_recipients').select('email').where('status', '=', 'queued').limit(1).executeTakeFirst();
    if (queued) for (let batch = await sendStatementBatch(db, mailer); batch.settled && !stopped; batch = await sendStatementBatch(db, mailer)) mailer.deliverLater(batch.mailIds);
    return handled;
  }

  /** Verifies every message of one table due now, MAX_IN_FLIGHT at a time; returns how many it handled. */
  async function drain(table: Inbox, settleRow: (row: Claimed) => Promise<void>, now: Date): Promise<number> {
    let handled = 0;
    const inFlight = new Set<Promise<void>>();
    let when = now;
    while (!stopped) {
      const room = MAX_IN_FLIGHT - inFlight.size;
      const batch = room > 0 ? await claim(table, when, room) : [];
      when = new Date();
      for (const row of batch) {
        const job: Promise<void> = settleRow(row)
          .catch((error) => console.error(`donations: notification ${row.id}:`, error instanceof Error ? error.message : error))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
      handled += batch.length;
      if (!inFlight.size) break;
      // Claim again as soon as a place frees or a notification arrives; right away while rows keep coming.
      if (!batch.length || inFlight.size >= MAX_IN_FLIGHT) await Promise.race([...inFlight, arrival.promise]);
    }
    await Promise.all(inFlight);
    return handled;
  }

  /** Stores a webhook as it arrived, with its transmission headers; resolves once it is committed. */
  async function storeWebhook(body: string, headers: Readonly<Record<string, string>>): Promise<string> {
    const row = webhookRow(body, headers);
    await db.write((trx) => trx.insertInto('paypal_webhooks').values(row).execute());
    return row.id;
  }

  return {
    store,
    storeWebhook,
    runOnce,
    /** Starts the loop (the server does; tests may call runOnce themselves). */
    start() {
      if (loop) return;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          woken = false;
          try {
            await runOnce();
          } catch (error) {
            // An outage or a full disk is told once where it is met (db/availability.ts, storage-watch.ts); the next pass resumes.
            if (!isDatabaseUnavailable(error) && !noteStorageError(db, error, 'donations')) console.error('donations: worker pass failed', error instanceof Error ? error.message : error);
          }
          if (stopped || woken) continue;
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            setTimeout(resolve, pollMs).unref?.();
          });
          wakeUp = null;
        }
      })();
    },
    /** Looks for work now (a notification was stored, statements were queued). */
    wake() {
      woken = true;
      wakeUp?.();
      arrival.resolve();
      arrival = Promise.withResolvers<void>();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}

export type DonationsWorker = ReturnType<typeof createDonationsWorker>;
