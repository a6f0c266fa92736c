/**
 * Two-factor authentication at /api/auth/two-factor/*, in front of Better Auth's twoFactor plugin.
 * Every call goes through here (the catch-all mount exposes none of the plugin's own paths), so
 * the project's rules hold: JSON only, answers in { message, issues }, codes and passwords that
 * fail count toward the account's sign-in lockout (sign-in-throttle.ts), and a member is offered
 * only the methods they turned on.
 *
 * Signed in (the Account section, or an administrator made to set one up):
 *   GET  /status                  { totp, otp, backupCodes }: which methods are on, codes left
 *   POST /enable                  { password } → { totpURI, backupCodes } (not on until a first code)
 *   POST /verify-totp             { code } → confirms the authenticator app
 *   POST /send-otp                mails a code to the member's address (set-up of email codes)
 *   POST /verify-otp              { code } → turns email codes on
 *   POST /generate-backup-codes   { password } → 10 new codes; the old ones stop working
 *   POST /turn-off                { method, password } → that method off
 * Between the password and the session (a signed, 10-minute challenge cookie):
 *   GET  /challenge               { methods } of the pending sign-in
 *   POST /send-otp                mails the code (only if the member turned email codes on)
 *   POST /verify-totp | /verify-otp | /verify-backup-code   { code, trustDevice? } → { next, redirect }
 */
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { EMAIL_CODE_MINUTES, EMAIL_CODE_RESEND_SECONDS, METHOD_NAMES, TWO_FACTOR_TEXT, type TwoFactorMethod } from '../../../src/lib/two-factor-messages.ts';
import { authHeaders, currentStaff, type SignedInStaff } from '../auth/guard.ts';
import type { PendingChallenge } from '../auth/two-factor/plugin.ts';
import { twoFactorMethods, twoFactorState, turnOffMethod, verifyStaffPassword } from '../auth/two-factor/state.ts';
import { clientAddress } from '../client-address.ts';
import type { Services } from '../services.ts';
import { mediaType, readBody } from './staff-auth.ts';

const LOGIN_PAGE = '/admin/login';
const MAX_FIELD = 200;

type Fields = Record<string, unknown>;
type Issue = { path: string; message: string };

/** Where a finished sign-in goes: the same rule for a password alone and for a password and a code. */
export function nextAfterSignIn(
  user: { role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean; emailVerified?: boolean },
  requireAdminMfa: boolean,
): { next: 'new-password' | 'verify-user' | 'setup-two-factor' | 'admin'; redirect: string } {
  if (user.mustChangePassword) return { next: 'new-password', redirect: `${LOGIN_PAGE}?step=new-password` };
  // An unverified address is offered verification (with Skip) first (auth/self-service.ts).
  if (user.emailVerified === false) return { next: 'verify-user', redirect: `${LOGIN_PAGE}?step=verify-user` };
  // Every member reaches the staff area (their tasks); its admin sections need the admin role.
  if (user.role !== 'admin') return { next: 'admin', redirect: '/admin' };
  if (requireAdminMfa && !user.twoFactorEnabled) return { next: 'setup-two-factor', redirect: `${LOGIN_PAGE}?step=setup-two-factor` };
  return { next: 'admin', redirect: '/admin' };
}

