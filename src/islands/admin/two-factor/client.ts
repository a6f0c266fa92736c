/**
 * The two-factor calls of the staff islands: /api/auth/two-factor/* through the typed client,
 * e.g. `staffCall(() => twoFactorApi.status.$get({}, JSON_REQUEST))` (a network failure is status 0).
 */
import { api } from '../../../lib/api-client.ts';
import type { TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import type { StaffAnswer } from '../staff-kit.tsx';

export const twoFactorApi = api.auth['two-factor'];

export interface TwoFactorStatus {
  totp: boolean;
  otp: boolean;
  backupCodes: number;
}

export function statusOf(answer: StaffAnswer): TwoFactorStatus {
  return { totp: Boolean(answer.body.totp), otp: Boolean(answer.body.otp), backupCodes: Number(answer.body.backupCodes ?? 0) };
}

export function methodsOf(answer: StaffAnswer): TwoFactorMethod[] {
  const methods = Array.isArray(answer.body.methods) ? (answer.body.methods as unknown[]) : [];
  return methods.filter((m): m is TwoFactorMethod => m === 'totp' || m === 'otp');
}
