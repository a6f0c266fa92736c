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
import { APIError } from 'better-auth/api';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../../src/lib/messages.ts';
import { STAFF_TEXT } from '../../../src/lib/staff-messages.ts';
import { EMAIL_CODE_MINUTES, EMAIL_CODE_RESEND_SECONDS, METHOD_NAMES, TWO_FACTOR_TEXT, type TwoFactorMethod } from '../../../src/lib/two-factor-messages.ts';
import { authHeaders, currentStaff, type SignedInStaff, type StaffEnv } from '../auth/guard.ts';
import { LOGIN_PAGE, authJson, copyCookies, signedIn, type Fields } from '../auth/http.ts';
import type { PendingChallenge } from '../auth/two-factor/plugin.ts';
import { storedBackupCode } from '../auth/two-factor/backup-codes.ts';
import { twoFactorMethods, twoFactorState, turnOffMethod, verifyStaffPassword } from '../auth/two-factor/state.ts';
import { BUSY_CODE } from '../auth/hash-queue.ts';
import { lockMessage, type Attempt } from '../auth/sign-in-throttle.ts';
import { clientAddress } from '../client-address.ts';
import { clientNetwork } from '../client-network.ts';
import type { Services } from '../services.ts';

const MAX_FIELD = 200;

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

/** A required string field of at most MAX_FIELD characters (codes are trimmed, passwords never). */
function field(fields: Fields, name: string, issues: Issue[], trim: boolean): string {
  const raw = fields[name];
  const value = typeof raw === 'string' ? (trim ? raw.trim() : raw) : '';
  if (!value || value.length > MAX_FIELD) issues.push({ path: name, message: MESSAGES.fieldRequired });
  return value;
}

/** The checked values, or the 400 that names every field refused. */
const checked = <T>(c: Context, issues: Issue[], values: T) => (issues.length ? c.json({ message: issues[0]?.message ?? MESSAGES.invalidInput, issues }, 400) : values);

/** The bodies of the two-factor calls, each through `authJson` (an empty body counts as `{}`). */
const BODIES = {
  none: authJson<Record<never, never>>(() => ({}), { blankIsEmpty: true }),
  password: authJson((fields, c) => {
    const issues: Issue[] = [];
    const password = field(fields, 'password', issues, false);
    return checked(c, issues, { password });
  }, { blankIsEmpty: true }),
  turnOff: authJson((fields, c) => {
    const issues: Issue[] = [];
    const method = fields.method === 'totp' || fields.method === 'otp' ? (fields.method as TwoFactorMethod) : null;
    if (!method) issues.push({ path: 'method', message: MESSAGES.fieldRequired });
    const password = field(fields, 'password', issues, false);
    return checked(c, issues, { method: method!, password });
  }, { blankIsEmpty: true }),
  code: authJson<{ code: string; trustDevice?: boolean } | Response>((fields, c) => {
    const issues: Issue[] = [];
    const code = field(fields, 'code', issues, true).replace(/\s+/g, '');
    return checked(c, issues, { code, trustDevice: fields.trustDevice === true });
  }, { blankIsEmpty: true }),
};

/** No pending sign-in (or one that ended): the member starts again with the password. */
const challengeExpired = (c: Context) => c.json({ message: TWO_FACTOR_TEXT.challengeExpired, code: 'challenge-expired' }, 401);

/** A member still to replace a temporary password may not use a second factor yet. */
const passwordChangeRequired = (c: Context) => c.json({ message: STAFF_TEXT.passwordChangeRequired, code: 'password-change-required' }, 403);

async function problemOf(response: Response): Promise<{ code?: string; message?: string }> {
  return (await response.clone().json().catch(() => ({}))) as { code?: string; message?: string };
}

