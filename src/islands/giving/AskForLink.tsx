/** The request for a one-time link: a real form that posts without JavaScript (to /manage-giving/sent), enhanced here. */
import { newsletterSchema as givingLinkSchema } from '../../../api/src/schemas.ts';
import { api } from '../../lib/api-client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { problemOf } from '../api-call.ts';
import { EmailField, Honeypot } from '../form-kit/fields.tsx';
import { bindField, useFormFlow } from '../form-kit/flow.ts';
import { Alert, LangField, Spinner } from '../form-kit/frame.tsx';
import { useHydrated } from '../form-kit/hydration.ts';
import { WayForward } from '../way-forward.tsx';
import type { GivingTexts as T } from './texts.ts';

export function AskForLink({ lang, t, busy }: { lang: Lang; t: T; busy: boolean }) {
  const hydrated = useHydrated();
  const flow = useFormFlow({ schema: givingLinkSchema, endpoint: api.giving.link, initial: { email: '' }, lang, texts: t, failure: (result) => problemOf(result as never) });
  const submitting = flow.status === 'submitting';
  return (
    <form ref={flow.formRef} className="giving-card giving-ask" method="post" action={api.giving.link.$path()} noValidate={hydrated} onSubmit={flow.submit} aria-busy={busy || undefined}>
      <Honeypot idPrefix="giving" />
      <LangField lang={lang} />
      <EmailField {...bindField(flow, 'giving')('email')} label={t.givingEmailLabel} />
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
