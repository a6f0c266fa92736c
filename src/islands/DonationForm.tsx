import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useAdoptOnHydration } from './form-kit/hydration.ts';
import { DONATION_CUSTOM_MIN, DONATION_DEFAULT_AMOUNT, DONATION_MAX, DONATION_PRESETS, MONTHLY_GIVING_CIRCLE_MIN } from '../lib/constants.ts';
import {
  buildOrdersCheckout,
  buildPaypalCheckout,
  checkoutUrl,
  customField,
  DONATE_API_PATH,
  isPreset,
  itemName,
  notifyUrl,
  parseDonationAmount,
  paypalLocale,
  thankYouUrl,
  type AmountResult,
  type DonationCheckout,
  type PaypalSettings,
} from '../lib/paypal.ts';
import { formatCurrency } from '../lib/i18n/format.ts';
import { parseTypedAmount } from '../lib/typed-amount.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { fill, textsIn } from './form-kit/texts.ts';

/** The catalogue key of each preset's impact line. */
const IMPACT_TEXTS = { 25: 'donationImpact25', 50: 'donationImpact50', 100: 'donationImpact100', 250: 'donationImpact250' } as const satisfies Record<
  (typeof DONATION_PRESETS)[number],
  string
>;

export const DONATION_FORM_TEXTS = [
  'donationFormLabel',
  'donationHowOften',
  'donationMonthly',
  'donationOneTime',
  'donationCircleWelcome',
  'donationCircleInvite',
  'donationChooseAmount',
  'donationOtherAmount',
  'donationAmountPlaceholder',
  'donationMinimum',
  'donationSummaryEmpty',
  'donationSummary',
  'donationSummaryMonthly',
  'donationWherever',
  'donationOpening',
  'donationDonate',
  'donationDonateAmount',
  'donationDonateMonthly',
  'donationSecure',
  'donationShare',
  'donationShareTitle',
  'donationShareText',
  'donationNoAmount',
  'donationCustomInvalid',
  'donationTooLarge',
  ...Object.values(IMPACT_TEXTS),
] as const;


export interface DonationFormProps {
  /** Prefix for every id, so two forms can share a page. */
  idPrefix: string;
  orgName: string;
  business: string;
  sandbox: boolean;
  taxStatus: string;
  /** The site's public URL and this page's path: the return addresses before JavaScript runs. */
  siteUrl: string;
  pagePath: string;
  /** The page's language: the words, the amounts' format, PayPal's page (`lc`) and the thank-you page follow it. */
  lang: Lang;
  /** The amounts the form shows before anyone types one, written in `lang` (fixedAmountLabels). */
  amountLabels: Readonly<Record<number, string>>;
  /**
   * "standard" (default): the spec's Payments Standard form, posted to PayPal. "orders": the same
   * form posted to the API (DONATE_API_PATH), which sends the donor on to PayPal's approval page.
   */
  checkout?: DonationCheckout;
}

/** Every amount the form can show before a visitor types one: the presets, the minimum, the Giving Circle's and the maximum. */
const FIXED_AMOUNTS = [...DONATION_PRESETS, DONATION_CUSTOM_MIN, MONTHLY_GIVING_CIRCLE_MIN, DONATION_MAX];

/**
 * Those amounts written in `lang`, for the mount to hand over, so that the form builds no Intl
 * formatter while it hydrates (why: src/lib/i18n/format.ts). A typed amount is written in the
 * browser, once the visitor types it.
 */
export function fixedAmountLabels(lang: Lang): Record<number, string> {
  return Object.fromEntries(FIXED_AMOUNTS.map((amount) => [amount, formatCurrency(amount, lang)]));
}

type Selection = number | 'custom' | null;

/**
 * The choice already on screen when the script arrives: a typed Other amount wins (a preset is
 * preselected, so typing is the later, deliberate act), then the ticked preset.
 */
