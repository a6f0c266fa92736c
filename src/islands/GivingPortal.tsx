/**
 * "Manage my giving" (/manage-giving): a donor asks for a link with their address (a real form:
 * without JavaScript it posts and lands on /manage-giving/sent); the mailed link brings them back
 * with ?token=, and only pressing "Open my giving" uses it (mail scanners that fetch links use up
 * nothing). Then their gifts with the receipts, the yearly statements and each monthly gift,
 * which can be stopped here when it runs on PayPal's Subscriptions API, or on PayPal's page with
 * the exact steps when it runs on Payments Standard.
 */
import { useEffect, useRef, useState } from 'react';
import type { DonorGiving } from '../../api/src/donations/donor-portal.ts';
import { newsletterSchema as givingLinkSchema } from '../../api/src/schemas.ts';
import { formatCurrency, formatDate } from '../lib/i18n/format.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { localizePath } from '../lib/i18n/paths.ts';
import { PAYPAL_AUTOPAY_URL } from '../lib/constants.ts';
import { formatAmount } from '../lib/paypal.ts';
import { parseTypedAmount } from '../lib/typed-amount.ts';
import { ORGANISATION_TIME_ZONE } from '../lib/organisation-calendar.ts';
import { api } from '../lib/api-client.ts';
import { JSON_REQUEST, call, problemOf } from './api-call.ts';
import { Honeypot } from './form-kit/fields.tsx';
import { useFormFlow } from './form-kit/flow.ts';
import { Alert, LangField, Spinner } from './form-kit/frame.tsx';
import { useHydrated } from './form-kit/hydration.ts';
import { FORM_KIT_TEXTS, FormKitWords, textsIn, type Texts } from './form-kit/texts.ts';
import { WayForward } from './way-forward.tsx';


export const GIVING_PORTAL_TEXTS = [
  ...FORM_KIT_TEXTS,
  'givingEmailLabel',
  'givingSendLink',
  'givingOpenTitle',
  'givingOpenText',
  'givingOpenButton',
  'givingYourGiving',
  'givingSignedInAs',
  'givingSignOut',
  'givingAskAgain',
  'givingMonthlyHeading',
  'givingMonthlyNone',
  'givingPerMonth',
  'givingStatusActive',
  'givingStatusCancelled',
  'givingStatusEnded',
  'givingSince',
  'givingLastPayment',
  'givingStoppedOn',
  'givingStopButton',
  'givingStopConfirm',
  'givingStopYes',
  'givingStopKeep',
  'givingPaypalStepsHeading',
  'givingPaypalStep1',
  'givingPaypalStep2',
  'givingPaypalStep3',
  'givingPaypalLink',
  'givingChangeAmount',
  'givingStartNew',
  'givingGiftsHeading',
  'givingGiftsNone',
  'givingStatusPending',
  'givingStatusRefunded',
  'givingStatusFailed',
  'givingPartRefunded',
  'givingReceiptLink',
  'givingStatementsHeading',
  'givingStatementsNone',
  'givingStatementLink',
  'givingStatementSoFar',
  'mailReceiptOneTime',
  'mailReceiptMonthly',
  'givingLinkInvalid',
  'givingChangeButton',
  'givingNewAmountLabel',
  'givingChangeContinue',
  'givingChangeNote',
  'givingChangeKeep',
  'givingAmountChanged',
  'networkProblem',
] as const;
type T = Texts<(typeof GIVING_PORTAL_TEXTS)[number]>;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));

type View = { name: 'ask' } | { name: 'ready'; token: string } | { name: 'opening' } | { name: 'giving'; giving: DonorGiving } | { name: 'checking' };

