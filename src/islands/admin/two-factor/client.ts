/** The two-factor calls of the staff islands: JSON to /api/auth/two-factor/*, a network failure as status 0. */
import type { TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import { staffPost, type StaffAnswer } from '../staff-kit.tsx';

export const TWO_FACTOR_API = '/api/auth/two-factor';

export interface TwoFactorStatus {
  totp: boolean;
  otp: boolean;
  backupCodes: number;
}

export async function twoFactorGet(path: string): Promise<StaffAnswer> {
  try {
    const response = await fetch(`${TWO_FACTOR_API}${path}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const body = (await response.json().catch(() => ({}))) as StaffAnswer['body'];
    return { status: response.status, body: body ?? {} };
  } catch {
    return { status: 0, body: {} };
  }
}

export const twoFactorPost = (path: string, body: unknown = {}) => staffPost(`${TWO_FACTOR_API}${path}`, body);

export function statusOf(answer: StaffAnswer): TwoFactorStatus {
  return { totp: Boolean(answer.body.totp), otp: Boolean(answer.body.otp), backupCodes: Number(answer.body.backupCodes ?? 0) };
}

export function methodsOf(answer: StaffAnswer): TwoFactorMethod[] {
  const methods = Array.isArray(answer.body.methods) ? (answer.body.methods as unknown[]) : [];
  return methods.filter((m): m is TwoFactorMethod => m === 'totp' || m === 'otp');
}
