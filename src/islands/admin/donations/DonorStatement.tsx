/**
 * One donor's yearly statement, sent on request (the donor lost it, or asks before the year's are
 * sent, or in December for the year so far): a year they gave in, newest first, then one button.
 * The API sends what their gifts of that year are now, saying which statement it replaces when
 * they changed since.
 */
import { useId, useState } from 'react';
import { useFocusResult } from '../focus-result.ts';
import type { GiftItem } from '../../../../api/src/donations/store.ts';
import { api } from '../../../lib/api-client.ts';
import { zonedYear, zonedYearMonth } from '../../../lib/organisation-calendar.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf } from '../../api-call.ts';
import { yearLabel } from './labels.ts';

export function DonorStatement({ email, gifts }: { email: string; gifts: GiftItem[] }) {
  const id = useId().replace(/:/g, '');
  const thisYear = zonedYearMonth().year;
  const years = [...new Set(gifts.filter((gift) => gift.status === 'completed' && gift.netCents > 0).map((gift) => zonedYear(gift.paidAt)))].filter((year) => year <= thisYear).sort((a, b) => b - a);
  const [year, setYear] = useState(years[0] ?? 0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const [noticeRef, focusNotice] = useFocusResult<HTMLParagraphElement>();
  if (!years.length) return null;

  async function send() {
    setBusy(true);
    setProblem('');
    setNotice('');
    const answer = await call(() => api.donations.statements.donor.$post({ json: { year, email } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    if (!answer.ok) setProblem(problemOf(answer));
    else setNotice(answer.data.message);
    focusNotice();
  }

  return (
    <div className="donor-statement" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Yearly statement</h4>
      <PanelProblem problem={problem} />
      <p className="inbox-muted">Their gifts of that year as they are now; when they changed since the last statement, it says which one it replaces.</p>
      <div className="inbox-filters">
        <div className="inbox-field">
          <label htmlFor={`${id}-year`}>Year</label>
          <select id={`${id}-year`} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {yearLabel({ year: y, current: y === thisYear })}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filters__actions">
          <button type="button" className="sipa-button sipa-button--secondary" disabled={busy} onClick={() => void send()}>
            {year === thisYear ? `Send the ${year} statement so far to this donor` : `Send the ${year} statement to this donor`}
          </button>
        </div>
      </div>
      <p className="inbox-live" role="status" tabIndex={-1} ref={noticeRef}>
        {notice}
      </p>
    </div>
  );
}
