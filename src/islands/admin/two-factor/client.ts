/**
 * The two-factor calls of the staff islands: /api/auth/two-factor/* through the typed client,
 * e.g. `call(() => twoFactorApi.status.$get({}, JSON_REQUEST))` (src/islands/api-call.ts).
 */
import { api } from '../../../lib/api-client.ts';
import type { TwoFactorMethod } from '../../../lib/two-factor-messages.ts';
import type { Answer } from '../../api-call.ts';

export const twoFactorApi = api.auth['two-factor'];

export interface TwoFactorStatus {
  totp: boolean;
  otp: boolean;
  backupCodes: number;
}

export function statusOf(answer: Answer<unknown>): TwoFactorStatus {
  return { totp: Boolean(answer.body.totp), otp: Boolean(answer.body.otp), backupCodes: Number(answer.body.backupCodes ?? 0) };
}

export function methodsOf(answer: Answer<unknown>): TwoFactorMethod[] {
  const methods = Array.isArray(answer.body.methods) ? (answer.body.methods as unknown[]) : [];
  return methods.filter((m): m is TwoFactorMethod => m === 'totp' || m === 'otp');
}
