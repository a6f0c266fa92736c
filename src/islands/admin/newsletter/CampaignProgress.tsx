/** A campaign's live progress: a bar and the counts, polled every second while it runs. */
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, formatDateTime } from '../inbox/staff-api.ts';
import { call, type CampaignSummary } from './newsletter-api.ts';

export const STATUS_LABEL: Record<CampaignSummary['status'], string> = { scheduled: 'Scheduled', running: 'Sending', paused: 'Paused', cancelled: 'Cancelled', finished: 'Finished' };

export function percentDone(c: Pick<CampaignSummary, 'total' | 'remaining'>): number {
  return c.total ? Math.floor(((c.total - c.remaining) / c.total) * 100) : 100;
}

export function CampaignProgress({ initial, onChange }: { initial: CampaignSummary; onChange?: (c: CampaignSummary) => void }) {
  const [campaign, setCampaign] = useState(initial);
  useEffect(() => setCampaign(initial), [initial]);
  useEffect(() => {
    if (campaign.status !== 'running') return;
    const timer = setTimeout(async () => {
      const answer = await call(() => api['newsletter-campaigns'][':id'].$get({ param: { id: campaign.id } }, JSON_REQUEST));
      if (answer.ok) {
        setCampaign(answer.data);
        onChange?.(answer.data);
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [campaign, onChange]);
  const percent = percentDone(campaign);
  return (
    <div className="nl-progress">
      <div className="nl-progress__head">
        <strong>{campaign.subject}</strong>
        <span className={`nl-status nl-status--${campaign.status}`}>{STATUS_LABEL[campaign.status]}</span>
      </div>
      <div className="nl-progress__bar" role="progressbar" aria-label="Delivery progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <dl className="nl-progress__counts">
        <div>
          <dt>Done</dt>
          <dd>{percent} %</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd data-count="sent">{campaign.sent}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-count="failed">{campaign.failed}</dd>
        </div>
        <div>
          <dt>Bounced</dt>
          <dd data-count="bounced">{campaign.bounced}</dd>
        </div>
        <div>
          <dt>Marked as spam</dt>
          <dd data-count="complained">{campaign.complained}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd data-count="remaining">{campaign.remaining}</dd>
        </div>
        <div>
          <dt>Rate</dt>
          <dd>{campaign.ratePerSecond} / s</dd>
        </div>
      </dl>
      {campaign.pausedReason ? <p className="nl-progress__reason">{campaign.pausedReason}</p> : null}
      {campaign.deliveryProblem ? (
        <p className="nl-progress__reason" role="status">
          The mail server has refused or failed every message since {formatDateTime(campaign.deliveryProblem.since)}. Sending resumes by itself as soon as it
          accepts one; nothing is lost.{campaign.deliveryProblem.lastError ? ` Last error: ${campaign.deliveryProblem.lastError}` : ''}
        </p>
      ) : null}
    </div>
  );
}
