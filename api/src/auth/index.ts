/** The staff side as one service: Better Auth, the account operations and the sign-in throttle. */
import type { ApiConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { ensureFirstAdmin, staffAccounts, type StaffAccounts } from './accounts.ts';
import { RESET_CODE_LENGTH, RESET_CODE_SECONDS, authSecret, createStaffAuth, type StaffAuth } from './auth.ts';
import { hashQueue, type HashQueue } from './hash-queue.ts';
import { resetCodes, type ResetCodes } from './reset-codes.ts';
import { migrateStaffTables } from './migrate.ts';
import { guessingMail } from './mails.ts';
import { ACCOUNT_MAX_FAILURES, FAILURE_WINDOW_MS, signInThrottle, type SignInThrottle } from './sign-in-throttle.ts';

export interface StaffServices {
  auth: StaffAuth;
  accounts: StaffAccounts;
  throttle: SignInThrottle;
  resets: ResetCodes;
  hashes: HashQueue;
}

/** Builds the staff services and brings Better Auth's tables up to date (after the project's migrations). */
export async function createStaffServices(deps: { config: ApiConfig; db: Db; mailer: Mailer }): Promise<StaffServices> {
  const secret = await authSecret(deps.db.kysely, deps.config.secretKey);
  const hashes = hashQueue({ concurrency: deps.config.passwordHashConcurrency, queue: deps.config.passwordHashQueue, cost: deps.config.passwordHashCost });
  const auth = createStaffAuth({ ...deps, secret, hashes });
  await migrateStaffTables(auth);
  const accounts = staffAccounts(auth);
  const firstAdmin = await ensureFirstAdmin(accounts, deps.config);
  if (firstAdmin.created) console.log(`staff: created the first administrator "${firstAdmin.member.username}" (${firstAdmin.member.email})`);
  const throttle = signInThrottle(deps.db.kysely, {
    // The member hears that their account is being guessed at (once per window).
    async onGuessing(account) {
      const member = await accounts.findByUsername(account);
      if (!member) return;
      const ids = await deps.mailer.enqueue(deps.db.kysely, [guessingMail(member.email, member.username, ACCOUNT_MAX_FAILURES, FAILURE_WINDOW_MS / 60_000)]);
      deps.mailer.deliverLater(ids);
    },
  });
  const resets = resetCodes(deps.db.kysely, { secret, codeLength: RESET_CODE_LENGTH, validSeconds: RESET_CODE_SECONDS });
  return { auth, accounts, throttle, resets, hashes };
}

export { ensureFirstAdmin, migrateStaffTables };
