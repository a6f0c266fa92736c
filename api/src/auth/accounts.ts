/**
 * Staff accounts as the server and `npm run staff` manage them: invite, reset a password, list,
 * disable and enable, and the first administrator from ADMIN_USERNAME/ADMIN_PASSWORD/ADMIN_EMAIL.
 * Every password goes through the same policy as the sign-in screens.
 */
import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS, passwordProblems } from '../../../src/lib/password-policy.ts';
import type { ApiConfig } from '../config.ts';
import type { StaffAuth } from './auth.ts';

export class StaffAccountError extends Error {}

export interface StaffMember {
  id: string;
  username: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
}

const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 16 characters from every class the policy asks for, without look-alikes, shuffled. */
export function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)];
  const lower = 'abcdefghjkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  // Symbols that survive copying from a terminal and need no quoting in a shell.
  const symbols = '!#%+-=_.@';
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  const all = lower + upper + digits + symbols;
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (passwordProblems(password).length || ![...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch))) return temporaryPassword();
  return password;
}

type UserRow = Record<string, unknown> & { id: string; email: string; name: string; createdAt: Date | string };

function toMember(user: UserRow): StaffMember {
  return {
    id: user.id,
    username: String(user.username ?? ''),
    email: user.email,
    name: user.name,
    role: String(user.role ?? 'user'),
    disabled: Boolean(user.banned),
    mustChangePassword: Boolean(user.mustChangePassword),
    createdAt: new Date(user.createdAt),
  };
}

export function staffAccounts(auth: StaffAuth) {
  const context = () => auth.$context;

  async function findByUsername(username: string): Promise<UserRow | null> {
    const ctx = await context();
    return (await ctx.adapter.findOne<UserRow>({ model: 'user', where: [{ field: 'username', value: username.trim().toLowerCase() }] })) ?? null;
  }

  async function requireMember(username: string): Promise<UserRow> {
    const user = await findByUsername(username);
    if (!user) throw new StaffAccountError(`No staff account is called "${username}".`);
    return user;
  }

  function checkPassword(password: string) {
    const problems = passwordProblems(password);
    if (problems.length) throw new StaffAccountError(problems.join('. '));
  }

  async function setPassword(userId: string, password: string) {
    checkPassword(password);
    const ctx = await context();
    const hash = await ctx.password.hash(password);
    const account = await ctx.internalAdapter.findCredentialAccount(userId);
    if (account) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  }

  return {
    findByUsername: async (username: string) => {
      const user = await findByUsername(username);
      return user ? toMember(user) : null;
    },

    /**
     * Creates an account. Without a password the member gets a temporary one (returned once)
     * and must choose their own at first sign-in.
     */
    async create(input: { username: string; email: string; admin?: boolean; password?: string; name?: string; emailVerified?: boolean }) {
      const username = input.username.trim();
      const email = input.email.trim().toLowerCase();
      if (!USERNAME_PATTERN.test(username)) throw new StaffAccountError('A username has 3 to 30 letters, digits, dots or underscores.');
      if (!EMAIL_PATTERN.test(email)) throw new StaffAccountError('Please enter a valid email');
      const password = input.password ?? temporaryPassword();
      checkPassword(password);
      if (await findByUsername(username)) throw new StaffAccountError(`The username "${username}" is already taken.`);
      const ctx = await context();
      if (await ctx.internalAdapter.findUserByEmail(email)) throw new StaffAccountError(`Another staff account already uses ${email}.`);
      const user = (await ctx.internalAdapter.createUser({
        email,
        name: input.name?.trim() || username,
        username,
        displayUsername: username,
        // An address the administrator vouches for; otherwise the member verifies it with a code after signing in.
        emailVerified: input.emailVerified ?? true,
        role: input.admin ? 'admin' : 'user',
        mustChangePassword: input.password === undefined,
      }, { kind: 'server' } as never)) as UserRow;
      await setPassword(user.id, password);
      return { member: toMember(user), temporaryPassword: input.password === undefined ? password : undefined };
    },

    /** A new temporary password (returned once); every session of the member ends. */
    async resetPassword(username: string) {
      const user = await requireMember(username);
      const password = temporaryPassword();
      await setPassword(user.id, password);
      const ctx = await context();
      await ctx.internalAdapter.updateUser(user.id, { mustChangePassword: true });
      await ctx.internalAdapter.deleteUserSessions(user.id);
      return { member: toMember({ ...user, mustChangePassword: true }), temporaryPassword: password };
    },

    async list(): Promise<StaffMember[]> {
      const ctx = await context();
      const users = await ctx.adapter.findMany<UserRow>({ model: 'user', sortBy: { field: 'createdAt', direction: 'asc' } });
      return users.map(toMember);
    },

    /** Disabling ends every session of the member and refuses their sign-in until enabled. */
    async setDisabled(username: string, disabled: boolean) {
      const user = await requireMember(username);
      const ctx = await context();
      await ctx.internalAdapter.updateUser(user.id, { banned: disabled, banReason: disabled ? 'disabled by an administrator' : null, banExpires: null });
      if (disabled) await ctx.internalAdapter.deleteUserSessions(user.id);
      return toMember({ ...user, banned: disabled });
    },

    async countAdmins(): Promise<number> {
      const ctx = await context();
      return ctx.adapter.count({ model: 'user', where: [{ field: 'role', value: 'admin' }] });
    },
  };
}

export type StaffAccounts = ReturnType<typeof staffAccounts>;

/**
 * Creates the first administrator from the config when none exists. Never touches an existing
 * account. A password the policy refuses stops the start with the policy's message.
 */
export async function ensureFirstAdmin(accounts: StaffAccounts, config: Pick<ApiConfig, 'adminUsername' | 'adminPassword' | 'adminEmail'>) {
  const { adminUsername, adminPassword, adminEmail } = config;
  if (!adminUsername && !adminPassword && !adminEmail) return { created: false as const, reason: 'not configured' };
  if (!adminUsername || !adminPassword || !adminEmail) {
    throw new StaffAccountError('ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL must be set together to create the first administrator.');
  }
  const problems = passwordProblems(adminPassword);
  if (problems.length) throw new StaffAccountError(`ADMIN_PASSWORD is refused: ${problems.join('. ')}.`);
  if ((await accounts.countAdmins()) > 0) return { created: false as const, reason: 'an administrator exists' };
  if (await accounts.findByUsername(adminUsername)) return { created: false as const, reason: `the account "${adminUsername}" exists` };
  const { member } = await accounts.create({ username: adminUsername, email: adminEmail, admin: true, password: adminPassword });
  return { created: true as const, member };
}
