/**
 * Better Auth's twoFactor plugin as the staff side uses it, and a small plugin of ours beside it:
 *  - TOTP (secret encrypted with the auth secret), 10 backup codes (encrypted, each used once),
 *    a trusted device for 30 days, and codes by email (hashed in the database) sent through the
 *    project's own outbox.
 *  - Better Auth treats email codes as available to everyone with a second factor; here each
 *    member turns them on separately (`twoFactorEmail`, proven by a first code), so a member with
 *    only an authenticator app is never offered a weaker email code.
 *  - a social sign-in asks for the second factor too (`startSocialTwoFactorChallenge`, called by
 *    the callback route), and every challenge ends after 3 minutes (CHALLENGE_SECONDS);
 *  - `/two-factor/challenge` (server only) reads the pending sign-in challenge from its signed
 *    cookie, so the mount can count failures toward the account's sign-in lockout.
 */
import { createHmac } from 'node:crypto';
import { createAuthEndpoint } from 'better-auth/api';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';
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
/** The second step of a sign-in must be done within 3 minutes (the spec's sign-in state expiry). */
export const CHALLENGE_SECONDS = 3 * 60;
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
      /**
       * A social sign-in of a member with a second factor becomes a challenge, as a password does:
       * the provider's session (`token`) is ended and the challenge cookie set instead, unless this
       * browser is a device the member trusted (the same rule as after a password).
       */
      startSocialTwoFactorChallenge: createAuthEndpoint.serverOnly({ method: 'POST', requireHeaders: true, body: z.object({ token: z.string() }) }, async (ctx) => {
        const found = await ctx.context.internalAdapter.findSession(ctx.body.token);
        if (!found || !(found.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return ctx.json({ challenge: false });
        const trustCookie = ctx.context.createAuthCookie('trust_device');
        const trusted = await ctx.getSignedCookie(trustCookie.name, ctx.context.secret);
        if (trusted) {
          const [token, identifier] = trusted.split('!');
          // Better Auth's own trusted-device token: HMAC-SHA-256 of "<user id>!<identifier>", base64url.
          const expected = createHmac('sha256', ctx.context.secret).update(`${found.user.id}!${identifier}`).digest('base64url');
          const record = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
          if (token === expected && record?.value === found.user.id && new Date(record.expiresAt) > new Date()) return ctx.json({ challenge: false });
        }
        await ctx.context.internalAdapter.deleteSession(ctx.body.token);
        const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: CHALLENGE_SECONDS });
        const identifier = `2fa-${generateRandomString(20)}`;
        const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
        await ctx.context.internalAdapter.createVerificationValue({ value: found.user.id, identifier, expiresAt });
        await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
        await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
        return ctx.json({ challenge: true });
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
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
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
