/**
 * One monthly gift on "Manage my giving": its amount, status and dates; stopped here after a
 * confirmation, or given a new amount that PayPal asks the donor to agree to, when it runs on
 * PayPal's Subscriptions API; on Payments Standard, the exact steps on PayPal's own page.
 */
import { useEffect, useRef, useState } from 'react';
import type { DonorGiving } from '../../../api/src/donations/donor-portal.ts';
import { api } from '../../lib/api-client.ts';
import { PAYPAL_AUTOPAY_URL } from '../../lib/constants.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { localizePath } from '../../lib/i18n/paths.ts';
import { formatAmount } from '../../lib/paypal.ts';
import { parseTypedAmount } from '../../lib/typed-amount.ts';
import { JSON_REQUEST, call, problemOf } from '../api-call.ts';
import { Alert } from '../form-kit/frame.tsx';
import { ActionPair } from './ActionPair.tsx';
import { fill, type GivingTexts as T } from './texts.ts';

export type Monthly = DonorGiving['monthly'][number];

export function MonthlyGift({ gift, lang, t, money, date, statusLabel, onChanged }: { gift: Monthly; lang: Lang; t: T; money: (cents: number) => string; date: (iso: string | null) => string; statusLabel: string; onChanged: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) yesRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function stop() {
    setBusy(true);
    const answer = await call(() => api.giving.monthly[':id'].stop.$post({ param: { id: gift.id } }, JSON_REQUEST));
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setResult({ tone: 'error', text: problemOf(answer) });
    setResult({ tone: 'success', text: answer.data.message });
    await onChanged();
  }

  const active = gift.status === 'active';
  return (
    <li className="giving-item giving-monthly">
      <p className="giving-item__main">
        <strong>{fill(t.givingPerMonth, { amount: money(gift.amountCents) })}</strong>
        <span className={`giving-badge giving-badge--${gift.status}`}>{statusLabel}</span>
      </p>
      <p className="giving-item__note">
        {[gift.signedUpAt ? fill(t.givingSince, { date: date(gift.signedUpAt) }) : '', gift.lastPaymentAt ? fill(t.givingLastPayment, { date: date(gift.lastPaymentAt) }) : '', gift.cancelledAt ? fill(t.givingStoppedOn, { date: date(gift.cancelledAt) }) : '']
          .filter(Boolean)
          .join(' · ')}
      </p>
      {result ? (
        <div ref={resultRef} tabIndex={-1}>
          <Alert tone={result.tone}>
            <p>{result.text}</p>
          </Alert>
        </div>
      ) : null}
      {active && gift.stopHere ? (
        confirming ? (
          <div className="giving-confirm" role="group" aria-label={t.givingStopButton}>
            <p>{fill(t.givingStopConfirm, { amount: money(gift.amountCents) })}</p>
            <ActionPair busy={busy} action={t.givingStopYes} onAction={() => void stop()} actionRef={yesRef} danger back={t.givingStopKeep} onBack={() => setConfirming(false)} returnFocus={stopRef} />
          </div>
        ) : (
          <button ref={stopRef} type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(true)}>
            {t.givingStopButton}
          </button>
        )
      ) : null}
      {active && !gift.stopHere ? (
        <div className="giving-steps">
          <p>
            <strong>{t.givingPaypalStepsHeading}</strong>
          </p>
          <ol>
            <li>{t.givingPaypalStep1}</li>
            <li>{t.givingPaypalStep2}</li>
            <li>{t.givingPaypalStep3}</li>
          </ol>
          <a className="sipa-button sipa-button--secondary" href={PAYPAL_AUTOPAY_URL} rel="noopener">
            {t.givingPaypalLink}
          </a>
        </div>
      ) : null}
      {active && gift.stopHere && !confirming ? <ChangeAmount gift={gift} lang={lang} t={t} /> : null}
      {active && !gift.stopHere ? (
        <p className="giving-item__note">
          {t.givingChangeAmount} <a href={localizePath('/donate', lang)}>{t.givingStartNew}</a>
        </p>
      ) : null}
    </li>
  );
}

/** A new amount for a gift on PayPal's Subscriptions API: PayPal asks the donor to agree, then sends them back here. */

function ChangeAmount({ gift, lang, t }: { gift: Monthly; lang: Lang; t: T }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = `giving-amount-${gift.id}`;
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = parseTypedAmount(text, lang);
    if (!checked.ok) {
      setError(checked.message);
      return inputRef.current?.focus();
    }
    setError('');
    setBusy(true);
    const answer = await call(() => api.giving.monthly[':id'].amount.$post({ param: { id: gift.id }, json: { amount: formatAmount(checked.amount) } }, JSON_REQUEST));
    if (answer.ok && typeof answer.data.approveUrl === 'string') return location.assign(answer.data.approveUrl);
    setBusy(false);
    setError(answer.ok ? t.networkProblem : problemOf(answer));
    inputRef.current?.focus();
  }

  if (!open) {
    return (
      <button ref={buttonRef} type="button" className="sipa-button sipa-button--secondary" onClick={() => setOpen(true)}>
        {t.givingChangeButton}
      </button>
    );
  }
  return (
    <form className="giving-change" onSubmit={submit} noValidate>
      <div className="sipa-field">
        <label htmlFor={id}>{t.givingNewAmountLabel}</label>
        <input
          ref={inputRef}
          id={id}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-note`}
        />
        {error ? (
          <p className="sipa-field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
        <p className="giving-item__note" id={`${id}-note`}>
          {t.givingChangeNote}
        </p>
      </div>
      <ActionPair busy={busy} action={t.givingChangeContinue} back={t.givingChangeKeep} onBack={() => setOpen(false)} returnFocus={buttonRef} />
    </form>
  );
}
