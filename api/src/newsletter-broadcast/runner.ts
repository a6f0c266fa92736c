/**
 * The worker that delivers queued campaigns, one per server process at a time.
 *
 * - A campaign is run by whoever holds its lease (lease_owner, lease_until on the campaign row).
 *   A heartbeat renews it; a server that dies stops renewing, and another (or the restarted one)
 *   takes the campaign over once the lease ran out. Taking over puts the rows the dead runner had
 *   claimed ('sending') back in the queue: those few may be sent twice (at least once delivery).
 * - Recipients are claimed in batches in seq order (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite
 *   serialises writers). Anyone no longer confirmed is skipped at claim time, so an unsubscribe
 *   during a campaign is honoured from the next batch on.
 * - The messages the SMTP server accepted are marked sent when their batch ends, in one write
 *   (a crash before it repeats at most that batch).
 * - A recipient refused for good (5xx) fails and its address is marked bounced: never mailed
 *   again, shown to staff, counted in the campaign. A busy answer (4xx), a refused connection or a
 *   timeout puts the recipient back with back-off.
 * - MAX_CONSECUTIVE_FAILURES in a row mean the mail server, not the addresses: the campaign waits
 *   (back-off up to MAX_OUTAGE_WAIT_SECONDS) and tries one message at a time until the server
 *   accepts one, then goes on at full speed by itself. The refusals of that run are the server's:
 *   their recipients go back in the queue and no address is marked bounced for them. Staff see
 *   the outage on the campaign (outage_since, outage_error) while it lasts, and the log says so
 *   once it has lasted NEWSLETTER_OUTAGE_NOTICE_MINUTES.
 * - A scheduled campaign is started by the first runner to look once its time has come
 *   (startDueCampaigns: one atomic UPDATE claims it and queues its recipients), and from then on
 *   runs as any other. Being stored, it survives restarts; being claimed once, several servers
 *   on one database start it once.
 * - The database going away (a PostgreSQL restart, a failover) stops the campaign where it is:
 *   nothing more is handed to SMTP, the "sent" marks that could not be written are kept in memory
 *   and written first once the database is back, and the runner takes the campaign up again by
 *   itself (its own lease, without waiting for it to run out). So the process stays up and
 *   nobody is mailed twice for the outage.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { NewsletterCampaignsTable } from '../db/types.ts';
import type { RecipientLinks } from './content.ts';
import { startDueCampaigns } from './campaigns.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { releaseMemory } from '../release-memory.ts';
import { noteStorageError } from '../storage-watch.ts';
import { campaignMessage } from './mime.ts';
import { isPermanentFailure, type BroadcastSender } from './sender.ts';

/** Attempts per recipient before it counts as failed. */
export const MAX_ATTEMPTS = 5;
/** Failed messages in a row after which the mail server, not the addresses, is taken to be failing. */
export const MAX_CONSECUTIVE_FAILURES = 25;
/** The longest wait between two tries of a failing mail server. */
export const MAX_OUTAGE_WAIT_SECONDS = 300;
/** Seconds before the nth retry of a recipient: 30, 60, 120, 240. */
export const retryDelaySeconds = (attempts: number) => 30 * 2 ** Math.max(0, attempts - 1);

export interface RunnerOptions {
  db: Db;
  sender: BroadcastSender;
  from: string;
  concurrency: number;
  leaseSeconds: number;
  links(subscriberId: string): Promise<RecipientLinks>;
  /** Retry delay override for tests (seconds). */
  retryDelay?: (attempts: number) => number;
  /** After this long unable to send, the outage is logged as an error for the operators (default 10 minutes). */
  outageNoticeSeconds?: number;
}

interface Claimed {
  seq: number;
  subscriber_id: string;
  email: string;
  attempts: number;
}

type Campaign = Pick<NewsletterCampaignsTable, 'id' | 'subject' | 'body_html' | 'body_text' | 'audience_lang'>;

const iso = (ms = Date.now()) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

