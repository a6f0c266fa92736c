/**
 * One PayPal transaction's record is changed by one transaction at a time. A payment and its
 * refund may be verified at once by two API instances: on PostgreSQL each would otherwise work
 * from a snapshot without the other's row (the gift without its refund, the refund without its
 * gift) and the record would end wrong. A transaction-scoped advisory lock on the payment's id
 * makes the second wait and then see the first. SQLite's writes are one at a time already
 * ('begin immediate', db/sqlite.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Trx } from './trx.ts';

export async function lockPayment(trx: Trx, dialect: Db['dialect'], txnId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`paypal-payment:${txnId}`}, 0))`.execute(trx);
}