function readDonationChoice(form: HTMLFormElement, customInput: HTMLInputElement | null) {
  const custom = customInput?.value ?? '';
  const preset = form.querySelector<HTMLInputElement>('input[name="amount"]:checked')?.value;
  const selection: Selection = custom.trim() !== '' ? 'custom' : preset ? Number(preset) : null;
  const monthly = form.querySelector<HTMLInputElement>('input[data-frequency]:checked')?.value === 'monthly';
  return { selection, custom: selection === 'custom' ? custom : '', monthly };
}

/**
 * The donation form. The server renders a working one-time PayPal form (preset radios and the
 * hidden fields); once hydrated it adds the custom amount and monthly gifts, checks the amount,
 * and posts exactly the fields built by src/lib/paypal.ts.
 */
export default function DonationForm(props: DonationFormProps) {
  const { idPrefix: p, orgName, business, sandbox, taxStatus, siteUrl, pagePath, lang, amountLabels, checkout: mode = 'standard' } = props;
  const orders = mode === 'orders';
  const t = textsIn(lang, DONATION_FORM_TEXTS);
  const money = (amount: number) => amountLabels[amount] ?? formatCurrency(amount, lang);
  // The amount rules are parseDonationAmount's; their words are the page's language.
  const problem = (checked: Extract<AmountResult, { ok: false }>) =>
    checked.reason === 'missing'
      ? t.donationNoAmount
      : checked.reason === 'too-large'
        ? fill(t.donationTooLarge, { max: money(DONATION_MAX) })
        : t.donationCustomInvalid;
  const lc = paypalLocale(lang);
  const config: PaypalSettings = { name: orgName, paypal: { business, sandbox } };
  const [ready, setReady] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [selection, setSelection] = useState<Selection>(DONATION_DEFAULT_AMOUNT);
  const [custom, setCustom] = useState('');
  const [monthly, setMonthly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const firstPreset = useRef<HTMLInputElement>(null);
  const customInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptOnHydration(formRef, (form) => {
    const chosen = readDonationChoice(form, customInput.current);
    setSelection(chosen.selection);
    setCustom(chosen.custom);
    setMonthly(chosen.monthly);
  });

  useEffect(() => {
    setReady(true);
    setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function');
    // Coming back from PayPal with the browser's back button restores the page as it was left.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const result: AmountResult =
    selection === 'custom' ? parseTypedAmount(custom, lang) : parseDonationAmount(selection === null ? null : selection);
  const amount = result.ok ? result.amount : null;
  const errorId = `${p}-error`;
  const customHintId = `${p}-custom-hint`;
  const summaryId = `${p}-summary`;
  const customInvalid = error !== null && selection === 'custom';

  function choosePreset(event: ChangeEvent<HTMLInputElement>) {
    setSelection(Number(event.target.value));
    setCustom('');
    setError(null);
  }

  function typeCustom(event: ChangeEvent<HTMLInputElement>) {
    setCustom(event.target.value);
    setSelection('custom');
    if (error && parseTypedAmount(event.target.value, lang).ok) setError(null);
  }

  function checkCustom() {
    if (selection === 'custom' && custom !== '') {
      const checked = parseTypedAmount(custom, lang);
      setError(checked.ok ? null : problem(checked));
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!result.ok) {
      const message = problem(result);
      setError(message);
      window.alert(message);
      (selection === 'custom' ? customInput.current : firstPreset.current)?.focus();
      return;
    }
    const checkout = orders
      ? buildOrdersCheckout({ amount: result.amount, monthly, currentPath: `${window.location.pathname}${window.location.search}`, lang })
      : buildPaypalCheckout({
          amount: result.amount,
          monthly,
          origin: window.location.origin,
          currentUrl: window.location.href.split('#')[0]!,
          config,
          lang,
        });
    const form = document.createElement('form');
    form.method = 'post';
    form.action = checkout.action;
    form.hidden = true;
    for (const [name, value] of checkout.fields) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    setSubmitting(true);
    form.submit();
  }

  async function share() {
    try {
      await navigator.share({
        title: fill(t.donationShareTitle, { org: orgName }),
        text: fill(t.donationShareText, { org: orgName }),
        url: new URL(pagePath.startsWith(`/${lang}/`) ? `/${lang}/donate` : '/donate', window.location.origin).toString(),
      });
    } catch {
      // The visitor closed the share sheet, or the device refused: nothing to do.
    }
  }

  const impact = amount !== null && isPreset(amount) ? t[IMPACT_TEXTS[amount]] : null;
  const summary =
    amount === null
      ? t.donationSummaryEmpty
      : fill(monthly ? t.donationSummaryMonthly : t.donationSummary, { amount: money(amount), impact: impact ?? t.donationWherever });
  const circle = monthly && amount !== null && amount >= MONTHLY_GIVING_CIRCLE_MIN;
  const disabled = ready && amount === null;
  // Before hydration (and without JavaScript) the label cannot follow the tiles: plain 'Donate'.
  const label = submitting
    ? t.donationOpening
    : !ready || amount === null
      ? t.donationDonate
      : fill(monthly ? t.donationDonateMonthly : t.donationDonateAmount, { amount: money(amount) });

  return (
    <>
      <form
        ref={formRef}
        className="donation"
        method="post"
        action={orders ? DONATE_API_PATH : checkoutUrl(config)}
        noValidate={ready}
        onSubmit={submit}
        aria-label={t.donationFormLabel}
        data-ready={ready ? 'true' : undefined}
      >
        {/* Used only when the form posts without JavaScript: a one-time gift of the chosen preset. */}
        {orders ? (
          <>
            <input type="hidden" name="lang" value={lang} />
            <input type="hidden" name="page" value={pagePath} />
          </>
        ) : (
          <>
            <input type="hidden" name="cmd" value="_donations" />
            <input type="hidden" name="business" value={business} />
            <input type="hidden" name="currency_code" value="USD" />
            <input type="hidden" name="item_name" value={itemName(config, false)} />
            <input type="hidden" name="return" value={thankYouUrl(siteUrl, null, false, lang)} />
            <input type="hidden" name="cancel_return" value={`${siteUrl}${pagePath}`} />
            {lc ? <input type="hidden" name="lc" value={lc} /> : null}
            <input type="hidden" name="notify_url" value={notifyUrl(siteUrl)} />
            <input type="hidden" name="custom" value={customField(lang)} />
          </>
        )}

        <fieldset className="donation__group donation__frequency donation__enhanced" aria-describedby={`${p}-monthly-hint`}>
          <legend className="donation__legend">{t.donationHowOften}</legend>
          <div className="donation__segments">
            {(['one-time', 'monthly'] as const).map((value) => (
              <label className="donation__segment" key={value} htmlFor={`${p}-frequency-${value}`}>
                <input
                  id={`${p}-frequency-${value}`}
                  className="donation__segment-input"
                  type="radio"
                  name={`${p}-frequency`}
                  // Owned by no form, so a post before hydration (or without JavaScript, which
                  // cannot start a subscription) never sends it to PayPal.
                  form={`${p}-frequency-only`}
                  data-frequency=""
                  value={value}
                  checked={monthly === (value === 'monthly')}
                  onChange={() => setMonthly(value === 'monthly')}
                />
                <span>{value === 'monthly' ? t.donationMonthly : t.donationOneTime}</span>
              </label>
            ))}
          </div>
          <p className="donation__hint" id={`${p}-monthly-hint`}>
            {fill(circle ? t.donationCircleWelcome : t.donationCircleInvite, { min: money(MONTHLY_GIVING_CIRCLE_MIN) })}
          </p>
        </fieldset>

        <fieldset className="donation__group" aria-describedby={error && !customInvalid ? errorId : undefined}>
          <legend className="donation__legend">{t.donationChooseAmount}</legend>
          <div className="donation__tiles">
            {DONATION_PRESETS.map((preset, index) => (
              <label className="donation__tile sipa-tick" key={preset}>
                <input
                  ref={index === 0 ? firstPreset : undefined}
                  className="donation__tile-input"
                  type="radio"
                  name="amount"
                  id={`${p}-amount-${preset}`}
                  value={preset}
                  checked={selection === preset}
                  onChange={choosePreset}
                  required={!ready}
                  aria-labelledby={`${p}-amount-${preset}-label`}
                  aria-describedby={`${p}-amount-${preset}-impact`}
                  aria-invalid={error !== null && !customInvalid ? true : undefined}
                />
                <span className="donation__tile-amount" id={`${p}-amount-${preset}-label`}>
                  {money(preset)}
                </span>
                <span className="donation__tile-impact" id={`${p}-amount-${preset}-impact`}>
                  {t[IMPACT_TEXTS[preset]]}
                </span>
              </label>
            ))}
          </div>

          <div className="donation__custom donation__enhanced">
            <label className="donation__custom-label" htmlFor={`${p}-custom`}>
              {t.donationOtherAmount}
            </label>
            <div className={`donation__money${selection === 'custom' ? ' donation__money--active' : ''}`}>
              <span className="donation__currency" aria-hidden="true">
                $
              </span>
              <input
                ref={customInput}
                id={`${p}-custom`}
                className="donation__custom-input"
                // Text, not number: a number field reads '40,50' by the browser's locale (as 4050 in
                // an English browser); the page's language reads it here (src/lib/typed-amount.ts).
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder={t.donationAmountPlaceholder}
                value={custom}
                required={selection === 'custom'}
                onChange={typeCustom}
                onFocus={() => custom !== '' && setSelection('custom')}
                onBlur={checkCustom}
                aria-invalid={customInvalid ? true : undefined}
                aria-describedby={customInvalid ? `${errorId} ${customHintId}` : customHintId}
              />
            </div>
            <p className="donation__hint" id={customHintId}>
              {fill(t.donationMinimum, { min: money(DONATION_CUSTOM_MIN) })}
            </p>
          </div>
        </fieldset>

        <p className="donation__error sipa-field-error" id={errorId} role="alert">
          {error}
        </p>

        <p className="donation__summary donation__enhanced" id={summaryId} aria-live="polite">
          {summary}
        </p>

        <button
          className="sipa-button donation__submit"
          type="submit"
          aria-disabled={disabled ? true : undefined}
          aria-describedby={summaryId}
        >
          {label}
        </button>

        <div className="donation__footer">
          <p className="donation__secure">
            <svg className="donation__lock" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M10 1.5a4.5 4.5 0 0 0-4.5 4.5v2H5a2 2 0 0 0-2 2v6.5a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2h-.5V6A4.5 4.5 0 0 0 10 1.5Zm-2.5 4.5a2.5 2.5 0 0 1 5 0v2h-5V6Z"
              />
            </svg>
            <span>{fill(t.donationSecure, { org: orgName, taxStatus })}</span>
          </p>
          {canShare && (
            <button type="button" className="sipa-button sipa-button--secondary donation__share" onClick={share}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M15 13a2.5 2.5 0 0 0-1.9.9L7.4 11a2.6 2.6 0 0 0 0-2l5.7-2.9A2.5 2.5 0 1 0 12.5 4.5c0 .2 0 .4.1.5L6.9 7.9a2.5 2.5 0 1 0 0 4.2l5.7 2.9-.1.5A2.5 2.5 0 1 0 15 13Z"
                />
              </svg>
              {t.donationShare}
            </button>
          )}
        </div>
      </form>
      {/* The frequency switch's own form, never sent: its radios stay out of the gift's post. */}
      <form id={`${p}-frequency-only`} hidden />
    </>
  );
}
