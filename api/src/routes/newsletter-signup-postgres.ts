/**
 * A new address's sign-up on PostgreSQL in one statement. On PostgreSQL every statement is a
 * round trip (a write to the socket, a wake-up of the server, a reply), and those round trips,
 * not the database's own work, were most of a sign-up's cost: the rate-limit count, the look-up,
 * the cooldown claim, the subscriber row and the outbox rows took five. Here data-modifying CTEs
 * do them all at once; the count always (as the route counts every accepted sign-up), each other
 * step only when the one before allows it, exactly as the route's steps do:
 *   - an address already stored: nothing is written, and the route takes its usual steps (the
 *     address's status decides what happens, which this statement does not try to repeat);
 *   - no such address: the confirmation cooldown is claimed (or an expired one taken over), and
 *     only when that succeeds are the pending subscriber and its mails (made beforehand for the
 *     new id) inserted.
 * A concurrent sign-up of the same address fails this statement on the unique email, as it
 * fails the route's own insert, and the route runs again and finds the row. SQLite has no
 * data-modifying CTEs and no round trips (it runs in the process), so it keeps the route's steps.
 */
import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/index.ts';
import { preparedQuery } from '../db/prepared.ts';
import { OUTBOX_COLUMNS } from '../mail/outbox.ts';
import type { RateCounter } from '../rate-limit.ts';

export interface NewSignup {
  email: string;
  /** The cooldown's stored key, its end and now (seconds since the epoch). */
  cooldownKey: string;
  until: number;
  nowSeconds: number;
  /** The new subscriber's id, the referring page (or null), the time (ISO) and the language. */
  id: string;
  source: string | null;
  now: string;
  lang: string;
  /** The mails' outbox rows (Mailer.outboxRows), OUTBOX_COLUMNS values row after row. */
  outbox: readonly unknown[];
  /** The rate limit's counter to add one to, whatever the outcome (RateLimit.counter); null when the limit is off. */
  counter: RateCounter | null;
}

/** What the statement found and did. */
export interface NewSignupOutcome {
  /** The stored address's status; null when it was new. */
  existing: string | null;
  /** The subscriber and its mails were inserted (false: a new address whose cooldown still runs). */
  stored: boolean;
}

/** The values before the outbox rows, in their positions. */
const HEAD = 8;
const columnList = (columns: readonly string[]) => sql.raw(columns.map((column) => `"${column}"`).join(', '));
/** Outbox columns that are not text (VALUES would type an untyped parameter as text). */
const CASTS: Partial<Record<(typeof OUTBOX_COLUMNS)[number], string>> = { attempts: 'integer' };

function build(mailCount: number, counted: boolean) {
  return preparedQuery<readonly unknown[], NewSignupOutcome>((db, slot) => {
    const [email, key, until, nowSeconds, id, source, now, lang] = Array.from({ length: HEAD }, (_, index) => slot(index));
    // After the outbox values: the rate limit's bucket and window start.
    const bucket = slot(HEAD + mailCount * OUTBOX_COLUMNS.length);
    const windowStart = slot(HEAD + mailCount * OUTBOX_COLUMNS.length + 1);
    // The same as rate-limit.ts's countHit.
    const hit = counted
      ? sql`, "hit" as (
  insert into "rate_limits" ("bucket", "window_start", "hits") values (${bucket}, cast(${windowStart} as bigint), 1)
  on conflict ("bucket") do update set "hits" = "rate_limits"."hits" + 1
)`
      : sql``;
    const rows = Array.from({ length: mailCount }, (_, row) =>
      sql`(${sql.join(
        OUTBOX_COLUMNS.map((column, index) => {
          const value = slot(HEAD + row * OUTBOX_COLUMNS.length + index);
          return CASTS[column] ? sql`cast(${value} as ${sql.raw(CASTS[column])})` : sql`${value}`;
        }),
      )})`,
    );
    const statement = sql`with "existing" as (
  select "status" from "subscribers" where "email" = ${email}
), "claimed" as (
  insert into "mail_cooldowns" ("key", "until_at")
  select ${key}, cast(${until} as bigint) where not exists (select 1 from "existing")
  on conflict ("key") do update set "until_at" = excluded."until_at" where "mail_cooldowns"."until_at" <= cast(${nowSeconds} as bigint)
  returning "key"
), "subscriber" as (
  insert into "subscribers" ("id", "email", "status", "source", "created_at", "updated_at", "confirmed_at", "unsubscribed_at", "confirm_sent_at", "lang")
  select ${id}, ${email}, 'pending', ${source}, ${now}, ${now}, null, null, ${now}, ${lang} where exists (select 1 from "claimed")
  returning "id"
), "mails" as (
  insert into "outbox" (${columnList(OUTBOX_COLUMNS)})
  select ${columnList(OUTBOX_COLUMNS)} from (values ${sql.join(rows)}) as "mail" (${columnList(OUTBOX_COLUMNS)}) where exists (select 1 from "subscriber")
)${hit}
select (select "status" from "existing") as "existing", exists (select 1 from "subscriber") as "stored"`;
    return { compile: () => statement.compile(db) } as Compilable<NewSignupOutcome>;
  });
}

/**
 * One compiled statement per number of mails (a new address gets two: its confirmation and the
 * staff notice) and per rate limit on or off.
 */
const statements = new Map<string, ReturnType<typeof build>>();

export async function signUpNewAddress(trx: Kysely<Database> | Transaction<Database>, signup: NewSignup): Promise<NewSignupOutcome> {
  const mailCount = signup.outbox.length / OUTBOX_COLUMNS.length;
  const { email, cooldownKey, until, nowSeconds, id, source, now, lang, counter } = signup;
  const shape = `${mailCount}:${counter ? 'counted' : 'open'}`;
  let statement = statements.get(shape);
  if (!statement) statements.set(shape, (statement = build(mailCount, counter !== null)));
  const values = [email, cooldownKey, until, nowSeconds, id, source, now, lang, ...signup.outbox];
  if (counter) values.push(counter.bucket, counter.start);
  return (await statement(trx, values)).rows[0]!;
}
