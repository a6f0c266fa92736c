import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

/** A transaction, or the database itself where a caller runs one statement. */
export type Trx = Transaction<Database> | Kysely<Database>;
