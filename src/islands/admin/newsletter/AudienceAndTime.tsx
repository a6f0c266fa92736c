/**
 * Who a newsletter goes to and when, under the send form's three fields: every confirmed
 * subscriber or those who signed up in one language, and now or at a date and time entered in
 * the organisation's time zone, which is named beside the field (the staff member's phone may be
 * set to another). The panel reads the choice with `sendTarget` when Send Newsletter is pressed.
 */
import { LANGUAGES, type Lang } from '../../../lib/i18n/languages.ts';
import type { AudienceCounts } from '../../../lib/newsletter-audience.ts';
import { ORGANISATION_TIME_ZONE, isoToZonedTime, zoneName, zonedTimeToIso } from '../../../lib/newsletter-schedule.ts';

export interface AudienceAndTimeValue {
  audience: 'all' | Lang;
  when: 'now' | 'later';
  /** The chosen time as the field holds it: a wall-clock time in the organisation's zone (2026-11-27T10:30). */
  at: string;
}

export const SCHEDULE_TEXT = {
  audienceLegend: 'Audience',
  all: 'All confirmed subscribers',
  oneLanguageHint: 'Or only those who signed up in one language.',
  whenLegend: 'When',
  now: 'Now',
  later: 'At a chosen date and time',
  atLabel: (zone: string) => `Date and time (${zone})`,
  atHint: (zone: string, tz: string) => `In ${zone} (${tz}), the organisation's time zone.`,
  atMissing: 'Enter the date and time to send',
  atPassed: 'The time to send has passed: choose a later time, or send now',
} as const;

/** A round time an hour or so ahead, in the organisation's zone: the field's first value. */
export function defaultSendTime(now: number = Date.now()): string {
  const quarter = 15 * 60_000;
  return isoToZonedTime(Math.ceil((now + 60 * 60_000) / quarter) * quarter);
}

export const initialAudienceAndTime = (): AudienceAndTimeValue => ({ audience: 'all', when: 'now', at: defaultSendTime() });

/** The request's audience and scheduled_at, or the message saying what is wrong with the time. */
export function sendTarget(value: AudienceAndTimeValue, now: number = Date.now()): { ok: true; lang: Lang | null; scheduledAt: string | null } | { ok: false; message: string } {
  const lang = value.audience === 'all' ? null : value.audience;
  if (value.when === 'now') return { ok: true, lang, scheduledAt: null };
  const scheduledAt = zonedTimeToIso(value.at);
  if (!scheduledAt) return { ok: false, message: SCHEDULE_TEXT.atMissing };
  if (Date.parse(scheduledAt) <= now) return { ok: false, message: SCHEDULE_TEXT.atPassed };
  return { ok: true, lang, scheduledAt };
}

const count = (n: number | undefined) => (n === undefined ? '' : ` (${n.toLocaleString('en-US')})`);

export function AudienceAndTime({
  value,
  onChange,
  counts,
  error,
  disabled,
}: {
  value: AudienceAndTimeValue;
  onChange: (value: AudienceAndTimeValue) => void;
  /** Confirmed subscribers per language, shown beside each choice once counted. */
  counts: AudienceCounts | null;
  /** What is wrong with the chosen time, shown under its field. */
  error?: string;
  disabled?: boolean;
}) {
  const zone = zoneName();
  const set = (patch: Partial<AudienceAndTimeValue>) => onChange({ ...value, ...patch });
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  return (
    <div className="nl-target">
      <fieldset className="nl-choices" disabled={disabled}>
        <legend className="sipa-label">{SCHEDULE_TEXT.audienceLegend}</legend>
        <p className="sipa-hint" id="nl-audience-hint">
          {SCHEDULE_TEXT.oneLanguageHint}
        </p>
        <label className="nl-choice">
          <input type="radio" name="nl-audience" value="all" checked={value.audience === 'all'} onChange={() => set({ audience: 'all' })} aria-describedby="nl-audience-hint" />
          <span>
            {SCHEDULE_TEXT.all}
            {count(total)}
          </span>
        </label>
        {LANGUAGES.map((language) => (
          <label className="nl-choice" key={language.code}>
            <input type="radio" name="nl-audience" value={language.code} checked={value.audience === language.code} onChange={() => set({ audience: language.code })} />
            <span>
              <span lang={language.code}>{language.name}</span>
              {count(counts?.[language.code])}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="nl-choices" disabled={disabled}>
        <legend className="sipa-label">{SCHEDULE_TEXT.whenLegend}</legend>
        <label className="nl-choice">
          <input type="radio" name="nl-when" value="now" checked={value.when === 'now'} onChange={() => set({ when: 'now' })} />
          <span>{SCHEDULE_TEXT.now}</span>
        </label>
        <label className="nl-choice">
          <input type="radio" name="nl-when" value="later" checked={value.when === 'later'} onChange={() => set({ when: 'later' })} />
          <span>{SCHEDULE_TEXT.later}</span>
        </label>
        {value.when === 'later' ? (
          <div className="sipa-field nl-at" id="nl-at-field">
            <label htmlFor="nl-at">{SCHEDULE_TEXT.atLabel(zone)}</label>
            <p className="sipa-hint" id="nl-at-hint">
              {SCHEDULE_TEXT.atHint(zone, ORGANISATION_TIME_ZONE)}
            </p>
            <input
              id="nl-at"
              name="scheduled_at"
              type="datetime-local"
              required
              value={value.at}
              onChange={(event) => set({ at: event.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'nl-at-hint nl-at-error' : 'nl-at-hint'}
            />
            {error ? (
              <p className="sipa-field-error" id="nl-at-error">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
