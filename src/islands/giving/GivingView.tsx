/** The donor's giving once their link is open: the monthly gifts, every gift with its receipt, the yearly statements. */
import { useState } from 'react';
import type { DonorGiving } from '../../../api/src/donations/donor-portal.ts';
import { api } from '../../lib/api-client.ts';
import { formatCurrency, formatDate } from '../../lib/i18n/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { ORGANISATION_TIME_ZONE } from '../../lib/organisation-calendar.ts';
import { Alert } from '../form-kit/frame.tsx';
import { MonthlyGift } from './MonthlyGift.tsx';
import { fill, type GivingTexts as T } from './texts.ts';

interface GivingViewProps {
  giving: DonorGiving;
  lang: Lang;
  t: T;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSignOut: () => void;
  onChanged: () => Promise<boolean>;
}

export function GivingView({ giving, lang, t, headingRef, onSignOut, onChanged }: GivingViewProps) {
  // Back from PayPal after agreeing to a new amount (api/src/routes/giving.ts /revised).
  const [changed] = useState(() => location.hash === '#amount-changed');
  const money = (cents: number) => formatCurrency(cents / 100, lang);
  const date = (iso: string | null) => (iso ? formatDate(iso, lang, { dateStyle: 'long', timeZone: ORGANISATION_TIME_ZONE }) : '');
  const thisYear = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: ORGANISATION_TIME_ZONE }).format(new Date()));
  const status = { active: t.givingStatusActive, cancelled: t.givingStatusCancelled, ended: t.givingStatusEnded } as const;
  const giftStatus = { pending: t.givingStatusPending, completed: '', refunded: t.givingStatusRefunded, reversed: t.givingStatusRefunded, failed: t.givingStatusFailed } as const;
  return (
    <div className="giving-view">
      <div className="giving-view__head">
        <h2 ref={headingRef} tabIndex={-1}>
          {t.givingYourGiving}
        </h2>
        <p>{fill(t.givingSignedInAs, { email: giving.email })}</p>
        <button type="button" className="sipa-button sipa-button--secondary" onClick={onSignOut}>
          {t.givingSignOut}
        </button>
      </div>

      {changed ? (
        <Alert tone="success">
          <p>{t.givingAmountChanged}</p>
        </Alert>
      ) : null}
      <section aria-labelledby="giving-monthly">
        <h3 id="giving-monthly">{t.givingMonthlyHeading}</h3>
        {giving.monthly.length ? (
          <ul className="giving-list" role="list">
            {giving.monthly.map((gift) => (
              <MonthlyGift key={gift.id} gift={gift} lang={lang} t={t} money={money} date={date} statusLabel={status[gift.status]} onChanged={onChanged} />
            ))}
          </ul>
        ) : (
          <p>{t.givingMonthlyNone}</p>
        )}
      </section>

      <section aria-labelledby="giving-gifts">
        <h3 id="giving-gifts">{t.givingGiftsHeading}</h3>
        {giving.gifts.length ? (
          <ul className="giving-list" role="list">
            {giving.gifts.map((gift) => (
              <li key={gift.receiptNumber} className="giving-item">
                <p className="giving-item__main">
                  <strong>{money(gift.amountCents)}</strong> · {date(gift.paidAt)} · {gift.kind === 'monthly' ? t.mailReceiptMonthly : t.mailReceiptOneTime}
                  {giftStatus[gift.status] ? <span className="giving-badge">{giftStatus[gift.status]}</span> : null}
                </p>
                {gift.refundedCents > 0 && gift.status === 'completed' ? <p className="giving-item__note">{fill(t.givingPartRefunded, { amount: money(gift.refundedCents) })}</p> : null}
                {gift.hasReceipt ? (
                  <a className="giving-item__link" href={api.giving.receipts[':number'].$path({ param: { number: gift.receiptNumber } })} target="_blank" rel="noopener">
                    {fill(t.givingReceiptLink, { number: gift.receiptNumber })}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.givingGiftsNone}</p>
        )}
      </section>

      <section aria-labelledby="giving-statements">
        <h3 id="giving-statements">{t.givingStatementsHeading}</h3>
        {giving.statements.length ? (
          <ul className="giving-links" role="list">
            {giving.statements.map((statement) => (
              <li key={statement.year}>
                <a href={api.giving.statements[':year'].$path({ param: { year: String(statement.year) } })} target="_blank" rel="noopener">
                  {fill(statement.year === thisYear ? t.givingStatementSoFar : t.givingStatementLink, { year: statement.year, amount: money(statement.totalCents) })}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.givingStatementsNone}</p>
        )}
      </section>
    </div>
  );
}
