/**
 * Generated inbox and subscriber rows for the inbox tests and `npm run bench`: deterministic
 * (row i always looks the same), inserted in multi-row batches inside one transaction so 100,000
 * rows take seconds on SQLite and PostgreSQL.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { AVAILABILITY_SLOTS, PARTNERSHIP_INTERESTS, VOLUNTEER_INTERESTS } from '../../src/lib/constants.ts';
import type { Database } from '../src/db/types.ts';

const WORDS = ['school', 'housing', 'english', 'clinic', 'mentor', 'rent', 'garden', 'visa', 'library', 'soccer', 'tailor', 'market'];
const STATUSES = ['new', 'in_progress', 'handled'] as const;
const BASE = Date.parse('2025-01-01T00:00:00Z');

/** The created_at of generated row i: one minute apart, row 0 oldest. */
export const seededTime = (i: number) => new Date(BASE + i * 60_000).toISOString();
/** A uuid-shaped id that sorts with i. */
export const seededId = (prefix: string, i: number) => `${prefix}000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function hex(i: number, seed: number) {
  return ((i * 2654435761 + seed) >>> 0) % 1000;
}

async function insertBatched(db: Kysely<Database>, table: keyof Database, total: number, row: (i: number) => Record<string, unknown>, batch: number) {
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: a bulk load builds the trigram (GIN) indexes once at the end, as pg_restore
    // does, instead of updating them row by row (ten times faster).
    const gin = db.getExecutor().adapter instanceof PostgresAdapter
      ? ((await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = ${table} and indexdef like '%USING gin%'`.execute(trx)).rows)
      : [];
    for (const index of gin) await sql`drop index ${sql.id(index.indexname)}`.execute(trx);
    for (let start = 0; start < total; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(total, start + batch); i++) rows.push(row(i));
      await (trx as Kysely<any>).insertInto(table).values(rows).execute();
    }
    for (const index of gin) await sql.raw(index.indexdef).execute(trx);
  });
}

export function contactRow(i: number) {
  const word = WORDS[hex(i, 7) % WORDS.length];
  return {
    id: seededId('c0', i),
    name: `Visitor ${i}`,
    email: `visitor${i}@example.org`,
    phone: null,
    subject: `Question about ${word}`,
    message: `Message number ${i} asks about ${word} and ${WORDS[hex(i, 3) % WORDS.length]}.`,
    created_at: seededTime(i),
    status: STATUSES[i % 3],
    staff_note: null,
    handled_by: null,
    handled_at: null,
  };
}

export function volunteerRow(i: number) {
  return {
    id: seededId('a0', i),
    first_name: 'Volunteer',
    last_name: `Number${i}`,
    email: `volunteer${i}@example.org`,
    phone: null,
    interests: JSON.stringify([VOLUNTEER_INTERESTS[i % VOLUNTEER_INTERESTS.length]]),
    availability: JSON.stringify([AVAILABILITY_SLOTS[hex(i, 5) % AVAILABILITY_SLOTS.length]]),
    skills: i % 4 === 0 ? 'Accounting' : null,
    message: `Application ${i}`,
    created_at: seededTime(i),
    status: STATUSES[i % 3],
    staff_note: null,
    handled_by: null,
    handled_at: null,
  };
}

export function partnershipRow(i: number) {
  return {
    id: seededId('b0', i),
    company_name: `Company ${i}`,
    contact_name: `Contact ${i}`,
    email: `partner${i}@example.com`,
    phone: null,
    partnership_interest: JSON.stringify([PARTNERSHIP_INTERESTS[i % PARTNERSHIP_INTERESTS.length]]),
    message: `Inquiry ${i}`,
    created_at: seededTime(i),
    status: STATUSES[i % 3],
    staff_note: null,
    handled_by: null,
    handled_at: null,
  };
}

export function subscriberRow(i: number) {
  const status = (['pending', 'confirmed', 'unsubscribed'] as const)[i % 3];
  return {
    id: seededId('d0', i),
    email: `reader${i}@example.net`,
    status,
    source: 'https://sipa.example/newsletter',
    created_at: seededTime(i),
    updated_at: seededTime(i),
    confirmed_at: status === 'pending' ? null : seededTime(i),
    unsubscribed_at: status === 'unsubscribed' ? seededTime(i) : null,
  };
}

/** Inserts `total` generated contact messages (and the others when asked). Batches of 500 rows. */
export async function seedInbox(db: Kysely<Database>, total: number, tables: Array<'contact' | 'volunteer' | 'partnership' | 'subscribers'> = ['contact']) {
  const makers = { contact: ['contact_messages', contactRow], volunteer: ['volunteer_applications', volunteerRow], partnership: ['partnership_inquiries', partnershipRow], subscribers: ['subscribers', subscriberRow] } as const;
  for (const name of tables) {
    const [table, row] = makers[name];
    await insertBatched(db, table, total, row as (i: number) => Record<string, unknown>, 500);
  }
}
