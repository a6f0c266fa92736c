/**
 * A member's second factors as the staff side sees them: the authenticator app (a verified row
 * in staff_two_factor, which also holds the backup codes), email codes (`twoFactorEmail`), and
 * Better Auth's `twoFactorEnabled`, kept true exactly while at least one of them is on.
 */
import type { TwoFactorMethod } from '../../../../src/lib/two-factor-messages.ts';
import type { StaffAuth } from '../auth.ts';

export interface TwoFactorState {
  totp: boolean;
  otp: boolean;
  /** Unused backup codes (0 without an authenticator app). */
  backupCodes: number;
}

type TwoFactorRow = { id: string; userId: string; verified?: boolean | number | null };
type UserRow = { id: string; twoFactorEnabled?: boolean | number | null; twoFactorEmail?: boolean | number | null };

async function rowOf(auth: StaffAuth, userId: string): Promise<TwoFactorRow | null> {
  const ctx = await auth.$context;
  return ctx.adapter.findOne<TwoFactorRow>({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
}

export async function twoFactorState(auth: StaffAuth, userId: string): Promise<TwoFactorState> {
  const ctx = await auth.$context;
  const user = (await ctx.internalAdapter.findUserById(userId)) as UserRow | null;
  const row = await rowOf(auth, userId);
  const totp = Boolean(row && row.verified !== false && row.verified !== 0);
  let backupCodes = 0;
  if (totp) {
    const api = auth.api as unknown as { viewBackupCodes(input: { body: { userId: string } }): Promise<{ backupCodes: string[] }> };
    backupCodes = (await api.viewBackupCodes({ body: { userId } }).catch(() => ({ backupCodes: [] }))).backupCodes.length;
  }
  return { totp, otp: Boolean(user?.twoFactorEnabled) && Boolean(user?.twoFactorEmail), backupCodes };
}

/** The methods a sign-in of this member may use. An account marked on with neither falls back to email. */
export async function twoFactorMethods(auth: StaffAuth, userId: string): Promise<TwoFactorMethod[]> {
  const state = await twoFactorState(auth, userId);
  const methods: TwoFactorMethod[] = [];
  if (state.totp) methods.push('totp');
  if (state.otp) methods.push('otp');
  return methods.length ? methods : ['otp'];
}

/** Turns one method off; with none left, the second step is off and every trusted device forgotten. */
export async function turnOffMethod(auth: StaffAuth, userId: string, method: TwoFactorMethod): Promise<void> {
  const ctx = await auth.$context;
  if (method === 'totp') await ctx.adapter.delete({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
  else await ctx.internalAdapter.updateUser(userId, { twoFactorEmail: false });
  const state = await twoFactorState(auth, userId);
  if (!state.totp && !state.otp) {
    await ctx.internalAdapter.updateUser(userId, { twoFactorEnabled: false, twoFactorEmail: false });
    await ctx.adapter.deleteMany({
      model: 'verification',
      where: [
        { field: 'value', value: userId },
        { field: 'identifier', operator: 'starts_with', value: 'trust-device-' },
      ],
    });
  }
}

/** Whether the password is the member's own (Better Auth's hash check on the credential account). */
export async function verifyStaffPassword(auth: StaffAuth, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  if (!hash) return false;
  return ctx.password.verify({ hash, password });
}

/**
 * For a member who lost their phone and their backup codes (`npm run staff -- reset-two-factor`):
 * every method off, every trusted device forgotten, every session ended.
 */
export async function resetTwoFactor(auth: StaffAuth, userId: string): Promise<void> {
  await turnOffMethod(auth, userId, 'totp');
  await turnOffMethod(auth, userId, 'otp');
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
}
