/**
 * Staff tasks in the database. Every query names the owner, so a member can only ever reach their
 * own rows: another member's task is simply not found. Times are set here, never by the client.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { TASKS_PER_MEMBER_MAX, TASK_UNDO_MINUTES, type Task } from '../../../src/lib/tasks.ts';
import type { Database, Db } from '../db/index.ts';
import type { TasksTable } from '../db/types.ts';
import type { TaskChange } from './schemas.ts';

const COLUMNS = ['id', 'content', 'done_at', 'created_at', 'updated_at'] as const;
type Row = Pick<TasksTable, (typeof COLUMNS)[number]>;

const toTask = (row: Row): Task => ({
  id: row.id,
  content: row.content,
  done: row.done_at !== null,
  doneAt: row.done_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Deleted tasks whose undo time has passed are removed for good, at every change to any list. */
async function purgeExpired(trx: Transaction<Database>, now: number) {
  const cutoff = new Date(now - TASK_UNDO_MINUTES * 60_000).toISOString();
  await trx.deleteFrom('tasks').where('deleted_at', 'is not', null).where('deleted_at', '<', cutoff).execute();
}

function findLive(db: Kysely<Database> | Transaction<Database>, owner: string, id: string) {
  return db.selectFrom('tasks').select(COLUMNS).where('owner_id', '=', owner).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The member's tasks, oldest first (the order they were written down). */
export async function listTasks(db: Kysely<Database>, owner: string): Promise<Task[]> {
  const rows = await db
    .selectFrom('tasks')
    .select(COLUMNS)
    .where('owner_id', '=', owner)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toTask);
}

/**
 * Whether the member already keeps TASKS_PER_MEMBER_MAX. On PostgreSQL the member's adds wait for
 * each other (a transaction-scoped advisory lock), so simultaneous adds cannot pass the limit
 * together; SQLite runs one write at a time anyway.
 */
async function isFull(db: Db, trx: Transaction<Database>, owner: string): Promise<boolean> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`tasks:${owner}`}))`.execute(trx);
  const { count } = await trx
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('owner_id', '=', owner)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count) >= TASKS_PER_MEMBER_MAX;
}

/** A new task, or 'too-many' when the member already keeps TASKS_PER_MEMBER_MAX. */
export function createTask(db: Db, owner: string, content: string): Promise<Task | 'too-many'> {
  return db.write(async (trx) => {
    const now = Date.now();
    await purgeExpired(trx, now);
    if (await isFull(db, trx, owner)) return 'too-many';
    const stamp = new Date(now).toISOString();
    const row: Row = { id: randomUUID(), content, done_at: null, created_at: stamp, updated_at: stamp };
    await trx.insertInto('tasks').values({ ...row, owner_id: owner, deleted_at: null }).execute();
    return toTask(row);
  });
}

/** Changes the text and/or done state of the member's own task; undefined when there is none. */
export function updateTask(db: Db, owner: string, id: string, change: TaskChange): Promise<Task | undefined> {
  return db.write(async (trx) => {
    const now = Date.now();
    await purgeExpired(trx, now);
    const current = await findLive(trx, owner, id);
    if (!current) return undefined;
    const stamp = new Date(now).toISOString();
    const next: Row = {
      ...current,
      content: change.content ?? current.content,
      // Marking a done task done again keeps when it was first done.
      done_at: change.done === undefined ? current.done_at : change.done ? (current.done_at ?? stamp) : null,
      updated_at: stamp,
    };
    await trx.updateTable('tasks').set({ content: next.content, done_at: next.done_at, updated_at: next.updated_at }).where('owner_id', '=', owner).where('id', '=', id).execute();
    return toTask(next);
  });
}

/** Deletes the member's own task, restorable for TASK_UNDO_MINUTES; false when there is none. */
export function deleteTask(db: Db, owner: string, id: string): Promise<boolean> {
  return db.write(async (trx) => {
    const now = Date.now();
    await purgeExpired(trx, now);
    const result = await trx
      .updateTable('tasks')
      .set({ deleted_at: new Date(now).toISOString() })
      .where('owner_id', '=', owner)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** Undoes a delete of the member's own task within TASK_UNDO_MINUTES; undefined after it. */
export function restoreTask(db: Db, owner: string, id: string): Promise<Task | undefined | 'too-many'> {
  return db.write(async (trx) => {
    const now = Date.now();
    await purgeExpired(trx, now);
    const cutoff = new Date(now - TASK_UNDO_MINUTES * 60_000).toISOString();
    const deleted = await trx
      .selectFrom('tasks')
      .select(COLUMNS)
      .where('owner_id', '=', owner)
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '>=', cutoff)
      .executeTakeFirst();
    if (!deleted) return undefined;
    // Restoring counts like adding, or delete-add-undo would grow a list past the limit.
    if (await isFull(db, trx, owner)) return 'too-many';
    await trx.updateTable('tasks').set({ deleted_at: null }).where('owner_id', '=', owner).where('id', '=', id).execute();
    return toTask(deleted);
  });
}
