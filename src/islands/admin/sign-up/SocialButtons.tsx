/**
 * "Sign In with Google" and the others: one button per provider the server has credentials for.
 * A click asks the API for the provider's address and goes there; the provider sends the browser
 * back to /admin, or to /admin/login?error=… with the spec's message. In `link` mode (the Account
 * section) the same buttons link a provider's account to the signed-in member instead.
 */
import { useState } from 'react';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';
import { JSON_REQUEST, api } from '../../../lib/api-client.ts';
import { call, problemOf } from '../../api-call.ts';

const SUPPORTED = new Set(['amazon', 'apple', 'facebook', 'google']);

export function SocialButtons({ providers, onProblem, mode = 'sign-in' }: { providers: Array<{ id: string; name: string }>; onProblem: (text: string) => void; mode?: 'sign-in' | 'link' }) {
  const [going, setGoing] = useState('');
  if (!providers.length) return null;

  async function go(id: string) {
    if (!SUPPORTED.has(id)) {
      // The spec: an unsupported social provider is logged to the console.
      console.error(`Unsupported social provider: ${id}`);
      onProblem(SELF_SERVICE_TEXT.unsupportedProvider);
      return;
    }
    setGoing(id);
    const answer = await call(() => (mode === 'link' ? api.auth.link.social : api.auth['sign-in'].social).$post({ json: { provider: id } }, JSON_REQUEST));
    if (answer.status === 200 && typeof answer.body.url === 'string') {
      location.assign(answer.body.url);
      return;
    }
    setGoing('');
    onProblem(problemOf(answer));
  }

  return (
    <div className="staff-social">
      {mode === 'sign-in' ? (
        <p className="staff-social__or">
          <span>or</span>
        </p>
      ) : null}
      <ul className="staff-social__list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className={`sipa-button sipa-button--secondary staff-social__button staff-social__button--${provider.id}`}
              disabled={going !== ''}
              aria-busy={going === provider.id || undefined}
              onClick={() => void go(provider.id)}
            >
              {going === provider.id ? <span className="form-spinner" aria-hidden="true" /> : null}
              {mode === 'link' ? `Link ${provider.name}` : `Sign In with ${provider.name}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