export function createRunner(options: RunnerOptions) {
  const { db, sender } = options;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 64);
  const leaseMs = options.leaseSeconds * 1000;
  const heartbeatMs = Math.max(100, Math.min(1000, leaseMs / 3));
  const batchSize = Math.min(250, Math.max(50, options.concurrency * 5));
  const retryDelay = options.retryDelay ?? retryDelaySeconds;
  let stopped = false;
  let looping = false;
  let wakeUp: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  /** Per campaign, the recipients handed to SMTP whose "sent" mark is not written yet. */
  const unsettledMarks = new Map<string, number[]>();
  /** The campaigns this process is running now. */
  const active = new Set<string>();

  async function takeLease(id: string): Promise<boolean> {
    const now = iso();
    const result = await db.kysely
      .updateTable('newsletter_campaigns')
      .set({ lease_owner: owner, lease_until: iso(Date.now() + leaseMs) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Renews the lease; false when the campaign was paused or cancelled, or the lease was lost. */
  async function renewLease(id: string): Promise<boolean> {
    const result = await db.kysely
      .updateTable('newsletter_campaigns')
      .set({ lease_until: iso(Date.now() + leaseMs) })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function releaseLease(id: string) {
    await db.kysely.updateTable('newsletter_campaigns').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
  }

  async function claim(id: string): Promise<Claimed[]> {
    const now = iso();
    const lockUntil = iso(Date.now() + leaseMs);
    return db.write(async (trx) => {
      // PostgreSQL: the locking pick is a CTE, evaluated once. As an IN (subquery) the planner may
      // run it again per row, and with SKIP LOCKED each run finds other rows (more than the limit).
      const result =
        db.dialect === 'postgres'
          ? await sql<Claimed>`
              with picked as (
                select seq from newsletter_recipients
                where campaign_id = ${id} and status = 'queued' and (next_attempt_at is null or next_attempt_at <= ${now})
                order by seq limit ${batchSize} for update skip locked)
              update newsletter_recipients r set status = 'sending', locked_until = ${lockUntil}
              from picked where r.campaign_id = ${id} and r.seq = picked.seq
              returning r.seq, r.subscriber_id, r.email, r.attempts`.execute(trx)
          : await sql<Claimed>`
              update newsletter_recipients set status = 'sending', locked_until = ${lockUntil}
              where campaign_id = ${id} and seq in (
                select seq from newsletter_recipients
                where campaign_id = ${id} and status = 'queued' and (next_attempt_at is null or next_attempt_at <= ${now})
                order by seq limit ${batchSize})
              returning seq, subscriber_id, email, attempts`.execute(trx);
      return result.rows.map((row) => ({ ...row, seq: Number(row.seq), attempts: Number(row.attempts) }));
    });
  }

  /**
   * Collects "sent" marks; the runner writes them once per batch, in one commit. A mark not yet
   * written when the process dies leaves its row 'sending', and such rows go back in the queue, so
   * what may be sent twice stays within the batch in flight. A mark the database refused (it went
   * away) stays in unsettledMarks and is written by the next pass, before any row is put back.
   */
  function sentMarker(id: string) {
    return {
      mark(seq: number) {
        const pending = unsettledMarks.get(id);
        if (pending) pending.push(seq);
        else unsettledMarks.set(id, [seq]);
      },
      /** Stores every mark so far; those it could not store are kept for the next call. */
      async settled() {
        const seqs = unsettledMarks.get(id) ?? [];
        unsettledMarks.delete(id);
        for (let i = 0; i < seqs.length; i += 500) {
          const chunk = seqs.slice(i, i + 500);
          try {
            await db.write((trx) =>
              trx
                .updateTable('newsletter_recipients')
                .set((eb) => ({ status: 'sent', sent_at: iso(), locked_until: null, last_error: null, attempts: eb('attempts', '+', 1) }))
                .where('campaign_id', '=', id)
                .where('seq', 'in', chunk)
                .where('status', '=', 'sending')
                .execute(),
            );
          } catch (error) {
            unsettledMarks.set(id, [...seqs.slice(i), ...(unsettledMarks.get(id) ?? [])]);
            throw error;
          }
        }
      },
    };
  }

  /** Whether this process still runs the campaign (not paused, cancelled or taken over): a read, no commit. */
  async function stillOurs(id: string): Promise<boolean> {
    const row = await db.kysely.selectFrom('newsletter_campaigns').select('id').where('id', '=', id).where('lease_owner', '=', owner).where('status', '=', 'running').executeTakeFirst();
    return row !== undefined;
  }

  async function runCampaign(campaign: Campaign) {
    const id = campaign.id;
    // Rows a previous runner had claimed when it died or lost the lease go back in the queue.
    await db.write((trx) =>
      trx.updateTable('newsletter_recipients').set({ status: 'queued', locked_until: null }).where('campaign_id', '=', id).where('status', '=', 'sending').execute(),
    );
    let running = true;
    const heartbeat = setInterval(() => {
      renewLease(id)
        .then((ok) => {
          if (!ok) running = false;
        })
        .catch(() => {});
    }, heartbeatMs);
    const marker = sentMarker(id);
    const message = campaignMessage(campaign, { from: options.from });
    let failuresInRow = 0;
    let lastError = '';
    // The mail server is failing (MAX_CONSECUTIVE_FAILURES in a row): one message per try.
    let outage = false;
    let outageTries = 0;
    let outageStarted = 0;
    let outageNoticed = false;
    /**
     * Recipients refused for good (5xx) in the current run of failures. Their address is marked
     * bounced once a success ends the run (their refusal was theirs); if the run becomes an outage
     * the refusals were the server's, and they go back in the queue instead.
     */
    let refused: Array<{ recipient: Claimed; error: string }> = [];

    async function markBounced(list: Array<{ recipient: Claimed; error: string }>) {
      if (!list.length) return;
      const now = iso();
      await db.write(async (trx) => {
        for (const { recipient, error } of list) {
          await trx.updateTable('newsletter_recipients').set({ feedback: 'bounced' }).where('campaign_id', '=', id).where('seq', '=', recipient.seq).execute();
          await trx
            .updateTable('subscribers')
            .set({ status: 'bounced', stopped_at: now, stopped_reason: error.slice(0, 500), updated_at: now })
            .where('id', '=', recipient.subscriber_id)
            .where('status', '=', 'confirmed')
            .execute();
        }
      });
    }

    /** Refusals that turned out to be the server's: back in the queue, due at once. */
    async function requeue(seqs: number[]) {
      if (!seqs.length) return;
      await db.write((trx) =>
        trx
          .updateTable('newsletter_recipients')
          .set({ status: 'queued', next_attempt_at: iso(), locked_until: null })
          .where('campaign_id', '=', id)
          .where('seq', 'in', seqs)
          .where('status', '=', 'failed')
          .execute(),
      );
    }

    /** The server, not the addresses: the run's 5xx refusals go back in the queue, the campaign shows the outage. */
    async function outageBegins() {
      outage = true;
      outageTries = 0;
      outageStarted = Date.now();
      outageNoticed = false;
      const back = refused.map((r) => r.recipient.seq);
      refused = [];
      const now = iso();
      await requeue(back);
      await db.kysely
        .updateTable('newsletter_campaigns')
        .set((eb) => ({ outage_since: eb.fn.coalesce('outage_since', eb.val(now)), outage_error: lastError }))
        .where('id', '=', id)
        .execute();
      console.warn(`newsletter: campaign ${id}: the mail server failed ${failuresInRow} messages in a row; trying again by itself. Last error: ${lastError}`);
    }

    async function outageEnds() {
      outage = false;
      await db.kysely.updateTable('newsletter_campaigns').set({ outage_since: null, outage_error: null }).where('id', '=', id).execute();
      console.log(`newsletter: campaign ${id}: the mail server accepts messages again; sending goes on`);
    }

    /** Claims the next batch and skips those who are no longer confirmed; null when none is due. */
    async function nextBatch(): Promise<Claimed[] | null> {
      const batch = await claim(id);
      if (!batch.length) return null;
      const confirmed = new Set(
        (await db.kysely.selectFrom('subscribers').select('id').where('id', 'in', batch.map((r) => r.subscriber_id)).where('status', '=', 'confirmed').execute()).map((r) => r.id),
      );
      const gone = batch.filter((r) => !confirmed.has(r.subscriber_id)).map((r) => r.seq);
      if (gone.length) {
        await db.write((trx) =>
          trx.updateTable('newsletter_recipients').set({ status: 'skipped', locked_until: null }).where('campaign_id', '=', id).where('seq', 'in', gone).execute(),
        );
      }
      return batch.filter((r) => confirmed.has(r.subscriber_id));
    }

    async function deliver(recipient: Claimed) {
      try {
        await sender.send(message.forRecipient(recipient.email, await options.links(recipient.subscriber_id)));
        failuresInRow = 0;
        marker.mark(recipient.seq);
        const bounced = refused;
        refused = [];
        await markBounced(bounced);
        if (outage) await outageEnds();
      } catch (error) {
        failuresInRow += 1;
        lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const attempts = recipient.attempts + 1;
        const permanent = isPermanentFailure(error);
        // While the server is failing, any refusal may be the server's: the recipient waits its turn
        // again (its attempts still count, so one that is refused on every try ends as failed).
        const failed = outage ? attempts >= MAX_ATTEMPTS : permanent || attempts >= MAX_ATTEMPTS;
        await db.write((trx) =>
          trx
            .updateTable('newsletter_recipients')
            .set({
              status: failed ? 'failed' : 'queued',
              attempts,
              last_error: lastError,
              locked_until: null,
              next_attempt_at: failed ? null : iso(Date.now() + retryDelay(attempts) * 1000),
            })
            .where('campaign_id', '=', id)
            .where('seq', '=', recipient.seq)
            .execute(),
        );
        if (failed && permanent) {
          // An outage that began while this refusal was being written makes it the server's too.
          if (outage) await requeue([recipient.seq]);
          else refused.push({ recipient, error: lastError });
        }
        if (outage) {
          await db.kysely.updateTable('newsletter_campaigns').set({ outage_error: lastError }).where('id', '=', id).execute();
        } else if (failuresInRow >= MAX_CONSECUTIVE_FAILURES) await outageBegins();
      }
    }

    /** Waits before the next try of a failing server, seeing a pause, cancel, lost lease or stop within a heartbeat. */
    async function waitOutOutage() {
      outageTries += 1;
      const until = Date.now() + Math.min(retryDelay(outageTries), MAX_OUTAGE_WAIT_SECONDS) * 1000;
      if (!outageNoticed && Date.now() - outageStarted >= (options.outageNoticeSeconds ?? 600) * 1000) {
        outageNoticed = true;
        console.error(`newsletter: campaign ${id}: unable to send for ${Math.round((Date.now() - outageStarted) / 60_000)} minutes; still trying. Last error: ${lastError}`);
      }
      while (running && !stopped && Date.now() < until) await sleep(Math.min(until - Date.now(), heartbeatMs));
    }

    /** Puts claimed rows that were not handed to SMTP back in the queue. */
    async function release(seqs: number[]) {
      if (!seqs.length) return;
      await db.write((trx) =>
        trx.updateTable('newsletter_recipients').set({ status: 'queued', locked_until: null }).where('campaign_id', '=', id).where('seq', 'in', seqs).where('status', '=', 'sending').execute(),
      );
    }

    // The next batch is claimed while the current one is sent, so the connections never wait on the
    // database. It is awaited only after that batch: until then its failure (the database going
    // away) must not count as an unhandled rejection, which would end the process.
    const prefetch = () => {
      const next = nextBatch();
      next.catch(() => {});
      return next;
    };
    let upcoming: Promise<Claimed[] | null> | null = nextBatch();
    try {
      while (running && !stopped) {
        const batch = await upcoming!;
        upcoming = null;
        if (!batch) {
          await marker.settled();
          const open = await db.kysely
            .selectFrom('newsletter_recipients')
            .select(['status', 'next_attempt_at'])
            .where('campaign_id', '=', id)
            .where('status', 'in', ['queued', 'sending'])
            .orderBy('next_attempt_at')
            .limit(1)
            .executeTakeFirst();
          if (!open) {
            await marker.settled();
            // The last refusals ended no outage: they were the addresses'.
            const bounced = refused;
            refused = [];
            await markBounced(bounced);
            await db.kysely
              .updateTable('newsletter_campaigns')
              .set({ status: 'finished', finished_at: iso(), lease_owner: null, lease_until: null, outage_since: null, outage_error: null })
              .where('id', '=', id)
              .where('status', '=', 'running')
              .execute();
            return;
          }
          // Only retries that are not due yet are left: wait for the first (or for a stop).
          const due = open.next_attempt_at ? Date.parse(open.next_attempt_at) - Date.now() : 0;
          await sleep(Math.min(Math.max(due, 50), heartbeatMs));
          upcoming = nextBatch();
          continue;
        }
        // A pause, cancel or lost lease is seen before every batch, not only at the next heartbeat
        // (which renews the lease).
        if (!(await stillOurs(id))) running = false;
        if (!running || stopped) {
          await release(batch.map((r) => r.seq));
          break;
        }
        // While the server is failing, one message is a try: the batch is not prefetched.
        const probing = outage;
        let tried = false;
        if (!probing) upcoming = prefetch();
        // NEWSLETTER_CONCURRENCY messages at a time; a pause, cancel or lost lease stops handing
        // out more, and so does an outage (one message per try), and what was not handed over
        // goes back in the queue. So does a database that went away (a delivery could not be
        // recorded): every lane stops before the campaign does, so none sends on behind it.
        const waiting = [...batch];
        const unsent: number[] = [];
        let broken: { error: unknown } | null = null;
        await Promise.all(
          Array.from({ length: Math.min(probing ? 1 : options.concurrency, waiting.length) }, async () => {
            for (let recipient = waiting.shift(); recipient; recipient = waiting.shift()) {
              const held = outage && (!probing || tried);
              if (!running || stopped || held || broken) unsent.push(recipient.seq);
              else {
                tried = true;
                await deliver(recipient).catch((error: unknown) => void (broken ??= { error }));
              }
            }
          }),
        );
        if (broken) throw (broken as { error: unknown }).error;
        await Promise.all([marker.settled(), release(unsent)]);
        if (outage) {
          // The prefetched batch waits too; then one try after the back-off.
          const left = await upcoming;
          if (left) await release(left.map((r) => r.seq));
          await waitOutOutage();
          upcoming = nextBatch();
        }
      }
      const left = await upcoming;
      if (left) await release(left.map((r) => r.seq));
    } finally {
      clearInterval(heartbeat);
      // Marks the database refuses now are kept and written by the next pass.
      await marker.settled().catch(() => {});
      await releaseLease(id).catch(() => {});
    }
  }

  /**
   * Starts the scheduled campaigns due at `at`, then runs every campaign this process can get a
   * lease on; true if it ran one. `at` is the clock's reading (tests pass a later time
   * instead of waiting for it).
   */
  async function runOnce(at: number = Date.now()): Promise<boolean> {
    // Deliveries an outage kept from being recorded are recorded first, whatever became of their
    // campaign meanwhile (paused, cancelled, taken over), so that none of their rows is sent again.
    for (const id of [...unsettledMarks.keys()]) await sentMarker(id).settled();
    await startDueCampaigns(db, at);
    const now = iso();
    const open = await db.kysely
      .selectFrom('newsletter_campaigns')
      .select(['id', 'subject', 'body_html', 'body_text', 'audience_lang'])
      .where('status', '=', 'running')
      // Our own lease too: a campaign the database going away stopped goes on at once, not when the lease runs out.
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .orderBy('created_at')
      .execute();
    let ran = false;
    for (const campaign of open) {
      if (stopped) break;
      if (active.has(campaign.id) || !(await takeLease(campaign.id))) continue;
      ran = true;
      active.add(campaign.id);
      try {
        await runCampaign(campaign);
      } finally {
        active.delete(campaign.id);
      }
    }
    // A campaign's messages grew the heap by far more than it keeps (release-memory.ts).
    if (ran) await releaseMemory();
    return ran;
  }

  return {
    owner,
    runOnce,
    /** Starts the polling loop (the server does; tests may drive runOnce themselves). */
    start() {
      if (looping) return;
      looping = true;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          let ran = false;
          try {
            ran = await runOnce();
          } catch (error) {
            // A database out of reach and a full disk are logged once per incident (db/availability.ts,
            // storage-watch.ts); the next pass, a heartbeat later, goes on by itself once they are over.
            if (!isDatabaseUnavailable(error) && !noteStorageError(db, error, 'newsletter')) {
              console.error('newsletter: worker run failed', error instanceof Error ? error.message : error);
            }
          }
          if (stopped) break;
          if (!ran) {
            await new Promise<void>((resolve) => {
              wakeUp = resolve;
              setTimeout(resolve, heartbeatMs).unref?.();
            });
            wakeUp = null;
          }
        }
      })();
    },
    /** Looks for work now (after a campaign was queued or resumed). */
    wake() {
      wakeUp?.();
    },
    /** Stops after the messages already handed to SMTP are marked; the lease is released. */
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      loop = null;
      looping = false;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