function copyCookies(from: Response, c: Context) {
  for (const cookie of from.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

async function jsonFields(c: Context): Promise<Fields | Response> {
  if (mediaType(c) !== 'application/json') return c.json({ message: MESSAGES.unsupportedType }, 415);
  const text = await readBody(c);
  if (text === null) return c.json({ message: MESSAGES.bodyTooLarge }, 413);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return c.json({ message: MESSAGES.badEncoding }, 400);
  return parsed as Fields;
}

/** A required string field of at most MAX_FIELD characters (codes are trimmed, passwords never). */
function field(fields: Fields, name: string, issues: Issue[], trim: boolean): string {
  const raw = fields[name];
  const value = typeof raw === 'string' ? (trim ? raw.trim() : raw) : '';
  if (!value || value.length > MAX_FIELD) issues.push({ path: name, message: MESSAGES.fieldRequired });
  return value;
}

const invalid = (c: Context, issues: Issue[]) => c.json({ message: issues[0]?.message ?? MESSAGES.invalidInput, issues }, 400);

async function problemOf(response: Response): Promise<{ code?: string; message?: string }> {
  return (await response.clone().json().catch(() => ({}))) as { code?: string; message?: string };
}

export function twoFactorRoutes(services: Services) {
  const { auth, throttle } = services.staff;
  const api = auth.api as unknown as Record<string, (input: Record<string, unknown>) => Promise<unknown>>;
  const address = (c: Context) => clientAddress(c, services.config.trustProxy);
  const app = new Hono();

  async function challengeOf(c: Context): Promise<PendingChallenge | null> {
    const found = (await api.pendingTwoFactorChallenge({ headers: authHeaders(c, services) }).catch(() => null)) as PendingChallenge | null;
    return found ? { ...found, expiresAt: new Date(found.expiresAt) } : null;
  }

  /** A signed-in member who has chosen their own password, or the 401/403 answer. */
  async function signedIn(c: Context): Promise<SignedInStaff | Response> {
    const staff = await currentStaff(c, services);
    if (!staff) return c.json({ message: STAFF_TEXT.signInRequired, code: 'signed-out' }, 401);
    if (staff.user.mustChangePassword) return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
    return staff;
  }

  /** A used code's mail leaves the outbox (sent or not): no copy of a code outlives its use. */
  async function forgetCodeMails(email: string) {
    await services.db.kysely.deleteFrom('outbox').where('kind', '=', 'staff.two-factor-code').where('to_address', '=', email).execute();
  }

  async function lockedAnswer(c: Context, account: string): Promise<Response | null> {
    const lock = await throttle.check(account, address(c));
    if (!lock) return null;
    c.header('Retry-After', String(lock.retryAfterSeconds));
    const message = lock.scope === 'account' ? STAFF_TEXT.lockedOut : STAFF_TEXT.tooManyAttempts;
    return c.json({ message, code: 'locked', retryAfter: lock.retryAfterSeconds }, 429);
  }

  /** A wrong password typed while signed in counts as a failed sign-in of that account. */
  async function checkPassword(c: Context, staff: SignedInStaff, password: string): Promise<Response | null> {
    const locked = await lockedAnswer(c, staff.user.username);
    if (locked) return locked;
    if (await verifyStaffPassword(auth, staff.user.id, password)) return null;
    await throttle.recordFailure(staff.user.username, address(c));
    return c.json({ message: TWO_FACTOR_TEXT.wrongPassword, code: 'wrong-password', issues: [{ path: 'password', message: TWO_FACTOR_TEXT.wrongPassword }] }, 400);
  }

  app.get('/status', async (c) => {
    const staff = await signedIn(c);
    if (staff instanceof Response) return staff;
    c.header('Cache-Control', 'no-store');
    return c.json(await twoFactorState(auth, staff.user.id));
  });

  app.get('/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    const challenge = await challengeOf(c);
    if (!challenge) return c.json({ message: TWO_FACTOR_TEXT.challengeExpired, code: 'challenge-expired' }, 401);
    return c.json({ methods: await twoFactorMethods(auth, challenge.userId) });
  });

  app.post('/enable', async (c) => {
    const staff = await signedIn(c);
    if (staff instanceof Response) return staff;
    const fields = await jsonFields(c);
    if (fields instanceof Response) return fields;
    const issues: Issue[] = [];
    const password = field(fields, 'password', issues, false);
    if (issues.length) return invalid(c, issues);
    const refused = await checkPassword(c, staff, password);
    if (refused) return refused;
    const response = (await api.enableTwoFactor({ body: { password, method: 'totp' }, headers: authHeaders(c, services), asResponse: true })) as Response;
    if (!response.ok) {
      const problem = await problemOf(response);
      return c.json({ message: problem.code === 'TOTP_ALREADY_ENABLED' ? 'Your authenticator app is already set up.' : MESSAGES.invalidInput, code: problem.code }, 400);
    }
    copyCookies(response, c);
    c.header('Cache-Control', 'no-store');
    const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
    return c.json({ totpURI, backupCodes });
  });

  app.post('/generate-backup-codes', async (c) => {
    const staff = await signedIn(c);
    if (staff instanceof Response) return staff;
    const fields = await jsonFields(c);
    if (fields instanceof Response) return fields;
    const issues: Issue[] = [];
    const password = field(fields, 'password', issues, false);
    if (issues.length) return invalid(c, issues);
    const refused = await checkPassword(c, staff, password);
    if (refused) return refused;
    const state = await twoFactorState(auth, staff.user.id);
    if (!state.totp) return c.json({ message: 'Backup codes come with an authenticator app. Set one up first.', code: 'totp-off' }, 400);
    const response = (await api.generateBackupCodes({ body: { password }, headers: authHeaders(c, services), asResponse: true })) as Response;
    if (!response.ok) throw new Error(`generate-backup-codes answered ${response.status} ${(await problemOf(response)).code ?? ''}`);
    c.header('Cache-Control', 'no-store');
    const { backupCodes } = (await response.json()) as { backupCodes: string[] };
    return c.json({ backupCodes });
  });

  app.post('/turn-off', async (c) => {
    const staff = await signedIn(c);
    if (staff instanceof Response) return staff;
    const fields = await jsonFields(c);
    if (fields instanceof Response) return fields;
    const issues: Issue[] = [];
    const method = fields.method === 'totp' || fields.method === 'otp' ? (fields.method as TwoFactorMethod) : null;
    if (!method) issues.push({ path: 'method', message: MESSAGES.fieldRequired });
    const password = field(fields, 'password', issues, false);
    if (issues.length) return invalid(c, issues);
    const refused = await checkPassword(c, staff, password);
    if (refused) return refused;
    const state = await twoFactorState(auth, staff.user.id);
    const others = (['totp', 'otp'] as const).filter((m) => m !== method && state[m]);
    if (services.config.requireAdminMfa && staff.user.role === 'admin' && state[method!] && others.length === 0) {
      return c.json({ message: TWO_FACTOR_TEXT.lastFactorRequired, code: 'two-factor-required' }, 409);
    }
    await turnOffMethod(auth, staff.user.id, method!);
    return c.json({ ...(await twoFactorState(auth, staff.user.id)), message: TWO_FACTOR_TEXT.turnedOff.replace('{method}', METHOD_NAMES[method!]) });
  });

  app.post('/send-otp', async (c) => {
    const fields = await jsonFields(c);
    if (fields instanceof Response) return fields;
    const staff = await currentStaff(c, services);
    if (staff?.user.mustChangePassword) return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
    let key: string;
    if (staff) {
      key = `${staff.user.id}!${staff.session.id}`;
    } else {
      const challenge = await challengeOf(c);
      if (!challenge) return c.json({ message: TWO_FACTOR_TEXT.challengeExpired, code: 'challenge-expired' }, 401);
      if (!(await twoFactorMethods(auth, challenge.userId)).includes('otp')) return c.json({ message: 'Email codes are not turned on for this account.', code: 'otp-off' }, 400);
      key = challenge.key;
    }
    // One code at a time: a new one no sooner than 30 seconds after the last (each send mails the member).
    const ctx = await auth.$context;
    const pending = await ctx.internalAdapter.findVerificationValue(`2fa-otp-${key}`);
    if (pending) {
      const sentAt = new Date(pending.expiresAt).getTime() - EMAIL_CODE_MINUTES * 60_000;
      const wait = Math.ceil((sentAt + EMAIL_CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return c.json({ message: TWO_FACTOR_TEXT.resendTooSoon, code: 'resend-too-soon', retryAfter: wait }, 429);
      }
    }
    const response = (await api.sendTwoFactorOTP({ body: {}, headers: authHeaders(c, services), asResponse: true })) as Response;
    if (!response.ok) throw new Error(`send-otp answered ${response.status} ${(await problemOf(response)).code ?? ''}`);
    return c.json({ status: true });
  });

  const verifiers: Record<string, { endpoint: string; method: TwoFactorMethod | 'backup' }> = {
    '/verify-totp': { endpoint: 'verifyTOTP', method: 'totp' },
    '/verify-otp': { endpoint: 'verifyTwoFactorOTP', method: 'otp' },
    '/verify-backup-code': { endpoint: 'verifyBackupCode', method: 'backup' },
  };
  for (const [path, { endpoint, method }] of Object.entries(verifiers)) {
    app.post(path, async (c) => {
      const fields = await jsonFields(c);
      if (fields instanceof Response) return fields;
      const issues: Issue[] = [];
      const code = field(fields, 'code', issues, true).replace(/\s+/g, '');
      if (issues.length) return invalid(c, issues);
      const trustDevice = fields.trustDevice === true;
      const staff = await currentStaff(c, services);

      if (staff?.user.mustChangePassword) return c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);
      if (staff) {
        // Set-up: a first code proves the app or the address works. Backup codes are for signing in only.
        if (method === 'backup') return c.json({ message: 'You are already signed in.', code: 'signed-in' }, 400);
        const response = (await api[endpoint]({ body: { code }, headers: authHeaders(c, services), asResponse: true })) as Response;
        if (!response.ok) {
          const problem = await problemOf(response);
          const expired = problem.code === 'OTP_HAS_EXPIRED' || problem.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE';
          return c.json({ message: expired ? STAFF_TEXT.invalidCode : TWO_FACTOR_TEXT.invalidCode, code: 'invalid-code' }, 400);
        }
        copyCookies(response, c);
        if (method === 'otp') {
          const ctx = await auth.$context;
          await ctx.internalAdapter.updateUser(staff.user.id, { twoFactorEmail: true, twoFactorEnabled: true });
          await forgetCodeMails(staff.user.email);
        }
        return c.json(await twoFactorState(auth, staff.user.id));
      }

      const challenge = await challengeOf(c);
      if (!challenge) return c.json({ message: TWO_FACTOR_TEXT.challengeExpired, code: 'challenge-expired' }, 401);
      const account = challenge.username.toLowerCase();
      const locked = await lockedAnswer(c, account);
      if (locked) return locked;
      const methods = await twoFactorMethods(auth, challenge.userId);
      // Only what the member turned on: backup codes come with the authenticator app.
      if (!methods.includes(method === 'backup' ? 'totp' : method)) return c.json({ message: TWO_FACTOR_TEXT.invalidCode, code: 'method-off' }, 400);
      const response = (await api[endpoint]({ body: { code, trustDevice }, headers: authHeaders(c, services), asResponse: true })) as Response;
      if (response.ok) {
        await throttle.clearAccount(account);
        copyCookies(response, c);
        const { user } = (await response.json()) as { user: { email?: string; role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean } };
        if (method === 'otp' && user.email) await forgetCodeMails(user.email);
        return c.json(nextAfterSignIn(user, services.config.requireAdminMfa));
      }
      const problem = await problemOf(response);
      if (problem.code === 'INVALID_CODE' || problem.code === 'INVALID_BACKUP_CODE') {
        await throttle.recordFailure(account, address(c));
        return c.json({ message: TWO_FACTOR_TEXT.invalidCode, code: 'invalid-code' }, 401);
      }
      if (response.status === 429) return c.json({ message: STAFF_TEXT.lockedOut, code: 'locked' }, 429);
      if (problem.code === 'OTP_HAS_EXPIRED') return c.json({ message: STAFF_TEXT.invalidCode, code: 'code-expired' }, 401);
      // Too many wrong codes for this challenge, or a challenge that ended: back to the password.
      copyCookies(response, c);
      return c.json({ message: TWO_FACTOR_TEXT.challengeExpired, code: 'challenge-expired' }, 401);
    });
  }

  return app;
}
