/**
 * The newsletter screens' campaign shape and the spec's send-button texts. Their calls go through
 * src/islands/api-call.ts like every island's; `call` is re-exported here for the panel's imports.
 */
export { call, type Answer } from '../../api-call.ts';
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

/** The spec's messages for the send button's outcome, word for word. */
export const SEND_TEXT = {
  button: 'Send Newsletter',
  busy: 'Sending...',
  failedNoMessage: 'Error: Failed to send newsletter',
  network: 'Error: Failed to send newsletter. Please try again.',
  error: (message: string) => `Error: ${message}`,
} as const;
