/**
 * Better Auth's twoFactor plugin as the staff side uses it, and a small plugin of ours beside it:
 *  - TOTP (secret encrypted with the auth secret), 10 backup codes (encrypted, each used once),
 *    a trusted device for 30 days, and codes by email (hashed in the database) sent through the
 *    project's own outbox.
 *  - Better Auth treats email codes as available to everyone with a second factor; here each
 *    member turns them on separately (`twoFactorEmail`, proven by a first code), so a member with
 *    only an authenticator app is never offered a weaker email code.
 *  - `/two-factor/challenge` (server only) reads the pending sign-in challenge from its signed
 *    cookie, so the mount can count failures toward the account's sign-in lockout.
 */
import { createAuthEndpoint } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import {
  BACKUP_CODE_COUNT,
  EMAIL_CODE_ATTEMPTS,
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_MINUTES,
  TRUST_DEVICE_DAYS,
} from '../../../../src/lib/two-factor-messages.ts';
import { site } from '../../../../src/lib/site.ts';
import type { Db } from '../../db/index.ts';
import type { Mailer } from '../../mail/outbox.ts';
import { generateBackupCodes } from './backup-codes.ts';
import { twoFactorCodeMail } from './mails.ts';

export const TWO_FACTOR_MODEL = 'staff_two_factor';
/** The issuer an authenticator app shows beside the code. */
export const TOTP_ISSUER = `${site.name} staff`;

export interface PendingChallenge {
  userId: string;
  username: string;
  /** The key Better Auth files the challenge's email code under (`2fa-otp-<key>`). */
  key: string;
  expiresAt: Date;
}

/** Our own additions: the per-member email-code switch and the challenge reader. */
function staffTwoFactorRules(): BetterAuthPlugin {
  return {
    id: 'sipa-two-factor',
    schema: {
      user: {
        fields: {
          twoFactorEmail: { type: 'boolean', required: false, defaultValue: false, input: false },
        },
      },
    },
    endpoints: {
      pendingTwoFactorChallenge: createAuthEndpoint.serverOnly({ method: 'GET', requireHeaders: true }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie('two_factor');
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return ctx.json(null);
        const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!record || new Date(record.expiresAt) <= new Date()) return ctx.json(null);
        const user = (await ctx.context.internalAdapter.findUserById(record.value)) as { id: string; username?: string } | null;
        if (!user) return ctx.json(null);
        const challenge: PendingChallenge = { userId: user.id, username: String(user.username ?? ''), key: identifier, expiresAt: new Date(record.expiresAt) };
        return ctx.json(challenge);
      }),
    },
  } satisfies BetterAuthPlugin;
}

export function staffTwoFactorPlugins({ db, mailer }: { db: Db; mailer: Mailer }) {
  return [
    twoFactor({
      issuer: TOTP_ISSUER,
      schema: { twoFactor: { modelName: TWO_FACTOR_MODEL } },
      trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
      // Read off paper and typed on a phone: no look-alike characters (backup-codes.ts).
      backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10, storeBackupCodes: 'encrypted', customBackupCodesGenerate: () => generateBackupCodes(BACKUP_CODE_COUNT) },
      otpOptions: {
        digits: EMAIL_CODE_DIGITS,
        period: EMAIL_CODE_MINUTES,
        allowedAttempts: EMAIL_CODE_ATTEMPTS,
        storeOTP: 'hashed',
        async sendOTP({ user, otp }) {
          const ids = await mailer.enqueue(db.kysely, [twoFactorCodeMail(user.email, otp, EMAIL_CODE_MINUTES)]);
          mailer.deliverLater(ids);
        },
      },
    }),
    staffTwoFactorRules(),
  ];
}