export function twoFactorRoutes(services: Services) {
  const { auth, throttle } = services.staff;
  const api = auth.api as unknown as Record<string, (input: Record<string, unknown>) => Promise<unknown>>;
  const network = (c: Context) => clientNetwork(clientAddress(c, services.config.trustProxy));
  /** A signed-in member who has chosen their own password (401/403 otherwise). */
  const member = signedIn(services, 'password-set');

  async function challengeOf(c: Context): Promise<PendingChallenge | null> {
    const found = (await api.pendingTwoFactorChallenge({ headers: authHeaders(c, services) }).catch(() => null)) as PendingChallenge | null;
    return found ? { ...found, expiresAt: new Date(found.expiresAt) } : null;
  }

  /** The member's unused backup codes, as stored. */
  async function backupCodesOf(userId: string): Promise<string[]> {
    const found = (await api.viewBackupCodes({ body: { userId } }).catch(() => null)) as { backupCodes?: string[] } | null;
    return found?.backupCodes ?? [];
  }

  /** A used code's mail leaves the outbox (sent or not): no copy of a code outlives its use. */
  async function forgetCodeMails(email: string) {
    await services.db.kysely.deleteFrom('outbox').where('kind', '=', 'staff.two-factor-code').where('to_address', '=', email).execute();
  }

  /**
   * Takes the attempt's place in the account's counts before a password or code is checked
   * (sign-in-throttle.ts), or answers the 429 that refuses it.
   */
  async function beginAttempt(c: Context, account: string): Promise<{ attempt: Attempt } | Response> {
    const begun = await throttle.begin(account, network(c));
    if ('attempt' in begun) return begun;
    c.header('Retry-After', String(begun.lock.retryAfterSeconds));
    return c.json({ message: lockMessage(begun.lock.scope), code: 'locked', retryAfter: begun.lock.retryAfterSeconds }, 429);
  }

  /** The member's password, checked: a wrong one typed while signed in counts as a failed sign-in of that account. */
  const passwordConfirmed: MiddlewareHandler<StaffEnv, string, { out: { json: { password: string } } }> = async (c, next) => {
    const staff = c.get('staff');
    const begun = await beginAttempt(c, staff.user.username.toLowerCase());
    if (begun instanceof Response) return begun;
    const right = await verifyStaffPassword(auth, staff.user.id, c.req.valid('json').password).catch(async (error: unknown) => {
      await begun.attempt.passed();
      if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === BUSY_CODE) return null;
      throw error;
    });
    if (right === null) return c.json({ message: STAFF_TEXT.busy, code: 'busy' }, 429);
    if (right) {
      await begun.attempt.passed();
      return next();
    }
    return c.json({ message: TWO_FACTOR_TEXT.wrongPassword, code: 'wrong-password', issues: [{ path: 'password', message: TWO_FACTOR_TEXT.wrongPassword }] }, 400);
  };

  /** A code while signed in: a first code proves the app or the address works. */
  async function setUpWith(c: Context, staff: SignedInStaff, endpoint: string, method: TwoFactorMethod | 'backup', code: string) {
    // Backup codes are for signing in only.
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

  /** A code as the second step of a sign-in (the challenge cookie says whose). */
  async function signInWith(c: Context, endpoint: string, method: TwoFactorMethod | 'backup', code: string, trustDevice: boolean) {
    const challenge = await challengeOf(c);
    if (!challenge) return challengeExpired(c);
    const account = challenge.username.toLowerCase();
    const methods = await twoFactorMethods(auth, challenge.userId);
    // Only what the member turned on: backup codes come with the authenticator app.
    if (!methods.includes(method === 'backup' ? 'totp' : method)) return c.json({ message: TWO_FACTOR_TEXT.invalidCode, code: 'method-off' }, 400);
    // Counted before the code is checked, with the account's password failures (sign-in-throttle.ts).
    const begun = await beginAttempt(c, account);
    if (begun instanceof Response) return begun;
    const { attempt } = begun;
    // A backup code typed without its dash, with spaces or in another case stands for the member's own code.
    const checked = method === 'backup' ? storedBackupCode(code, await backupCodesOf(challenge.userId)) : code;
    const response = (await api[endpoint]({ body: { code: checked, trustDevice }, headers: authHeaders(c, services), asResponse: true })) as Response;
    if (response.ok) {
      await attempt.passed();
      await throttle.signedIn(account, network(c));
      copyCookies(response, c);
      const { user } = (await response.json()) as { user: { email?: string; role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean } };
      if (method === 'otp' && user.email) await forgetCodeMails(user.email);
      return c.json(nextAfterSignIn(user, services.config.requireAdminMfa));
    }
    const problem = await problemOf(response);
    // A wrong code keeps its place in the count; anything else checked no code and gives it back.
    if (problem.code === 'INVALID_CODE' || problem.code === 'INVALID_BACKUP_CODE') return c.json({ message: TWO_FACTOR_TEXT.invalidCode, code: 'invalid-code' }, 401);
    await attempt.passed();
    if (response.status === 429) return c.json({ message: STAFF_TEXT.lockedOut, code: 'locked' }, 429);
    if (problem.code === 'OTP_HAS_EXPIRED') return c.json({ message: STAFF_TEXT.invalidCode, code: 'code-expired' }, 401);
    // Too many wrong codes for this challenge, or a challenge that ended: back to the password.
    copyCookies(response, c);
    return challengeExpired(c);
  }

  /** POST /verify-totp | /verify-otp | /verify-backup-code: set-up while signed in, else the sign-in's second step. */
  const verifier =
    (endpoint: string, method: TwoFactorMethod | 'backup') =>
    async (c: Context<StaffEnv, string, { out: { json: { code: string; trustDevice?: boolean } } }>) => {
      const { code, trustDevice = false } = c.req.valid('json');
      const staff = await currentStaff(c, services);
      if (staff?.user.mustChangePassword) return passwordChangeRequired(c);
      return staff ? setUpWith(c, staff, endpoint, method, code) : signInWith(c, endpoint, method, code, trustDevice);
    };

  // One chain, so the routes' types reach AppType and the typed client.
  return new Hono<StaffEnv>()
    .get('/status', member, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await twoFactorState(auth, c.get('staff').user.id));
    })

    .get('/challenge', async (c) => {
      c.header('Cache-Control', 'no-store');
      const challenge = await challengeOf(c);
      if (!challenge) return challengeExpired(c);
      return c.json({ methods: await twoFactorMethods(auth, challenge.userId) });
    })

    .post('/enable', member, BODIES.password, passwordConfirmed, async (c) => {
      const { password } = c.req.valid('json');
      const response = (await api.enableTwoFactor({ body: { password, method: 'totp' }, headers: authHeaders(c, services), asResponse: true })) as Response;
      if (!response.ok) {
        const problem = await problemOf(response);
        return c.json({ message: problem.code === 'TOTP_ALREADY_ENABLED' ? 'Your authenticator app is already set up.' : MESSAGES.invalidInput, code: problem.code }, 400);
      }
      copyCookies(response, c);
      c.header('Cache-Control', 'no-store');
      const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
      return c.json({ totpURI, backupCodes });
    })

    .post('/generate-backup-codes', member, BODIES.password, passwordConfirmed, async (c) => {
      const { password } = c.req.valid('json');
      const state = await twoFactorState(auth, c.get('staff').user.id);
      if (!state.totp) return c.json({ message: 'Backup codes come with an authenticator app. Set one up first.', code: 'totp-off' }, 400);
      const response = (await api.generateBackupCodes({ body: { password }, headers: authHeaders(c, services), asResponse: true })) as Response;
      if (!response.ok) throw new Error(`generate-backup-codes answered ${response.status} ${(await problemOf(response)).code ?? ''}`);
      c.header('Cache-Control', 'no-store');
      const { backupCodes } = (await response.json()) as { backupCodes: string[] };
      return c.json({ backupCodes });
    })

    .post('/turn-off', member, BODIES.turnOff, passwordConfirmed, async (c) => {
      const { method } = c.req.valid('json');
      const staff = c.get('staff');
      const state = await twoFactorState(auth, staff.user.id);
      const others = (['totp', 'otp'] as const).filter((m) => m !== method && state[m]);
      if (services.config.requireAdminMfa && staff.user.role === 'admin' && state[method] && others.length === 0) {
        return c.json({ message: TWO_FACTOR_TEXT.lastFactorRequired, code: 'two-factor-required' }, 409);
      }
      await turnOffMethod(auth, staff.user.id, method);
      return c.json({ ...(await twoFactorState(auth, staff.user.id)), message: TWO_FACTOR_TEXT.turnedOff.replace('{method}', METHOD_NAMES[method]) });
    })

    .post('/send-otp', BODIES.none, async (c) => {
      const staff = await currentStaff(c, services);
      if (staff?.user.mustChangePassword) return passwordChangeRequired(c);
      let key: string;
      if (staff) {
        key = `${staff.user.id}!${staff.session.id}`;
      } else {
        const challenge = await challengeOf(c);
        if (!challenge) return challengeExpired(c);
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
    })

    .post('/verify-totp', BODIES.code, verifier('verifyTOTP', 'totp'))
    .post('/verify-otp', BODIES.code, verifier('verifyTwoFactorOTP', 'otp'))
    .post('/verify-backup-code', BODIES.code, verifier('verifyBackupCode', 'backup'));
}
