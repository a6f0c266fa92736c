/** The staff newsletter screens' calls to the API (same origin, the session cookie goes along). */
export interface CampaignSummary {
  id: string;
  subject: string;
  status: 'running' | 'paused' | 'cancelled' | 'finished';
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  pausedReason: string | null;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
  ratePerSecond: number;
}

export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message?: string } | { ok: false; status: 0; network: true };

export async function call<T>(path: string, body?: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, network: true };
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
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