export default function GivingPortal({ lang }: { lang: Lang }) {
  const t = textsIn(lang, GIVING_PORTAL_TEXTS);
  const [view, setView] = useState<View>({ name: 'ask' });
  const [problem, setProblem] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();

  async function loadGiving(): Promise<boolean> {
    const answer = await call(() => api.giving.me.$get({}, JSON_REQUEST));
    if (!answer.ok) return false;
    setView({ name: 'giving', giving: answer.data as DonorGiving });
    return true;
  }

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    if (token) return setView({ name: 'ready', token });
    // A session opened earlier in this browser (a reload, the back button) shows the giving again.
    setView({ name: 'checking' });
    void loadGiving().then((shown) => shown || setView({ name: 'ask' }));
  }, []);

  useEffect(() => {
    if (view.name === 'giving' || view.name === 'ready') headingRef.current?.focus();
  }, [view.name]);

  async function open(token: string) {
    setProblem('');
    setView({ name: 'opening' });
    const answer = await call(() => api.giving.open.$post({ json: { token } }, JSON_REQUEST));
    // The token has done its work (or cannot): keep it out of history and referrers.
    history.replaceState(null, '', location.pathname);
    if (!answer.ok) {
      setProblem(answer.status === 400 ? t.givingLinkInvalid : problemOf(answer));
      return setView({ name: 'ask' });
    }
    if (!(await loadGiving())) {
      setProblem(t.networkProblem);
      setView({ name: 'ask' });
    }
  }

  async function signOut() {
    await call(() => api.giving['sign-out'].$post({}, JSON_REQUEST));
    setView({ name: 'ask' });
  }

  return (
    <FormKitWords.Provider value={t}>
      <div className="giving-portal" data-view={view.name} data-hydrated={hydrated || undefined}>
        {problem ? (
          <Alert tone="error">
            <p>{problem}</p>
          </Alert>
        ) : null}
        {view.name === 'ready' || view.name === 'opening' ? (
          <section className="giving-card" aria-labelledby="giving-open-title">
            <h2 id="giving-open-title" ref={headingRef} tabIndex={-1}>
              {t.givingOpenTitle}
            </h2>
            <p>{t.givingOpenText}</p>
            <button type="button" className="sipa-button" disabled={view.name === 'opening'} onClick={() => view.name === 'ready' && void open(view.token)}>
              {view.name === 'opening' ? <Spinner /> : null}
              <span>{t.givingOpenButton}</span>
            </button>
          </section>
        ) : view.name === 'giving' ? (
          <GivingView giving={view.giving} lang={lang} t={t} headingRef={headingRef} onSignOut={signOut} onChanged={loadGiving} />
        ) : (
          <AskForLink lang={lang} t={t} busy={view.name === 'checking'} />
        )}
      </div>
    </FormKitWords.Provider>
  );
}

function AskForLink({ lang, t, busy }: { lang: Lang; t: T; busy: boolean }) {
  const hydrated = useHydrated();
  const flow = useFormFlow({ schema: givingLinkSchema, endpoint: api.giving.link, initial: { email: '' }, lang, texts: t, failure: (result) => problemOf(result as never) });
  const error = flow.errors.email;
  const submitting = flow.status === 'submitting';
  return (
    <form ref={flow.formRef} className="giving-card giving-ask" method="post" action={api.giving.link.$path()} noValidate={hydrated} onSubmit={flow.submit} aria-busy={busy || undefined}>
      <Honeypot idPrefix="giving" />
      <LangField lang={lang} />
      <div className="sipa-field">
        <label htmlFor="giving-email">{t.givingEmailLabel}</label>
        <input
          id="giving-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={flow.values.email}
          onChange={(event) => flow.setValue('email', event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'giving-email-error' : 'giving-status'}
        />
        {error ? (
          <p className="sipa-field-error" id="giving-email-error">
            {error}
          </p>
        ) : null}
      </div>
      <button className="sipa-button" type="submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        <span>{t.givingSendLink}</span>
      </button>
      <div id="giving-status" aria-live="polite">
        {flow.status === 'success' ? (
          <Alert tone="success">
            <p>{flow.successMessage}</p>
          </Alert>
        ) : null}
      </div>
      {flow.status === 'error' ? (
        <Alert tone="error">
          <p>{flow.alert}</p>
          <WayForward />
        </Alert>
      ) : null}
    </form>
  );
}

interface GivingViewProps {
  giving: DonorGiving;
  lang: Lang;
  t: T;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSignOut: () => void;
  onChanged: () => Promise<boolean>;
}

function GivingView({ giving, lang, t, headingRef, onSignOut, onChanged }: GivingViewProps) {
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

type Monthly = DonorGiving['monthly'][number];

function MonthlyGift({ gift, lang, t, money, date, statusLabel, onChanged }: { gift: Monthly; lang: Lang; t: T; money: (cents: number) => string; date: (iso: string | null) => string; statusLabel: string; onChanged: () => Promise<boolean> }) {
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
            <div className="giving-actions">
              <button ref={yesRef} type="button" className="sipa-button sipa-button--danger" disabled={busy} onClick={() => void stop()}>
                {busy ? <Spinner /> : null}
                <span>{t.givingStopYes}</span>
              </button>
              <button
                type="button"
                className="sipa-button sipa-button--secondary"
                disabled={busy}
                onClick={() => {
                  setConfirming(false);
                  requestAnimationFrame(() => stopRef.current?.focus());
                }}
              >
                {t.givingStopKeep}
              </button>
            </div>
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
      <div className="giving-actions">
        <button type="submit" className="sipa-button" disabled={busy}>
          {busy ? <Spinner /> : null}
          <span>{t.givingChangeContinue}</span>
        </button>
        <button
          type="button"
          className="sipa-button sipa-button--secondary"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            requestAnimationFrame(() => buttonRef.current?.focus());
          }}
        >
          {t.givingChangeKeep}
        </button>
      </div>
    </form>
  );
}
