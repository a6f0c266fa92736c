/** The staff newsletter screens' calls to the API through the typed client (same origin, the session cookie goes along). */
import type { ClientResponse } from 'hono/client';
import type { OkBody } from '../inbox/staff-api.ts';
import type { Lang } from '../../../lib/i18n/languages.ts';

export interface CampaignSummary {
  id: string;
  subject: string;
  status: 'scheduled' | 'running' | 'paused' | 'cancelled' | 'finished';
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  pausedReason: string | null;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  /** Addresses refused for good or reported bounced; marked as spam. Neither is mailed again. */
  bounced: number;
  complained: number;
  ratePerSecond: number;
  /** The mail server has failed every message since `since`; the campaign retries by itself. */
  deliveryProblem: { since: string; lastError: string | null } | null;
  /** The language of the subscribers it goes to; null: every confirmed subscriber. */
  audienceLang: Lang | null;
  /** When it starts (ISO), if it was scheduled. */
  scheduledAt: string | null;
}

export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message?: string } | { ok: false; status: 0; network: true };

/** One request, e.g. `call(() => api['newsletter-campaigns'].audience.$get({}, JSON_REQUEST))`. */
export async function call<R extends ClientResponse<unknown, number, 'json'>>(send: () => Promise<R>): Promise<Answer<OkBody<R>>> {
  let response: R;
  try {
    response = await send();
  } catch {
    return { ok: false, status: 0, network: true };
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, status: response.status, data: payload as OkBody<R> };
  const message = typeof payload.message === 'string' && payload.message.trim() ? payload.message : undefined;
  return { ok: false, status: response.status, message };
}

/** The spec's messages for the send button's outcome, word for word. */
export const SEND_TEXT = {
  button: 'Send Newsletter',
  busy: 'Sending...',
  failedNoMessage: 'Error: Failed to send newsletter',
  network: 'Error: Failed to send newsletter. Please try again.',
  error: (message: string) => `Error: ${message}`,
} as const;
