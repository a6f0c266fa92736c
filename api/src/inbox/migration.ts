/**
 * The inbox migration (2026-11-22-015): a work status, a staff note and who handled what and when
 * on each kind of submission, and indexes for newest-first keyset paging (created_at, id), the
 * status filter, forgetting a person by address and the subscriber list. On PostgreSQL a trigram
 * index on the searched text lets `LIKE '%word%'` use an index; on SQLite an FTS5 table with the
 * trigram tokenizer holds the same text (kept in step by triggers) and answers substring searches
 * of three characters or more.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { INBOX_TABLES, SEARCHED, searchExpression, sqliteSearchTable } from './kinds.ts';

export async function inboxMigrationUp(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let trigram = false;
  if (isPostgres) {
    // pg_trgm ships with PostgreSQL's contrib package and is a trusted extension (13+): the
    // database owner may create it. Without it the search still works, by a scan.
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      trigram = true;
    }
  }
  for (const [kind, table] of Object.entries(INBOX_TABLES)) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('new'))
      .execute();
    await db.schema.alterTable(table).addColumn('staff_note', 'text').execute();
    await db.schema.alterTable(table).addColumn('handled_by', 'varchar(200)').execute();
    await db.schema.alterTable(table).addColumn('handled_at', 'varchar(32)').execute();
    await db.schema.createIndex(`${table}_newest`).on(table).columns(['created_at', 'id']).execute();
    await db.schema.createIndex(`${table}_status_newest`).on(table).columns(['status', 'created_at', 'id']).execute();
    await db.schema.createIndex(`${table}_email`).on(table).column('email').execute();
    if (!isPostgres) await createSqliteSearch(db, kind as keyof typeof INBOX_TABLES, table);
    if (trigram) {
      await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin ((${sql.raw(searchExpression(kind as keyof typeof INBOX_TABLES))}) gin_trgm_ops)`.execute(db);
    }
  }
  await db.schema.createIndex('subscribers_newest').on('subscribers').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('subscribers_status_newest').on('subscribers').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('subscribers_confirmed_at').on('subscribers').column('confirmed_at').execute();
  await db.schema.createIndex('subscribers_unsubscribed_at').on('subscribers').column('unsubscribed_at').execute();
  await db.schema.createIndex('outbox_to_address').on('outbox').column('to_address').execute();
  if (trigram) {
    await sql`create index subscribers_email_trgm on subscribers using gin (email gin_trgm_ops)`.execute(db);
  }
}

export async function inboxMigrationDown(db: Kysely<any>): Promise<void> {
  for (const index of ['outbox_to_address', 'subscribers_unsubscribed_at', 'subscribers_confirmed_at', 'subscribers_status_newest', 'subscribers_newest', 'subscribers_email_trgm']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of Object.values(INBOX_TABLES)) {
    for (const suffix of ['search_trgm', 'email', 'status_newest', 'newest']) await db.schema.dropIndex(`${table}_${suffix}`).ifExists().execute();
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
      for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_search_${trigger}`).execute(db);
      await sql.raw(`drop table if exists ${table}_search`).execute(db);
    }
    for (const column of ['handled_at', 'handled_by', 'staff_note', 'status']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}

/** SQLite: `<table>_search` (FTS5, trigram) with rowid = the row's rowid, filled now and by triggers. */
async function createSqliteSearch(db: Kysely<any>, kind: keyof typeof INBOX_TABLES, table: string): Promise<void> {
  const search = sqliteSearchTable(kind);
  const text = (row: 'new' | '') => searchExpression(kind, row ? `${row}.` : '');
  await sql.raw(`create virtual table ${search} using fts5(body, tokenize = 'trigram')`).execute(db);
  await sql.raw(`insert into ${search}(rowid, body) select rowid, ${text('')} from ${table}`).execute(db);
  await sql.raw(`create trigger ${search}_insert after insert on ${table} begin insert into ${search}(rowid, body) values (new.rowid, ${text('new')}); end`).execute(db);
  await sql.raw(`create trigger ${search}_delete after delete on ${table} begin delete from ${search} where rowid = old.rowid; end`).execute(db);
  await sql
    .raw(`create trigger ${search}_update after update of ${SEARCHED[kind].join(', ')} on ${table} begin update ${search} set body = ${text('new')} where rowid = new.rowid; end`)
    .execute(db);
}
